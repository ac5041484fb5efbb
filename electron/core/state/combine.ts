// Several services in one state: each account's session derives its own state (its schedules under their own ids),
// and this combines them. Schedules are renamed by their refs (account and id, shared/accounts.ts), so equal ids on
// two services stay two schedules; lists are joined in the user's account order, my next shift is the earliest over
// all, and the sync status is the most urgent account's, named. With one account its state is used as it is (its
// schedules under their refs, which for the main account are their ids).
import { namedInText, withRefs } from './account-naming';
import { sameServiceNotice } from './same-service-notice';
import { coverageToldElsewhere, sameServiceAs, schedulesToldElsewhere } from '../../shared/accounts';
import { instantMs } from '../model/segments';
import { nextStartShift } from '../../shared/on-call-run';
import type { Account, Settings } from '../../shared/settings';
import { hasData } from '../../shared/freshness';
import { OFFLINE_CLAUSES } from './status';
import { readinessAcross } from '../readiness/worst';
import { judgeStart, silenceAtStart, withStartSilence } from '../readiness/silenced';
import { readinessAtRunStart } from '../readiness/run-start';
import type { AppState, CoverageIssue, MyLoad, MyShift, ScheduleStatus, SyncStatus } from '../../shared/view-state';

/** What one account's status says, its saved data's time left to the combined `saved`: its message whole, as the
 *  sentences its maker wrote (every status message ends its own sentence). */
function accountText(label: string, sync: Exclude<SyncStatus, { kind: 'ok' }>): string {
  return `${label}: ${sync.message}`;
}

/** The same as a clause, for a line that goes on ("Acme: Couldn't refresh Ops (timeout)"): each kind's own clause,
 *  offline's by its cause, a rejected key's in its own words; never the message cut. */
function accountClause(label: string, sync: Exclude<SyncStatus, { kind: 'ok' }>): string {
  if (sync.kind === 'offline') return `${label}: ${OFFLINE_CLAUSES[sync.cause ?? 'network']}`;
  if (sync.kind === 'key_rejected') return `${label}: The service rejected the API key`;
  return `${label}: ${sync.clause}`;
}

/** The saved data shown instead, over the failing accounts: exact with one, the oldest when all have some; left
 *  unsaid (undefined) when they differ in having any, so neither "nothing saved" nor a time is said of all. */
function combinedSaved(failing: readonly SyncStatus[]): string | null | undefined {
  const saved = failing.map((s) => ('saved' in s ? s.saved : undefined));
  if (saved.length === 1) return saved[0];
  if (saved.every((x) => typeof x === 'string')) return saved.sort()[0];
  return saved.every((x) => x === null) ? null : undefined;
}

/**
 * The sync status over all accounts, each failing account named. A status of the whole app (needs setup, offline,
 * key rejected, error) is said only when every account is in it; while any account is fine or they fail
 * differently, it is `partial`, naming each failing account and what is wrong there — so one account needing setup
 * or down never blanks, disables or stales the others.
 */
function combinedSync(states: readonly AppState[], labels: readonly string[]): SyncStatus {
  const failing = states.flatMap((s, i) => (s.sync.kind === 'ok' ? [] : [{ sync: s.sync, label: labels[i] ?? '' }]));
  const [first] = failing;
  if (!first) return { kind: 'ok' };
  const message = failing.map((f) => accountText(f.label, f.sync)).join(' ');
  const clause = failing.map((f) => accountClause(f.label, f.sync)).join('. ');
  const saved = combinedSaved(failing.map((f) => f.sync));
  // The coverage list's own time goes with its one account's status (with several, each account's line says it).
  const apart = failing.length === 1 && 'coverage' in first.sync ? first.sync.coverage : undefined;
  const savedPart = { ...(saved === undefined ? {} : { saved }), ...(apart ? { coverage: apart } : {}) };
  const allAlike = failing.length === states.length && failing.every((f) => f.sync.kind === first.sync.kind);
  if (!allAlike) return { kind: 'partial', message, clause, ...savedPart };
  switch (first.sync.kind) {
    case 'needs_setup':
      return { kind: 'needs_setup', message, clause };
    case 'key_rejected':
      return { kind: 'key_rejected', message };
    case 'offline': {
      // One cause only when every account says it; accounts failing differently are worded without one.
      const causes = new Set(failing.map((f) => (f.sync.kind === 'offline' ? f.sync.cause : undefined)));
      const [cause] = causes;
      return { kind: 'offline', message, ...savedPart, ...(causes.size === 1 && cause ? { cause } : {}) };
    }
    default:
      return { kind: first.sync.kind, message, clause, ...savedPart };
  }
}

