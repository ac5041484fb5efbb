// Noticing a sleep from the clock itself, so a desktop that never sends a resume event changes nothing: wall time
// that ran ahead of monotonic time (which stops while suspended) since the last look, or, without a monotonic
// clock, a timer that fired much later than it was due.
import type { Clock } from '../ports';

/** Wall time running this much ahead of monotonic time (or a timer this late) means the machine slept. */
export const WAKE_JUMP_MS = 30_000;

export interface WakeWatch {
  /**
   * Looks at the clocks. Returns the instant after which the machine was surely awake again (the last look plus
   * the time it was awake since; without a monotonic clock, now), or undefined when it did not sleep.
   * `timerDueMs`: when the timer that called was due, if a timer called.
   */
  look(timerDueMs?: number): number | undefined;
  /** A sleep already known (a resume event): the next look must not report it again. */
  reset(): void;
}

export function createWakeWatch(clock: Clock): WakeWatch {
  const read = () => ({ wallMs: clock.now(), monoMs: clock.monotonicMs?.() });
  let last = read();
  return {
    look(timerDueMs) {
      const before = last;
      last = read();
      const { wallMs, monoMs } = last;
      if (monoMs !== undefined && before.monoMs !== undefined) {
        const awakeMs = monoMs - before.monoMs;
        // Awake instants before the sleep lie within [last look, last look + awake time]; anything later is after it.
        return wallMs - before.wallMs - awakeMs > WAKE_JUMP_MS ? before.wallMs + awakeMs + 1 : undefined;
      }
      return timerDueMs !== undefined && wallMs - timerDueMs > WAKE_JUMP_MS ? wallMs : undefined;
    },
    reset() {
      last = read();
    },
  };
}
