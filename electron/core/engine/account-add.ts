// "Add another service" = check, then save. The address, the key and every schedule are checked with that service
// (a client made for this check alone, closed after it) before anything is written; only then is the key put in the
// keychain under the new account's entry and the account saved. A failure at any step leaves nothing behind: no
// settings entry, no keychain entry (a key stored before a failed settings save is deleted again). Each problem is
// named on the form's field it belongs to, so the form keeps what was typed and points at what to fix.
import { createClient as createRealClient } from '../../api/client';
import type { ClientOptions, OncallClient } from '../../api/client-types';
import type { ApiError } from '../../api/errors';
import { newAccountId } from '../../shared/accounts';
import { checkBaseUrl } from '../../shared/base-url';
import { AccountAddRequestSchema, type AccountAddRequest } from '../../shared/action-schemas';
import type { ResponseOf } from '../../shared/ipc-contract';
import { newAccountProblems, scheduleIdsIn } from '../../shared/account-checks';
import { extractScheduleId, type Account, type WatchedSchedule } from '../../shared/settings';
import { failure, guarded, type Failure } from '../actions/common';
import type { Clock, SecretStore } from '../ports';
import { formWords } from '../actions/form-wait';
import type { UnreadAt } from '../actions/unread-words';
import { ApiKeySchema, KEY_RULE } from './keys';
import { keychainEntries } from '../../shared/accounts';
import { sameServiceProblem } from './same-service-check';
import type { SettingsHolder } from './settings';

export type AddField = 'label' | 'baseUrl' | 'key' | 'email' | 'schedules';

export interface AccountAddParts {
  settings: () => SettingsHolder;
  secrets: SecretStore;
  createClient?: (options: ClientOptions) => OncallClient;
  /** The app's clock (a Retry-After date is read against it) and zone: a wait is said as the tray says it. */
  clock?: Clock;
  localZone?: () => string;
}

type Answer = ResponseOf<'account:add'>;
type Problem = { field: AddField; message: string };

const problemsOf = (list: Problem[]): Failure =>
  failure('validation', `Please fix: ${list.map((p) => p.message).join(' ')}`, list);

/**
 * What can be told without asking the service: the form's own rules (names, address, e-mail, key, an id of at most
 * 128 in every entry; electron/shared/account-checks.ts, in the words the form shows), then the same service twice
 * and the key's form.
 */
function checkLocally(request: AccountAddRequest, accounts: readonly Account[]): Problem[] {
  const found = newAccountProblems(
    request,
    accounts.map((a) => a.label),
  );
  if (!found.baseUrl && checkBaseUrl(request.baseUrl).ok) {
    // The one rule of "the same service" (shared/service-identity.ts), as Settings' save applies it.
    const same = sameServiceProblem(accounts, { baseUrl: request.baseUrl.trim(), email: request.email });
    if (same) found.baseUrl = same;
  }
  if (!found.key && !ApiKeySchema.safeParse(request.key).success) found.key = `The API key ${KEY_RULE}.`;
  return ADD_FIELDS.flatMap((field) => (found[field] ? [{ field, message: found[field] }] : []));
}

const ADD_FIELDS: readonly AddField[] = ['label', 'baseUrl', 'email', 'key', 'schedules'];

/** Which field a failed read is about: a refused key, an address that is not reached or not the on-call API. */
function fieldOf(error: ApiError, probe: boolean): AddField | undefined {
  switch (error.kind) {
    case 'unauthorized':
    case 'forbidden':
      return 'key';
    case 'network':
    case 'timeout':
      return 'baseUrl';
    case 'not_found':
    case 'bad_response':
      return probe ? 'baseUrl' : 'schedules';
    default:
      return undefined;
  }
}

const NOT_THE_API =
  'This address answers, but not as the on-call API (its coverage requests are not there): check its path, e.g. https://oncall.example.com/api.';

/** The probe (the key and the API at this address), then each schedule: what they are called, or the problems. */
async function checkWithService(
  client: OncallClient,
  entries: string[],
  at: () => UnreadAt,
): Promise<{ ok: true; schedules: WatchedSchedule[] } | { ok: false; failure: Failure }> {
  const probe = await client.listCoverageRequests({ per_page: 1 });
  if (!probe.ok) {
    const field = fieldOf(probe.error, true);
    const notApi = probe.error.kind === 'not_found' || probe.error.kind === 'bad_response';
    // A busy or failing service's wait names the time it asked for, as the tray says it (adv47 r35 #1, #2).
    const message = notApi ? NOT_THE_API : formWords(probe.error, at());
    return { ok: false, failure: field ? problemsOf([{ field, message }]) : failure(probe.error.kind, message) };
  }
  const schedules: WatchedSchedule[] = [];
  const problems: Problem[] = [];
  for (const entry of entries) {
    const id = extractScheduleId(entry) ?? entry;
    if (schedules.some((s) => s.id === id)) continue;
    const found = await client.getSchedule(id);
    if (found.ok) schedules.push(found.value.name ? { id, name: found.value.name } : { id });
    else {
      const field = fieldOf(found.error, false);
      const said = formWords(found.error, at());
      if (!field) return { ok: false, failure: failure(found.error.kind, `${id}: ${said}`) };
      problems.push({ field, message: `${id}: ${said}` });
    }
  }
  return problems.length > 0 ? { ok: false, failure: problemsOf(problems) } : { ok: true, schedules };
}

export function accountAdd(parts: AccountAddParts) {
  const make = parts.createClient ?? createRealClient;
  return async (request: AccountAddRequest): Promise<Answer> =>
    guarded(async () => {
      const parsed = AccountAddRequestSchema.safeParse(request);
      if (!parsed.success) return failure('validation', parsed.error.issues[0]?.message ?? 'Please fix the form.');
      const asked = parsed.data;
      const accounts = parts.settings().stored().accounts;
      const local = checkLocally(asked, accounts);
      const url = checkBaseUrl(asked.baseUrl);
      if (local.length > 0 || !url.ok) return problemsOf(local);
      const baseUrl = asked.baseUrl.trim();
      const key = asked.key.trim();
      const now = (): number => parts.clock?.now() ?? Date.now();
      const client = make({ baseUrl, getApiKey: () => key, now });
      const at = (): UnreadAt => ({ nowMs: now(), localZone: parts.localZone?.() ?? 'UTC' });
      let checked: Awaited<ReturnType<typeof checkWithService>>;
      try {
        checked = await checkWithService(client, scheduleIdsIn(asked.schedules).ids, at);
      } finally {
        client.close();
      }
      if (!checked.ok) return checked.failure;
      const label = asked.label.trim();
      const account: Account = {
        id: newAccountId(
          label,
          accounts.map((a) => a.id),
        ),
        label,
        baseUrl,
        email: asked.email.trim(),
        schedules: checked.schedules,
      };
      return save(parts, account, key, url.value.host);
    });
}

/** The key first (the new session reads it when it starts), then the account; a failed save takes the key back. */
async function save(parts: AccountAddParts, account: Account, key: string, host: string): Promise<Answer> {
  const entry = keychainEntries(account.id, host).own;
  const stored = await parts.secrets.set(entry, key);
  if (!stored.ok)
    return problemsOf([{ field: 'key', message: `The key could not be stored: ${stored.error.message}` }]);
  const holder = parts.settings();
  const saved = await holder.update({ accounts: [...holder.stored().accounts, account] });
  if (!saved.ok) {
    await parts.secrets.delete(entry);
    return saved;
  }
  const added = saved.value.accounts.find((a) => a.id === account.id);
  return added ? { ok: true, value: added } : failure('internal', 'The service was not added. Please try again.');
}