const SOURCE_URGENCY: Record<ScheduleStatus['kind'], number> = {
  error: 4,
  not_read: 3,
  loading: 3,
  not_found: 2,
  stale: 1,
  fresh: 0,
};

/**
 * The coverage lists' freshness over all accounts: over the accounts whose lists are known (fresh or saved), the
 * least fresh; an account whose list isn't known is named among the issues instead (coverageGaps), so it never hides
 * the others' requests and "none pending" is never said while it lasts. Known nowhere: the least known account's.
 */
function combinedCoverageStatus(
  states: readonly AppState[],
  labels: readonly string[],
  saved: readonly SavedList[],
): ScheduleStatus {
  const known = states.some((s) => hasData(s.coverage.status));
  let worst = -1;
  states.forEach((s, i) => {
    if (known && !hasData(s.coverage.status)) return;
    const current = states[worst]?.coverage.status.kind;
    if (current === undefined || SOURCE_URGENCY[s.coverage.status.kind] > SOURCE_URGENCY[current]) worst = i;
  });
  const status = states[worst]?.coverage.status ?? { kind: 'loading' };
  if (status.kind === 'fresh') {
    const oldest = states.map((s) => (s.coverage.status.kind === 'fresh' ? s.coverage.status.at : status.at)).sort()[0];
    return { kind: 'fresh', at: oldest ?? status.at };
  }
  if (status.kind === 'stale') {
    // Saved data is said of the accounts whose lists are saved, every one named (never of all while one is fresh),
    // each with its own reason (one account's reason is never said of another's list) and the oldest time.
    const since = saved.map((l) => l.since).sort()[0] ?? status.since;
    return { ...status, since, reason: saved.map((l) => `${l.label}: ${l.reason}`).join(' ') };
  }
  return 'reason' in status ? { ...status, reason: `${labels[worst] ?? ''}: ${status.reason}` } : status;
}

/** Each account whose coverage list is saved data, with its own time and reason (see `coverage.savedLists`). */
function savedLists(states: readonly AppState[], accounts: readonly Account[]): SavedList[] {
  return states.flatMap((s, i) => {
    const st = s.coverage.status;
    const account = accounts[i];
    if (st.kind !== 'stale' || !account) return [];
    return [{ accountId: account.id, label: account.label, since: st.since, reason: st.reason }];
  });
}
type SavedList = NonNullable<AppState['coverage']['savedLists']>[number];

/** Accounts whose coverage list isn't known while another's is: each named, so "none pending" is never said. */
function coverageGaps(states: readonly AppState[], accounts: readonly Account[]): CoverageIssue[] {
  if (!states.some((s) => hasData(s.coverage.status))) return [];
  const labels = accounts.map((a) => a.label);
  return states.flatMap((s, i) => {
    const account = accounts[i];
    if (!account) return [];
    const status = s.coverage.status;
    if (hasData(status)) return [];
    // The reason is the sentence its maker wrote, said whole after the line, never cut into a parenthesis.
    const reason = 'reason' in status ? `: ${status.reason}` : '';
    const why =
      status.kind === 'not_read'
        ? `${labels[i] ?? ''}'s requests not read`
        : status.kind === 'loading'
          ? `${labels[i] ?? ''}'s requests aren't loaded yet`
          : `${labels[i] ?? ''}'s requests couldn't be loaded${reason}`;
    // The pair's account, never the state's first: the state may list no account (or another).
    return [{ accountId: account.id, id: null, requester: null, why }];
  });
}

/** Each account's load over its own read span, never added across accounts (see MyLoadSchema). */
function combinedLoad(states: readonly AppState[], accounts: readonly Account[]): MyLoad | null {
  const byAccount = states.flatMap((s, i) => {
    const load = s.me.load;
    const account = accounts[i];
    if (!load || !account) return [];
    const { thisMonth, lastMonth, missing } = load;
    return [{ accountId: account.id, label: account.label, thisMonth, lastMonth, missing }];
  });
  if (byAccount.length === 0) return null;
  return { thisMonth: null, lastMonth: null, missing: byAccount.flatMap((l) => l.missing), byAccount };
}

