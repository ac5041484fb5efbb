// Accounts: several services in one tray. Their schedule ids are unique per service only, so wherever a schedule is
// a key across accounts (views, IPC requests, reminder and calendar records, drafts) it is named by a ref: the
// account's id and the schedule's id. The account upgraded from a single-service settings file (MAIN_ACCOUNT_ID)
// keeps its plain schedule ids as refs, so its fired reminders, calendar UIDs and drafts carry over unchanged.
/** The account an upgraded single-service settings file becomes: its records keep their keys (see scheduleRef). No
 *  zod here, so the renderer's bundle may import this module. */
export const MAIN_ACCOUNT_ID = 'main';

const SEPARATOR = ':';

/** The name of a schedule across accounts. */
export function scheduleRef(accountId: string, scheduleId: string): string {
  return accountId === MAIN_ACCOUNT_ID ? scheduleId : `${accountId}${SEPARATOR}${scheduleId}`;
}

/** The account and schedule a ref names (a plain id belongs to the main account). */
export function refParts(ref: string): { accountId: string; scheduleId: string } {
  const at = ref.indexOf(SEPARATOR);
  return at < 0
    ? { accountId: MAIN_ACCOUNT_ID, scheduleId: ref }
    : { accountId: ref.slice(0, at), scheduleId: ref.slice(at + SEPARATOR.length) };
}

/** The environment variable that gives an account's key to headless runs when there are several accounts. */
export function accountKeyVariable(accountId: string): string {
  return `ONCALL_API_KEY_${accountId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** An address as it may be shown: without user info (a user:password@ in it is never shown or logged). */
export function displayAddress(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    // A query or fragment may hold a token: the address shown is the service's, without them.
    url.search = '';
    url.hash = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return baseUrl === '' ? '' : 'an address that is not a URL';
  }
}

/** A new account's id from its name: lower-case letters, digits and dashes, unique among `taken`. */
export function newAccountId(label: string, taken: readonly string[]): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24) || 'account';
  // "main" belongs to the account upgraded from a single-service file: a new account never takes it.
  let id = base === MAIN_ACCOUNT_ID ? `${base}-2` : base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** My e-mail on an account, lower-cased ('' when not set): how "me" is found in that account's shifts. */
export function myEmailOn(state: { accounts: readonly { id: string; email: string }[] }, accountId: string): string {
  return (state.accounts.find((a) => a.id === accountId)?.email ?? '').trim().toLowerCase();
}

/** What names a schedule (or a row of its) to the user: "Work · Platform primary" while there are several accounts,
 *  the bare name with one (nothing changes for a single service). */
export function withAccount(
  state: { accounts: readonly { id: string; label: string }[] },
  accountId: string,
  name: string,
): string {
  if (state.accounts.length < 2) return name;
  const label = state.accounts.find((a) => a.id === accountId)?.label;
  return label === undefined ? name : `${label} · ${name}`;
}

/** A team or a coverage request across accounts: named like a schedule (`acme:tea_…`, the main account's plain). */
export const teamRef = (accountId: string, teamId: string): string => scheduleRef(accountId, teamId);
export const requestRef = (accountId: string, requestId: string): string => scheduleRef(accountId, requestId);

/** The accounts that can't be read yet (no address, key or schedule), in the user's order: "Set up…" and
 *  onboarding open one of these, by its id, never "the first account". */
export function accountsNeedingSetup<A extends { id: string; sync: { kind: string } }>(state: {
  accounts: readonly A[];
}): A[] {
  return state.accounts.filter((a) => a.sync.kind === 'needs_setup');
}

/** The view parameters that open onboarding on the first account needing setup (none while there is no account). */
export function setupParams(state: {
  accounts: readonly { id: string; sync: { kind: string } }[];
}): Record<string, string> | undefined {
  const first = accountsNeedingSetup(state)[0];
  return first ? { account: first.id } : undefined;
}
