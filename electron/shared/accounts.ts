// Accounts: several services in one tray. Which account a thing belongs to is a type, formed and parsed here only
// (an account's own id in ./account-names.ts, re-exported here).
// Schedule, coverage-request and team ids are unique per service only, so wherever one is a key across accounts
// (views, IPC requests, reminder and calendar records, drafts) it is named by a ref: the account's id and its own id.
//
// The one rule that is not uniform lives here too: the account upgraded from a single-service settings file
// (MAIN_ACCOUNT_ID) is unprefixed in the namespaces a single-service version wrote (schedule refs, reminder record
// keys, the cache file, the keychain's host-named entry), so its fired reminders, calendar UIDs, drafts, saved data
// and key carry over unchanged. Request and team refs are new: every account's, the main one's too, carry the account.
// No zod at run time here (types only), so the renderer's bundle may import this module.
import { accountIdOf, accountsNeedingSetup, MAIN_ACCOUNT_ID, parseAccountId, type AccountId } from './account-names';
import { minOf } from './extremes';
import { ownSilence, sameService, speakerOf, type AccountSilence, type SilenceFields } from './service-identity';

export {
  comparedAddress,
  displayAddress,
  oneLoopback,
  sameService,
  speakerOf,
  type AccountSilence,
} from './service-identity';

export {
  ACCOUNT_ID_PATTERN,
  accountIdOf,
  accountsNeedingSetup,
  MAIN_ACCOUNT_ID,
  myEmailOn,
  parseAccountId,
  withAccount,
  type AccountId,
} from './account-names';

export type RefKind = 'schedule' | 'request' | 'team';
declare const REF_KIND: unique symbol;
/** A schedule, coverage request or team across accounts: its account and its id on that account's service. */
export type Ref<K extends RefKind> = string & { readonly [REF_KIND]: K };
export type ScheduleRef = Ref<'schedule'>;
export type RequestRef = Ref<'request'>;
export type TeamRef = Ref<'team'>;

const SEPARATOR = ':';

function brandRef<K extends RefKind>(raw: string): Ref<K> {
  // The brand is given here only.
  return raw as Ref<K>;
}

/** The name of a schedule across accounts (the main account's is its plain id, as a single service had it). */
export function scheduleRef(accountId: AccountId, scheduleId: string): ScheduleRef {
  return brandRef(accountId === MAIN_ACCOUNT_ID ? scheduleId : `${accountId}${SEPARATOR}${scheduleId}`);
}

/** The name of a coverage request across accounts (always with its account: request ids may be anything). */
export function requestRef(accountId: AccountId, requestId: string): RequestRef {
  return brandRef(`${accountId}${SEPARATOR}${requestId}`);
}

/** The name of a team across accounts (always with its account). */
export function teamRef(accountId: AccountId, teamId: string): TeamRef {
  return brandRef(`${accountId}${SEPARATOR}${teamId}`);
}

/** The account and own id a ref names, or null for one that names no account. A plain schedule id is the main
 *  account's; a request or team ref always names its account. */
export function parseRef(kind: RefKind, raw: string): { accountId: AccountId; id: string } | null {
  const at = raw.indexOf(SEPARATOR);
  if (at < 0) return kind === 'schedule' && raw !== '' ? { accountId: MAIN_ACCOUNT_ID, id: raw } : null;
  const accountId = parseAccountId(raw.slice(0, at));
  const id = raw.slice(at + SEPARATOR.length);
  return accountId === null || id === '' ? null : { accountId, id };
}

/** The account and schedule a schedule ref names (a plain id belongs to the main account; an ill-formed account
 *  part is kept whole as the main account's id, which then matches no schedule). */
export function refParts(ref: string): { accountId: AccountId; scheduleId: string } {
  const parsed = parseRef('schedule', ref);
  return parsed
    ? { accountId: parsed.accountId, scheduleId: parsed.id }
    : { accountId: MAIN_ACCOUNT_ID, scheduleId: ref };
}

