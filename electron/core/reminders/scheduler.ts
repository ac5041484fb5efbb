// Shows planned reminders at their instants. One timer is armed for the earliest pending one; whenever it fires
// (or `check` is called) everything is judged by the wall clock (./judge), so a sleep cannot produce a stale
// message. After a wake or a restart, shift reminders are held until the app knows again (`hold`/`release`): the
// first sync after the event, or a short grace, after which a catch-up says it comes from saved data. A sleep is
// also noticed from the clock itself (wall time running ahead of monotonic time), so no resume event is needed.
// What is judged is delivered by ./delivery (write-ahead, and held through quiet hours).
import { createConfirmGate } from './confirm';
import { createDelivery } from './delivery';
import type { ReminderSchedulerOptions } from './scheduler-options';
import { REMINDER_GRACE_MS } from './scheduler-options';
import { done, hold, judgeNow, owedAt, release, setPlan, stop, zoneOf, type Run } from './scheduler-run';
import type { PlannedReminder } from './types';
import { createWakeWatch } from './wake-watch';

export { WAKE_JUMP_MS } from './wake-watch';
export { CATCH_UP_QUIET_MS } from './judge';
export { HOLD_GRACE_MS, MAX_TIMER_MS, REMINDER_GRACE_MS, type ReminderSchedulerOptions } from './scheduler-options';

export interface ReminderScheduler {
  /** Replaces the plan. Due-when-noticed items (coverage, changes) not yet shown are kept until they expire. */
  setPlan(plan: readonly PlannedReminder[]): void;
  /** Judges the plan against the wall clock now. */
  check(): void;
  /** Woke or restarted: hold shift reminders until `release` (or HOLD_GRACE_MS). */
  hold(): void;
  /** The app knows again (first sync after the wake): judge what was held. */
  release(): void;
  /** The instant the current hold began, if reminders are held. */
  heldSince(): number | undefined;
  /** Some due reminder waits for its schedule to be read (a sync that ends should call `check`). */
  confirming(): boolean;
  stop(): void;
  /** Items planned and not yet shown or settled. */
  pending(): PlannedReminder[];
  /** Resolves when notifications and writes started so far have finished. */
  settled(): Promise<void>;
}

export function createReminderScheduler(options: ReminderSchedulerOptions): ReminderScheduler {
  const r: Run = {
    o: options,
    graceMs: options.graceMs ?? REMINDER_GRACE_MS,
    firedStore: options.firedStore,
    delivery: createDelivery({
      firedStore: options.firedStore,
      notifier: options.notifier,
      zone: () => zoneOf(r),
      ...(options.quiet ? { quiet: options.quiet } : {}),
      ...(options.stillTrue ? { stillTrue: options.stillTrue } : {}),
      ...(options.restate ? { restate: options.restate } : {}),
      ...(options.waits ? { waits: options.waits } : {}),
      ...(options.coverageSavedAtMs ? { coverageSavedAtMs: options.coverageSavedAtMs } : {}),
      ...(options.silenced ? { silenced: options.silenced } : {}),
      ...(options.alarmTakesStart ? { alarmTakesStart: options.alarmTakesStart } : {}),
      ...(options.onCallGoesOnPast ? { onCallGoesOnPast: options.onCallGoesOnPast } : {}),
      ...(options.log ? { log: options.log } : {}),
    }),
    gate: options.confirm ? createConfirmGate(options.confirm) : undefined,
    wakeWatch: createWakeWatch(options.clock),
    plan: [],
    cancelTimer: undefined,
    timerDueMs: undefined,
    cancelGrace: undefined,
    stopped: false,
    heldSinceMs: undefined,
    wokeAtMs: undefined,
    confirming: { keys: new Set(), untilMs: undefined },
  };
  // Each save's stamp carries what is still owed, so an older copy put back never counts it handled.
  const unowe = options.firedStore.owing((savedAtMs) => owedAt(r, savedAtMs));
  return {
    setPlan: (next) => setPlan(r, next),
    check: () => judgeNow(r, false),
    hold: () => hold(r),
    release: () => release(r),
    heldSince: () => r.heldSinceMs,
    confirming: () => r.confirming.keys.size > 0,
    stop: () => {
      unowe();
      stop(r);
    },
    pending: () => r.plan.filter((p) => !done(r, p)),
    settled: () => r.delivery.settled(),
  };
}