/** My part over all accounts: blocks sorted by start (then account order), my next shift the earliest. */
function combinedMe(states: readonly AppState[], accounts: readonly Account[]): AppState['me'] {
  // Each start read once (not at every comparison of the sort).
  const shifts = states
    .flatMap((s, order) => s.me.shifts.map((shift) => ({ shift, order, startMs: instantMs(shift.start) })))
    .sort((a, b) => a.startMs - b.startMs || a.order - b.order)
    .map((x) => x.shift);
  let first: AppState | undefined;
  for (const s of states) {
    const next = s.me.nextShift;
    if (next && (!first?.me.nextShift || Date.parse(next.start) < Date.parse(first.me.nextShift.start))) first = s;
  }
  const onCallNow = states.flatMap((s) => s.me.onCallNow);
  const nextShift = first?.me.nextShift ?? null;
  // Readiness is about the next start of my on-call time; a block that carries my time on from another account's
  // (back to back) is no start to be ready for. Every account whose block starts then is judged, the worst speaks,
  // with the others' problems beside its own.
  const start = nextStartShift({ onCallNow, shifts, nextShift });
  const startMs = start ? instantMs(start.start) : NaN;
  const readiness = readinessAcross(
    states.flatMap((s) =>
      s.me.readiness && instantMs(s.me.readiness.shift.start) === startMs ? [s.me.readiness] : [],
    ),
    (id) => accounts.find((a) => a.id === id)?.label ?? id,
    (id) => silenceAtStart(accounts, id, startMs) !== undefined,
  );
  return {
    onCallNow,
    nextShift,
    shifts,
    gaps: states.flatMap((s) => s.me.gaps),
    readiness,
    load: combinedLoad(states, accounts),
    ...listedTo(states),
  };
}

/** Where the combined list of my shifts is complete: the earliest account's (see `me.listedTo`). */
function listedTo(states: readonly AppState[]): Pick<AppState['me'], 'listedTo'> {
  const all = states.flatMap((s) => (s.me.listedTo === undefined ? [] : [s.me.listedTo]));
  const first = all.sort((a, b) => instantMs(a) - instantMs(b))[0];
  return first === undefined ? {} : { listedTo: first };
}

function oldest(values: readonly (string | null)[]): string | null {
  return values.filter((v): v is string => v !== null).sort()[0] ?? null;
}

/** An account's state without what an earlier account of the same service tells: my shifts (and gaps) on the
 *  schedules that one watches too, and the requests (one list per service and person). My shifts on schedules only
 *  this account watches stay (they vanished from My shifts, the tray and the calendar when the whole was dropped). */
function nextOwn(shifts: readonly MyShift[], told: MyShift | null): MyShift | null {
  if (!told) return null;
  const fromMs = Date.parse(told.start);
  return shifts.find((s) => Date.parse(s.start) >= fromMs) ?? null;
}

function withoutMine(state: AppState, told: ReadonlySet<string>, coverageTold: boolean): AppState {
  const serviceIdOf = new Map(state.schedules.map((s) => [s.id, s.scheduleId]));
  const own = (x: { scheduleId: string }): boolean => !told.has(serviceIdOf.get(x.scheduleId) ?? x.scheduleId);
  const nextShift = state.me.nextShift && own(state.me.nextShift) ? state.me.nextShift : null;
  const shifts = state.me.shifts.filter(own);
  const me: AppState['me'] = {
    onCallNow: state.me.onCallNow.filter(own),
    // Where the next shift was told elsewhere, the first of its own from that start on (none came earlier).
    nextShift: nextShift ?? nextOwn(shifts, state.me.nextShift),
    shifts,
    gaps: state.me.gaps.filter(own),
    readiness: state.me.readiness && own(state.me.readiness.shift) ? state.me.readiness : null,
    // Its load was counted over its own schedules alone (derive-mine.ts); none when every one is told elsewhere.
    load: state.schedules.some((s) => !told.has(s.scheduleId)) ? (state.me.load ?? null) : null,
    ...(state.me.listedTo === undefined ? {} : { listedTo: state.me.listedTo }),
  };
  if (!coverageTold) return { ...state, me };
  return { ...state, me, coverage: { ...state.coverage, mine: [], askingMe: [], coveredByMe: [] } };
}

/** Adds to an account's readiness what only the engine knows of it (its shift-start alarm): the account's state as
 *  it came, its readiness with those checks. */
export type ReadinessJudge = (state: AppState, account: Account) => AppState;

/** One account's state, derived once, with the account it is about (never read back from the state itself). */
export interface AccountState {
  account: Account;
  state: AppState;
}

/**
 * The app's state from each account's (in the settings' order; each state derived by its session, its `settings`
 * the account alone). `notices` are the app's own (settings file, data folder, calendar feed).
 */