// The namespaces where the main account is unprefixed.
const RECORD_MARK = '@';

/** The prefix of an account's keys in the shared reminder record ('' for the main account). */
export function recordKeyPrefix(accountId: AccountId): string {
  return accountId === MAIN_ACCOUNT_ID ? '' : `${RECORD_MARK}${accountId}/`;
}

/** Whether a key of the shared reminder record belongs to this account. */
export function isRecordKeyOf(key: string, accountId: AccountId): boolean {
  const prefix = recordKeyPrefix(accountId);
  return prefix === '' ? !key.startsWith(RECORD_MARK) : key.startsWith(prefix);
}

/** Each account's saved-data file: the main account keeps `cache.json` (an upgraded folder's cache is used as is). */
export function cacheFileName(accountId: AccountId): string {
  return accountId === MAIN_ACCOUNT_ID ? 'cache.json' : `cache-${accountId}.json`;
}

/** An account's keychain entry on a host, and (main account only) the host-named entry a single-service version
 *  wrote, to be found and moved. */
export function keychainEntries(accountId: AccountId, host: string): { own: string; legacy: string | null } {
  return { own: `${accountId}@${host}`, legacy: accountId === MAIN_ACCOUNT_ID ? host : null };
}

/** The environment variable that gives an account's key to headless runs when there are several accounts. */
export function accountKeyVariable(accountId: AccountId): string {
  return `ONCALL_API_KEY_${accountId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** Environment variables that look meant for an account's key but that no account reads (`ONCALL_API_KEY_acme`,
 *  `ONCALL_API_KEY_ACME-EU`): each with the variable it should have been. */
export function misnamedKeyVariables(
  names: readonly string[],
  accountIds: readonly AccountId[],
): { name: string; meant: string | null }[] {
  const wanted = new Map(accountIds.map((id) => [accountKeyVariable(id), id]));
  return names
    .filter((n) => n.startsWith('ONCALL_API_KEY_') && !wanted.has(n))
    .map((name) => {
      const guess = `ONCALL_API_KEY_${name
        .slice('ONCALL_API_KEY_'.length)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '_')}`;
      return { name, meant: wanted.has(guess) ? guess : null };
    });
}

/** The earlier account that is the same service as this one (same address and e-mail), or undefined. The later
 *  of two such accounts is shown, but its shifts, requests and reminders are told once: as the earlier one's. */
export function sameServiceAs<A extends { id: string; label: string; baseUrl: string; email: string }>(
  accounts: readonly A[],
  accountId: string,
): A | undefined {
  const at = accounts.findIndex((a) => a.id === accountId);
  const self = accounts[at];
  return self ? accounts.slice(0, at).find((a) => sameService(a, self)) : undefined;
}

/** The schedules (service ids) of `accountId` that an earlier account of the same service (same address and e-mail)
 *  watches too: my shifts there, and their reminders and events, are told once, as that account's. A schedule only
 *  this account watches is its own to tell (the same service watching other schedules is no duplicate). */
export function schedulesToldElsewhere(
  accounts: readonly { id: string; baseUrl: string; email: string; schedules?: readonly { id: string }[] }[],
  accountId: string,
): Set<string> {
  const at = accounts.findIndex((a) => a.id === accountId);
  const self = accounts[at];
  if (!self) return new Set();
  const earlier = accounts.slice(0, at).filter((a) => sameService(a, self));
  const watched = new Set(earlier.flatMap((a) => (a.schedules ?? []).map((s) => s.id)));
  return new Set((self.schedules ?? []).map((s) => s.id).filter((id) => watched.has(id)));
}

/** Whether an earlier account of the same service tells this one's coverage requests (one list per service and
 *  person): one that watches schedules (set up). A half-added one (no schedules) tells nothing, so this one does. */
export function coverageToldElsewhere(
  accounts: readonly { id: string; baseUrl: string; email: string; schedules?: readonly { id: string }[] }[],
  accountId: string,
): boolean {
  const at = accounts.findIndex((a) => a.id === accountId);
  const self = accounts[at];
  return !!self && accounts.slice(0, at).some((a) => sameService(a, self) && (a.schedules ?? []).length > 0);
}

/** Who tells what `watcherIds` all see: the speaker, or when every one is silent the first of them (whose silence
 *  then passes it unshown, recorded as passed). */
function tellerOf<A extends SilenceFields>(accounts: readonly A[], watcherIds: readonly string[], atMs: number) {
  return speakerOf(accounts, watcherIds, atMs) ?? accounts.find((a) => watcherIds.includes(a.id));
}

/** What another account of the same service tells for `accountId` at `nowMs` (see speakerOf): each schedule both
 *  watch, and the coverage list (one per service and person, told by one that watches schedules, or by this one). */
export function toldElsewhereAt(
  accounts: readonly SilenceFields[],
  accountId: string,
  nowMs: number,
): { schedules: Set<string>; coverage: boolean; by: Map<string, string> } {
  const self = accounts.find((a) => a.id === accountId);
  const by = new Map<string, string>();
  if (!self) return { schedules: new Set(), coverage: false, by };
  const kin = accounts.filter((a) => a.id === accountId || sameService(a, self));
  for (const w of self.schedules ?? []) {
    const watchers = kin.filter((a) => a.id === accountId || (a.schedules ?? []).some((s) => s.id === w.id));
    const teller = tellerOf(
      accounts,
      watchers.map((a) => a.id),
      nowMs,
    );
    if (teller && teller.id !== accountId) by.set(w.id, teller.label);
  }
  const listers = kin.filter((a) => a.id === accountId || (a.schedules ?? []).length > 0);
  const coverage =
    tellerOf(
      accounts,
      listers.map((a) => a.id),
      nowMs,
    )?.id !== accountId;
  return { schedules: new Set(by.keys()), coverage, by };
}

export function accountSilence(
  accounts: readonly SilenceFields[],
  accountId: string,
  nowMs: number,
): AccountSilence | undefined {
  const account = accounts.find((a) => a.id === accountId);
  if (!account) return undefined;
  const own = ownSilence(account, nowMs);
  if (own) return own;
  // A whole duplicate: every schedule it watches (and, with none, its requests) is told by another account.
  const told = toldElsewhereAt(accounts, accountId, nowMs);
  const whole = (account.schedules ?? []).every((s) => told.schedules.has(s.id));
  const as = told.by.values().next().value ?? sameServiceAs(accounts, accountId)?.label;
  const duplicate = sameServiceAs(accounts, accountId) !== undefined || told.by.size > 0;
  return duplicate && whole && told.coverage && as !== undefined ? { kind: 'same-service', as } : undefined;
}

/** Whether an account's reminders are silenced at `nowMs` (see accountSilence). */
export function accountSilenced(accounts: readonly SilenceFields[], accountId: string, nowMs: number): boolean {
  return accountSilence(accounts, accountId, nowMs) !== undefined;
}

/** The earliest instant after `nowMs` at which an account's pause ends (what it shows changes then), or null. */
export function nextPauseEndAt(accounts: readonly SilenceFields[], nowMs: number): number | null {
  const ends = accounts.flatMap((a) => {
    const ms = a.pausedUntil ? Date.parse(a.pausedUntil) : NaN;
    return ms > nowMs && a.muted !== true ? [ms] : [];
  });
  return ends.length === 0 ? null : minOf(ends);
}

/** A new account's id from its name: lower-case letters, digits and dashes, unique among `taken`. */
export function newAccountId(label: string, taken: readonly string[]): AccountId {
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
  return accountIdOf(id);
}

/** The view parameters that open onboarding on the first account needing setup (none while there is no account). */
export function setupParams(state: {
  accounts: readonly { id: string; sync: { kind: string } }[];
}): Record<string, string> | undefined {
  const first = accountsNeedingSetup(state)[0];
  return first ? { account: first.id } : undefined;
}
