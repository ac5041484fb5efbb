// The real Clock: wall time and timers. Node timers overflow past ~24.8 days, so long delays are chained;
// the core judges due times by now() anyway, which is what keeps reminders right across sleep.
import type { Clock } from '../core/ports';

const MAX_TIMER_MS = 2_147_483_647;

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonicMs: () => performance.now(),
  setTimer(delayMs, callback) {
    const dueAt = Date.now() + Math.max(0, delayMs);
    let handle: ReturnType<typeof setTimeout>;
    const arm = (): void => {
      const left = dueAt - Date.now();
      handle = setTimeout(left > MAX_TIMER_MS ? arm : callback, Math.min(Math.max(0, left), MAX_TIMER_MS));
    };
    arm();
    return () => clearTimeout(handle);
  },
};
