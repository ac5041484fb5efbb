// Several services in one state: each account's session derives its own state (its schedules under their own ids),
// and this combines them. Schedules are renamed by their refs (account and id, shared/accounts.ts), so equal ids on
// two services stay two schedules; lists are joined in the user's account order, my next shift is the earliest over
// all, and the sync status is the most urgent account's, named. With one account its state is used as it is (its
// schedules under their refs, which for the main account are their ids).
import { namedInText, withRefs } from './account-naming';
import { instantMs } from '../model/segments';
import type { Settings } from '../../shared/settings';
import { hasData } from '../../shared/freshness';
import type { AppState, CoverageIssue, LoadPeriod, MyLoad, ScheduleStatus, SyncStatus } from '../../shared/view-state';

const SYNC_URGENCY: Record<SyncStatus['kind'], number> = {
  key_rejected: 5,
  error: 4,
  offline: 3,
  needs_setup: 2,
  partial: 1,
  ok: 0,
};

/** The most urgent account's status, its message naming the account. */
function combinedSync(states: readonly AppState[], labels: readonly string[]): SyncStatus {
  let worst = 0;
  states.forEach((s, i) => {
    if (SYNC_URGENCY[s.sync.kind] > SYNC_URGENCY[states[worst]?.sync.kind ?? 'ok']) worst = i;
  });
  const sync = states[worst]?.sync ?? { kind: 'ok' };
  return sync.kind === 'ok' ? sync : { ...sync, message: `${labels[worst] ?? ''}: ${sync.message}` };
}

const SOURCE_URGENCY: Record<ScheduleStatus['kind'], number> = {
  error: 4,
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
function combinedCoverageStatus(states: readonly AppState[], labels: readonly string[]): ScheduleStatus {
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
  return 'reason' in status ? { ...status, reason: `${labels[worst] ?? ''}: ${status.reason}` } : status;
}

/** Accounts whose coverage list isn't known while another's is: each named, so "none pending" is never said. */
function coverageGaps(states: readonly AppState[], labels: readonly string[]): CoverageIssue[] {
  if (!states.some((s) => hasData(s.coverage.status))) return [];
  return states.flatMap((s, i) => {
    const status = s.coverage.status;
    if (hasData(status)) return [];
    const reason = 'reason' in status ? ` (${status.reason.replace(/\.$/, '')})` : '';
    const why =
      status.kind === 'loading'
        ? `${labels[i] ?? ''}'s requests aren't loaded yet`
        : `${labels[i] ?? ''}'s requests couldn't be loaded${reason}`;
    return [{ accountId: s.accounts[0]?.id ?? '', id: null, requester: null, why }];
  });
}

function sumPeriods(periods: readonly (LoadPeriod | null)[]): LoadPeriod | null {
  const present = periods.filter((p): p is LoadPeriod => p !== null);
  const [first] = present;
  if (!first) return null;
  return present.slice(1).reduce(
    (sum, p) => ({
      ...sum,
      from: p.from < sum.from ? p.from : sum.from,
      whole: sum.whole && p.whole,
      hours: sum.hours + p.hours,
      nightHours: sum.nightHours + p.nightHours,
      // Nights are counted per account: a night on call for two services counts on each.
      nights: sum.nights + p.nights,
      weekendHours: sum.weekendHours + p.weekendHours,
      schedules: [...sum.schedules, ...p.schedules],
    }),
    first,
  );
}

function combinedLoad(states: readonly AppState[]): MyLoad | null {
  const loads = states.map((s) => s.me.load).filter((l): l is MyLoad => !!l);
  if (loads.length === 0) return null;
  return {
    thisMonth: sumPeriods(loads.map((l) => l.thisMonth)),
    lastMonth: sumPeriods(loads.map((l) => l.lastMonth)),
    missing: loads.flatMap((l) => l.missing),
  };
}

/** My part over all accounts: blocks sorted by start (then account order), my next shift the earliest. */
function combinedMe(states: readonly AppState[]): AppState['me'] {
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
  return {
    onCallNow: states.flatMap((s) => s.me.onCallNow),
    nextShift: first?.me.nextShift ?? null,
    shifts,
    gaps: states.flatMap((s) => s.me.gaps),
    // Readiness is about my next shift, so it is that shift's account's.
    readiness: first?.me.readiness ?? null,
    load: combinedLoad(states),
  };
}

function oldest(values: readonly (string | null)[]): string | null {
  return values.filter((v): v is string => v !== null).sort()[0] ?? null;
}

/**
 * The app's state from each account's (in the settings' order; `states` derived by the sessions, one per account,
 * their `settings` the account alone). `notices` are the app's own (settings file, data folder, calendar feed).
 */
export function combineStates(states: readonly AppState[], settings: Settings, notices: AppState['notices']): AppState {
  const [only] = states;
  // One account: its state as it is, but its schedules named by their refs all the same (an account other than the
  // main one is asked about by its refs, one account or several).
  if (states.length === 1 && only) {
    const named = withRefs(only, only.accounts[0]?.id ?? '');
    return { ...named, settings, notices: [...notices, ...named.notices] };
  }
  const labels = states.map((s) => s.accounts[0]?.label ?? '');
  const named = states.map((s, i) => namedInText(withRefs(s, s.accounts[0]?.id ?? ''), labels[i] ?? ''));
  const accountNotices = named.flatMap((s, i) =>
    s.notices.map((n) => ({ ...n, accountId: s.accounts[0]?.id ?? '', message: `${labels[i]}: ${n.message}` })),
  );
  const setups = named.map((s) => s.setup);
  return {
    setup: {
      hasKey: setups.length > 0 && setups.every((s) => s.hasKey),
      keyStorage: setups[0]?.keyStorage ?? 'none',
      demo: setups.some((s) => s.demo),
      ...(setups.some((s) => s.keyFromEnvironment) ? { keyFromEnvironment: true } : {}),
    },
    settings,
    accounts: named.flatMap((s) => s.accounts),
    sync: combinedSync(named, labels),
    lastSuccessAt: oldest(named.map((s) => s.lastSuccessAt)),
    syncing: named.some((s) => s.syncing),
    schedules: named.flatMap((s) => s.schedules),
    me: combinedMe(named),
    coverage: {
      mine: named.flatMap((s) => s.coverage.mine),
      askingMe: named.flatMap((s) => s.coverage.askingMe),
      coveredByMe: named.flatMap((s) => s.coverage.coveredByMe),
      issues: [...named.flatMap((s) => s.coverage.issues), ...coverageGaps(named, labels)],
      status: combinedCoverageStatus(named, labels),
    },
    notices: [...notices, ...accountNotices],
  };
}
