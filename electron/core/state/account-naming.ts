// How an account's state is named once it sits among others: its schedules and coverage requests by their refs
// (account and id, so equal ids on two services stay two), and, with several accounts, what it words only as text (what is unknown,
// what the load leaves out) with the account's name.
import { accountNamed } from '../../shared/account-names';
import { requestRef, scheduleRef, type AccountId } from '../../shared/accounts';
import type { AppState, LoadPeriod, MyShift } from '../../shared/view-state';

const refIn =
  (accountId: AccountId) =>
  <T extends { scheduleId: string }>(x: T): T => ({ ...x, scheduleId: scheduleRef(accountId, x.scheduleId) });

/** My shifts named by their refs, once per shift: the derivation hands the same shift (a block of mine) to every
 *  state until the next read, and states are immutable, so its renamed copy is kept with it. */
const shiftRefs = new WeakMap<MyShift, { accountId: AccountId; named: MyShift }>();

const shiftRefIn =
  (accountId: AccountId) =>
  (shift: MyShift): MyShift => {
    const hit = shiftRefs.get(shift);
    if (hit?.accountId === accountId) return hit.named;
    const named = refIn(accountId)(shift);
    shiftRefs.set(shift, { accountId, named });
    return named;
  };

/** One account's state with every schedule named by its ref. */
export function withRefs(state: AppState, accountId: AccountId): AppState {
  const ref = refIn(accountId);
  const shiftRef = shiftRefIn(accountId);
  const mapLoad = (p: LoadPeriod | null): LoadPeriod | null => (p ? { ...p, schedules: p.schedules.map(ref) } : null);
  const { me, coverage } = state;
  // A coverage request's id is unique on its service only: named by its ref, like a schedule, so two services'
  // requests with one id stay two (the coverage view keys its list by it).
  const coverageRefs = (list: AppState['coverage']['mine']) =>
    list.map((c) => ({ ...c, id: requestRef(accountId, c.id), shifts: c.shifts.map(ref) }));
  return {
    ...state,
    schedules: state.schedules.map((s) => ({
      ...s,
      id: scheduleRef(accountId, s.scheduleId),
      ...(s.takeOverOptions ? { takeOverOptions: ref(s.takeOverOptions) } : {}),
    })),
    me: {
      ...me,
      onCallNow: me.onCallNow.map(shiftRef),
      nextShift: me.nextShift ? shiftRef(me.nextShift) : null,
      shifts: me.shifts.map(shiftRef),
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
      issues: coverage.issues.map((i) => (i.id === null ? i : { ...i, id: requestRef(accountId, i.id) })),
    },
  };
}

/** With several accounts, what the state words only as text (what is unknown, what the load leaves out) names the
 *  schedule's account: "couldn't load Acme · Platform primary". */
export function namedInText(state: AppState, label: string): AppState {
  const name = (n: string): string => accountNamed(label, n);
  const load = state.me.load;
  const period = (p: LoadPeriod | null): LoadPeriod | null =>
    p ? { ...p, schedules: p.schedules.map((x) => ({ ...x, scheduleName: name(x.scheduleName) })) } : null;
  return {
    ...state,
    me: {
      ...state.me,
      gaps: state.me.gaps.map((g) => ({ ...g, scheduleName: name(g.scheduleName) })),
      ...(load
        ? {
            load: {
              ...load,
              missing: load.missing.map(name),
              thisMonth: period(load.thisMonth),
              lastMonth: period(load.lastMonth),
            },
          }
        : {}),
    },
  };
}
