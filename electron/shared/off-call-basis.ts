// What "you are not on call then" rests on, across every watched schedule of every account: a change notice or a
// correction about one schedule says I am off call only where each of them read that time fresh and none has me
// (issue 47). Where another account is down with nothing saved, a hole, past its read, or my e-mail names no one
// there, my time is unknown; where one is saved data only, it isn't fresh. Each schedule is asked by the one lookup
// the tray's run asks for its end (shared/basis.ts viewBasis), over the views every surface reads. Zod-free.
import { viewBasis, type Basis } from './basis';
import type { AppState, ScheduleView } from './view-state';

/** One account's derived state, as far as this asks it: its schedules, and my gaps there (the e-mail's). */
export type OffCallSource = Pick<AppState, 'schedules'> & { me: Pick<AppState['me'], 'gaps'> };

/** My shifts there unknown as a whole (never read, or my e-mail names no one on the account: derive.ts
 *  mineOrUnknown), whatever its timeline read: who is on call is then read, but whether it is me is not. */
function mineUnknownOn(state: OffCallSource, s: ScheduleView): boolean {
  return state.me.gaps.some((g) => g.kind === 'not_read' && g.scheduleId === s.id && g.accountId === s.accountId);
}

/** The schedule a message is about: its basis is said beside the message (policy.ts heldLine, "according to saved
 *  data from 14:02"), so its saved data is no basis left unsaid. */
export interface SaidSchedule {
  accountId: string;
  scheduleId: string;
}

/** The basis of "not on call over [fromMs, toMs)" (at least the instant fromMs): unknown where any watched schedule
 *  is, else saved where any other than `said` is saved data, else fresh. */
export function offCallBasis(
  states: readonly OffCallSource[],
  fromMs: number,
  toMs: number,
  said?: SaidSchedule,
): Basis {
  let saved: Basis | undefined;
  for (const state of states)
    for (const s of state.schedules) {
      if (mineUnknownOn(state, s)) return { kind: 'unknown', why: 'not_read' };
      const b = viewBasis(s, fromMs, Math.max(toMs, fromMs + 1));
      if (b.kind === 'unknown') return b;
      const isSaid = s.accountId === said?.accountId && s.id === said.scheduleId;
      if (b.kind === 'saved' && !isSaid) saved ??= b;
    }
  return saved ?? { kind: 'fresh', readAt: null };
}
