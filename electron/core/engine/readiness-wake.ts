// After a sleep, readiness is not judged from what was known before it: the schedule is read again first (the
// reminders hold their notices for the same grace while it is: reminders/scheduler.ts), as start-up waits for its
// first read. Otherwise a wake without a resume event brought "On call now" from the fresh read and, at the same
// instant, "Ops shows saved data" judged from the state before it (issue 47). After the grace, a read that didn't
// come is said as such, by both.
import type { Clock } from '../ports';
import { HOLD_GRACE_MS } from '../reminders/scheduler';
import { createWakeWatch } from '../reminders/wake-watch';
import type { AppState } from '../../shared/view-state';

export interface WakeHold {
  /** Looks at the clocks: true while a wake's read of this schedule is awaited (within the grace). */
  holding(state: AppState, scheduleId: string): boolean;
  stop(): void;
}

/** `ended`: called when a hold's grace ends (the warning is judged then even if no state change comes). */
export function createWakeHold(clock: Clock, ended: () => void): WakeHold {
  const watch = createWakeWatch(clock);
  let cancel: (() => void) | undefined;
  /** Reads after this instant came after the sleep; none is awaited past `untilMs` (the reminders' grace). */
  let hold: { afterMs: number; untilMs: number } | undefined;
  return {
    holding(state, scheduleId) {
      const afterMs = watch.look();
      if (afterMs !== undefined) {
        hold = { afterMs, untilMs: clock.now() + HOLD_GRACE_MS };
        cancel?.();
        cancel = clock.setTimer(HOLD_GRACE_MS, () => ((cancel = undefined), ended()));
      }
      if (hold === undefined || clock.now() >= hold.untilMs) return false;
      const status = state.schedules.find((s) => s.id === scheduleId)?.status;
      const readSince = status?.kind === 'fresh' && Date.parse(status.at) >= hold.afterMs;
      if (readSince) hold = undefined;
      return !readSince;
    },
    stop: () => cancel?.(),
  };
}
