// The read of the phone's answers a late alarm waits for after a wake (alarms-plan.ts askPhone). One read that
// failed let the alarm ring: ntfy answering 503 for the first seconds after Wi-Fi came back rang loudly a start
// acknowledged on the phone 20 minutes earlier, then said "acknowledged 09:30" for a 09:10 tap (adv50 r30 #2). So
// while the phone was alerted for a start that waits, the read is tried again until one goes through, within the
// bound the alarm's hold already has for the service's read (ALARM_HOLD_GRACE_MS), never before a 429's Retry-After.
import { ALARM_HOLD_GRACE_MS } from '../alarm/engine';
import type { Clock } from '../ports';
import { answerAwaited, type Run } from './escalator-run';
import { frontAlertsOf } from './front-acks';

/** Between tries when the server gave no Retry-After: a few tries within the bound, not a burst. */
export const WAKE_READ_RETRY_MS = 2_000;

export interface WakeRead {
  clock: Clock;
  /** One read; answers whether it went through (or nothing is left to read). */
  read(): Promise<boolean>;
  /** Whether the phone was alerted for a start whose answer is awaited (only then is a failed read worth a wait). */
  alerted(): boolean;
  /** The server's Retry-After end, while it runs. */
  waitingUntilMs(): number | undefined;
  stopped(): boolean;
}

const pause = (clock: Clock, ms: number) => new Promise<void>((done) => clock.setTimer(ms, done));

/** Reads until one read goes through, the phone wasn't alerted, or the bound (counted on elapsed time) is spent. */
export async function readAfterWake(w: WakeRead): Promise<void> {
  const elapsed = () => w.clock.monotonicMs?.() ?? w.clock.now();
  const endMs = elapsed() + ALARM_HOLD_GRACE_MS;
  while (!(await w.read()) && w.alerted() && !w.stopped()) {
    const waitUntil = w.waitingUntilMs();
    const waitMs =
      waitUntil === undefined ? WAKE_READ_RETRY_MS : Math.max(WAKE_READ_RETRY_MS, waitUntil - w.clock.now());
    if (elapsed() + waitMs >= endMs) return;
    await pause(w.clock, waitMs);
  }
}

/** The phone was alerted (sent, or a booking whose time came) for a start whose answer is awaited, or for an earlier
 *  start of its block the data gave away since (front-acks.ts: its answer is this block's). */
const alertedAwaiting = (r: Run, nowMs: number): boolean =>
  r.targets.some(
    (t) =>
      answerAwaited(r, t, nowMs) &&
      (t.key in r.state.sent || (r.state.booked[t.key]?.atMs ?? Infinity) <= nowMs || frontAlertsOf(r, t).length > 0),
  );

/** After a wake, before a late alarm may ring: `read` (a forced read, one look at a time) until one goes through. */
export const wakeRead = (r: Run, read: () => Promise<boolean>): Promise<void> =>
  readAfterWake({
    clock: r.o.clock,
    read: () => {
      let ok = true;
      return r.serial(async () => void (ok = r.stopped || (await read()))).then(() => ok);
    },
    alerted: () => alertedAwaiting(r, r.o.clock.now()),
    waitingUntilMs: () => r.o.provider?.waitingUntilMs?.(),
    stopped: () => r.stopped,
  });