export function combineStates(
  given: readonly AccountState[],
  settings: Settings,
  notices: AppState['notices'],
  nowMs?: number,
  judge?: ReadinessJudge,
): AppState {
  // Each account's readiness about the next start over all accounts first (a muted or paused account's passes in
  // silence, said there), its own start alarm judged too before the worst is chosen: judged after, only the
  // speaker's was, and the notice and the tray told different accounts (adv47 r49 #1).
  const pairs = readinessAtRunStart(given, settings).map((p) => {
    const state = withStartSilence(p.state, p.account, settings.accounts);
    return { ...p, state: judge ? judge(state, p.account) : state };
  });
  const [only] = pairs;
  // One account: its state as it is, but its schedules named by their refs all the same (an account other than the
  // main one is asked about by its refs, one account or several).
  if (pairs.length === 1 && only) {
    const named = withRefs(only.state, only.account.id);
    return { ...named, settings, notices: [...notices, ...named.notices] };
  }
  const labels = pairs.map((p) => p.account.label);
  const namedPairs = pairs.map((p) => ({
    account: p.account,
    state: namedInText(withRefs(p.state, p.account.id), p.account.label),
  }));
  const named = namedPairs.map((p) => p.state);
  const accounts = pairs.map((p) => p.account);
  // The same service twice: its cards stay (both are set up), but my shifts and its requests are told once.
  const twice = pairs.map((p) => sameServiceAs(accounts, p.account.id));
  const once = named.map((s, i) => {
    const account = accounts[i];
    if (!twice[i] || !account) return s;
    const all = settings.accounts;
    return withoutMine(s, schedulesToldElsewhere(all, account.id), coverageToldElsewhere(all, account.id));
  });
  const accountNotices = [
    ...namedPairs.flatMap(({ account, state }) =>
      state.notices.map((n) => ({ ...n, accountId: account.id, message: `${account.label}: ${n.message}` })),
    ),
    ...pairs.flatMap((p, i) => {
      const earlier = twice[i];
      if (!earlier) return [];
      const whole = p.account.schedules.every((w) => schedulesToldElsewhere(settings.accounts, p.account.id).has(w.id));
      return [sameServiceNotice(settings.accounts, p.account, earlier, { whole, nowMs })];
    }),
  ];
  const setups = named.map((s) => s.setup);
  const schedules = named.flatMap((s) => s.schedules);
  const saved = savedLists(named, accounts);
  return {
    setup: {
      // Whether there is a key to act with: one account without one never disables the others' actions (each
      // account's own is on its AccountView).
      hasKey: setups.some((s) => s.hasKey),
      // No app-wide key storage with several accounts: where a key lives is each account's own (its AccountView),
      // never the first account's said for all.
      demo: setups.some((s) => s.demo),
      ...(setups.some((s) => s.keyFromEnvironment) ? { keyFromEnvironment: true } : {}),
      // An account whose key is still being read shows its saved data meanwhile (tray-glance.ts).
      ...(setups.some((s) => s.keyState === 'reading') ? { keyState: 'reading' as const } : {}),
    },
    settings,
    accounts: named.flatMap((s) => s.accounts),
    sync: combinedSync(named, labels),
    lastSuccessAt: oldest(named.map((s) => s.lastSuccessAt)),
    syncing: named.some((s) => s.syncing),
    schedules,
    me: withSpeaker(combinedMe(once, accounts), schedules, accounts),
    coverage: {
      mine: once.flatMap((s) => s.coverage.mine),
      askingMe: once.flatMap((s) => s.coverage.askingMe),
      coveredByMe: once.flatMap((s) => s.coverage.coveredByMe),
      issues: [...named.flatMap((s) => s.coverage.issues), ...coverageGaps(named, accounts)],
      status: combinedCoverageStatus(named, labels, saved),
      ...(saved.length > 0 ? { savedLists: saved } : {}),
    },
    notices: [...notices, ...accountNotices],
  };
}

/** The readiness names the account that speaks for its shift: the one whose alarm rings its start (judgeStart's
 *  ringer), judged here in main once for every surface, so the popover's first load needs none of the rule. */
function withSpeaker(
  me: AppState['me'],
  schedules: AppState['schedules'],
  accounts: readonly Account[],
): AppState['me'] {
  const r = me.readiness;
  if (!r) return me;
  const ringer = judgeStart({ schedules }, accounts, r.shift).ringer;
  return ringer ? { ...me, readiness: { ...r, speaker: ringer.id } } : me;
}
