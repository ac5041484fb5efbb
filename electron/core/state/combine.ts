// Several services in one state: each account's session derives its own state (its schedules under their own ids),
// and this combines them. Schedules are renamed by their refs (account and id, shared/accounts.ts), so equal ids on
// two services stay two schedules; lists are joined in the user's account order, my next shift is the earliest over
// all, and the sync status is the most urgent account's, named. With one account its state is used as it is (its
// schedules under their refs, which for the main account are their ids).
import { scheduleRef } from '../../shared/accounts';
import type { Settings } from '../../shared/settings';
import type { AppState, LoadPeriod, MyLoad, ScheduleStatus, SyncStatus } from '../../shared/view-state';

const refIn =
  (accountId: string) =>
  <T extends { scheduleId: string }>(x: T): T => ({ ...x, scheduleId: scheduleRef(accountId, x.scheduleId) });

/** One account's state with every schedule named by its ref. */
function withRefs(state: AppState, accountId: string): AppState {
  const ref = refIn(accountId);
  const mapLoad = (p: LoadPeriod | null): LoadPeriod | null => (p ? { ...p, schedules: p.schedules.map(ref) } : null);
  const { me, coverage } = state;
  const coverageRefs = (list: AppState['coverage']['mine']) => list.map((c) => ({ ...c, shifts: c.shifts.map(ref) }));
  return {
    ...state,
    schedules: state.schedules.map((s) => ({
      ...s,
      id: scheduleRef(accountId, s.scheduleId),
      ...(s.takeOverOptions ? { takeOverOptions: ref(s.takeOverOptions) } : {}),
    })),
    me: {
      ...me,
      onCallNow: me.onCallNow.map(ref),
      nextShift: me.nextShift ? ref(me.nextShift) : null,
      shifts: me.shifts.map(ref),
      gaps: me.gaps.map(ref),
      ...(me.readiness ? { readiness: { ...me.readiness, shift: ref(me.readiness.shift) } } : {}),
      ...(me.load
        ? {
            load: {
              ...me.load,
              thisMonth: mapLoad(me.load.thisMonth),
              lastMonth: mapLoad(me.load.lastMonth),
            },
          }
        : {}),
    },
    coverage: {
      ...coverage,
      mine: coverageRefs(coverage.mine),
      askingMe: coverageRefs(coverage.askingMe),
      coveredByMe: coverageRefs(coverage.coveredByMe),
    },
  };
}

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

/** The coverage lists' freshness over all accounts: fresh only when every account's is; else the least known one. */
function combinedCoverageStatus(states: readonly AppState[], labels: readonly string[]): ScheduleStatus {
  let worst = 0;
  states.forEach((s, i) => {
    const current = states[worst]?.coverage.status.kind ?? 'fresh';
    if (SOURCE_URGENCY[s.coverage.status.kind] > SOURCE_URGENCY[current]) worst = i;
  });
  const status = states[worst]?.coverage.status ?? { kind: 'loading' };
  if (status.kind === 'fresh') {
    const oldest = states.map((s) => (s.coverage.status.kind === 'fresh' ? s.coverage.status.at : status.at)).sort()[0];
    return { kind: 'fresh', at: oldest ?? status.at };
  }
  return 'reason' in status ? { ...status, reason: `${labels[worst] ?? ''}: ${status.reason}` } : status;
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
  const shifts = states
    .flatMap((s, order) => s.me.shifts.map((shift) => ({ shift, order })))
    .sort((a, b) => Date.parse(a.shift.start) - Date.parse(b.shift.start) || a.order - b.order)
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
  const named = states.map((s) => withRefs(s, s.accounts[0]?.id ?? ''));
  const accountNotices = named.flatMap((s, i) =>
    s.notices.map((n) => ({ ...n, message: `${labels[i]}: ${n.message}` })),
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
      issues: named.flatMap((s) => s.coverage.issues),
      status: combinedCoverageStatus(named, labels),
    },
    notices: [...notices, ...accountNotices],
  };
}
