// The services' names, addresses and e-mails a settings save sets, checked in main in the words the forms show
// beside each field (electron/shared/account-checks.ts): the renderer holds no second copy of these rules.
import { addressProblem, identityProblems } from '../../shared/account-checks';
import type { Settings, SettingsPatch } from '../../shared/settings';
import { failure, type Failure } from '../actions/common';
import { sameServiceProblem } from './same-service-check';

type Problem = { field: string; message: string };

/**
 * Settings' services: what a save changes or adds is judged (each needs a name, which may not be one above it, so
 * every name from the first one changed on); what is saved already is not judged again, so a hand-edited address or
 * an account never set up blocks no other change (removing a service sends the rest as saved).
 */
function listProblems(stored: Settings, accounts: NonNullable<SettingsPatch['accounts']>): Problem[] {
  const problems: Problem[] = [];
  let renamed = false;
  accounts.forEach((a, i) => {
    const saved = stored.accounts.find((s) => s.id === a.id);
    renamed ||= saved?.label !== a.label;
    // Every service needs a name (the form names a first run's only one after its host before it sends it).
    const found = identityProblems(
      a,
      true,
      accounts.slice(0, i).map((b) => b.label),
    );
    for (const [field, message] of Object.entries(found)) {
      const key = field === 'email' ? 'email' : 'baseUrl';
      const unchanged = field === 'label' ? !renamed : saved !== undefined && saved[key] === a[key];
      if (!unchanged) problems.push({ field: `accounts.${i}.${field}`, message });
    }
    // A service added, or moved to another's address and e-mail, is refused as "Add another service" refuses it
    // (adv48 r26: Settings saved address// beside address, and the two were planned and written apart).
    const moved = saved === undefined || saved.baseUrl !== a.baseUrl || saved.email !== a.email;
    const same =
      moved && !found.baseUrl
        ? sameServiceProblem(
            accounts.filter((b) => b !== a),
            a,
          )
        : undefined;
    if (same) problems.push({ field: `accounts.${i}.baseUrl`, message: same });
  });
  return problems;
}

/** One account's change (onboarding's steps): the name and e-mail it sets, judged as typed (the IPC edge checks
 *  their lengths only since the forms' checks moved here). */
function oneProblems(a: NonNullable<SettingsPatch['account']>): Problem[] {
  const found = identityProblems(
    { label: a.label ?? '', baseUrl: '', email: a.email ?? '' },
    a.label !== undefined,
    [],
  );
  const sent = (field: string) => (field === 'label' ? a.label : field === 'email' ? a.email : undefined);
  return Object.entries(found)
    .filter(([field]) => sent(field) !== undefined)
    .map(([field, message]) => ({ field: `account.${field}`, message }));
}

/** The problems of what a save sets, in the forms' words, or undefined when all is well. One account's change
 *  setting its address (onboarding's address step) is judged as typed, an empty one too. */
export function identityRefusal(stored: Settings, patch: SettingsPatch): Failure | undefined {
  const problems = patch.accounts ? listProblems(stored, patch.accounts) : [];
  if (patch.account) problems.push(...oneProblems(patch.account));
  const address = patch.account?.baseUrl === undefined ? undefined : addressProblem(patch.account.baseUrl);
  if (address) problems.push({ field: 'account.baseUrl', message: address });
  if (problems.length === 0) return undefined;
  return failure('validation', `Please fix: ${problems.map((p) => p.message).join(' ')}`, problems);
}
