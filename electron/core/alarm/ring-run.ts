// What one shift-start alarm covers: a start of my on-call time rings once for the whole run it starts (a block
// carrying it on back to back, on another schedule or account, rings nothing), so the alarm states that run as the
// tray states it (adv50 r31 #1: the window said "Your shift 10:00–18:00" while the tray said "until Wed 02:00").
import { withAccount } from '../../shared/account-names';
import { endIsKnown } from '../../shared/basis';
import { myRunNext, myRunNow, runIsChained, runNames, type OnCallRun } from '../../shared/on-call-run';
import type { AppState } from '../../shared/view-state';
import type { AlarmTarget } from './types';

/** The run an alarm covers where it goes on past the alarm's own block: its end, whether the time after it was read
 *  ("until at least …, then unknown" where not), its schedules in order, and the saved data it rests on, if any. */
export interface RingRun {
  endMs: number;
  endKnown: boolean;
  names: string;
  savedAtMs?: number;
}

type CoverState = Pick<AppState, 'me' | 'schedules' | 'accounts'> & {
  settings: Pick<AppState['settings'], 'horizonDays'>;
};

/** The run (now, or next) holding the target's start, as the tray derives it; null when none does. */
function runHolding(state: CoverState, t: Pick<AlarmTarget, 'scheduleId' | 'startMs'>, nowMs: number) {
  const holds = (run: OnCallRun | null): run is OnCallRun =>
    run !== null &&
    run.blocks.some(
      (b) => b.scheduleId === t.scheduleId && Date.parse(b.start) <= t.startMs && t.startMs < Date.parse(b.end),
    );
  return [myRunNow(state, nowMs), myRunNext(state, nowMs)].find(holds) ?? null;
}

/** The whole run the alarm covers, or undefined where it is the alarm's own shift alone (then the shift is said). */
export function ringRun(
  state: CoverState,
  t: Pick<AlarmTarget, 'scheduleId' | 'startMs'>,
  nowMs: number,
): RingRun | undefined {
  const run = runHolding(state, t, nowMs);
  if (!run || !runIsChained(run)) return undefined;
  const name = (s: { accountId: string; scheduleName: string }) => withAccount(state, s.accountId, s.scheduleName);
  // A link from saved data is said as saved data from then, as the tray says the run (never as fact).
  const saved = run.basis.kind === 'saved' && run.basis.savedAt !== null ? Date.parse(run.basis.savedAt) : undefined;
  return {
    endMs: Date.parse(run.end),
    endKnown: endIsKnown(run),
    names: runNames(run, name),
    ...(saved === undefined ? {} : { savedAtMs: saved }),
  };
}
