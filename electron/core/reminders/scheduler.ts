// Shows planned reminders at their instants. One timer is armed for the earliest pending one; whenever it fires
// (or `check` is called) everything is judged by the wall clock (./judge), so a sleep cannot produce a stale
// message. After a wake or a restart, shift reminders are held until the app knows again (`hold`/`release`): the
// first sync after the event, or a short grace, after which a catch-up says it comes from saved data. A sleep is
// also noticed from the clock itself (wall time running ahead of monotonic time), so no resume event is needed.
// What is judged is delivered by ./delivery (write-ahead, and held through quiet hours).
import type { ServiceSettings } from '../../shared/settings';
import type { Clock, Notifier } from '../ports';
import type { FiredStore, HeldMessage } from '../storage/fired-store';
import { judge } from './judge';
import { isAsap } from './policy';
import { createWakeWatch } from './wake-watch';
import { createConfirmGate, type ConfirmSource } from './confirm';
import { createDelivery, passedKey } from './delivery';

export { WAKE_JUMP_MS } from './wake-watch';
import type { MessageOptions } from './messages';
import { keepSeenStarts, uniqueByKey } from './plan-merge';
import type { PlannedReminder } from './types';

export { CATCH_UP_QUIET_MS } from './judge';

export const REMINDER_GRACE_MS = 60_000;
/**
 * Re-judge at least this often while reminders are planned, so a sleep without a resume event is noticed within
 * 90 s of waking (timers run on a clock that stops in suspend: one armed before the sleep fires late by its
 * length). Ten minutes let a 15-min lead slept through go unnoticed past the start; a minute would cost 60
 * wake-ups an hour on its own (the idle budget is 70, sync included).
 */
export const MAX_TIMER_MS = 90_000;
/** How long held reminders wait for the first sync after a wake or restart before speaking from saved data. */
export const HOLD_GRACE_MS = 30_000;

export interface ReminderSchedulerOptions {
  clock: Clock;
  notifier: Notifier;
  firedStore: FiredStore;
  /** The local zone, read at each judgement so a catch-up after travel reads in the new zone. */
  localZone: string | (() => string);
  locale?: string;
  /** How late a reminder may be and still be shown as planned; default 60 s. */
  graceMs?: number;
  /** When a schedule's data was last confirmed by the service (epoch ms), for "According to saved data". */
  knownAtMs?: (scheduleId: string) => number | undefined;
  /**
   * Due shift reminders wait (briefly) for their schedule to be read at their instant; a failed read since the
   * last confirmation makes them say they rest on saved data. Without it, reminders speak from the data they have.
   */
  confirm?: ConfirmSource;
  /** Data confirmed longer ago than this is saved data even without a sleep (the service failing meanwhile). */
  staleAfterMs?: () => number | undefined;
  /**
   * The scheduler noticed a sleep by itself (no resume event). `awakeSinceMs`: every instant after it is after the
   * sleep. Answer 'known' when the data was already read after it (the catch-up is judged at once), else sync.
   */
  onWake?: (awakeSinceMs: number) => 'known' | 'syncing';
  /** Runs before each judgement (the engine re-plans there when the machine's zone changed). */
  beforeJudge?: () => void;
  /** Quiet hours and pause, read at each judgement. */
  quiet?: () => Pick<ServiceSettings, 'quietHours' | 'pausedUntil'> | undefined;
  /** Whether a held message (e.g. a coverage request) is still worth telling when quiet time ends. */
  stillTrue?: (held: HeldMessage) => boolean;
  /** Whether the account is muted or paused now: what falls due passes unshown (delivery.ts). */
  silenced?: () => boolean;
  log?: (message: string) => void;
}

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
  const { clock, notifier, firedStore } = options;
  const graceMs = options.graceMs ?? REMINDER_GRACE_MS;
  const zone = (): string => (typeof options.localZone === 'function' ? options.localZone() : options.localZone);
  let plan: PlannedReminder[] = [];
  let cancelTimer: (() => void) | undefined;
  let cancelGrace: (() => void) | undefined;
  let stopped = false;
  let heldSinceMs: number | undefined;
  /** The last wake or restart: catch-ups from data confirmed before it say they come from saved data. */
  let wokeAtMs: number | undefined;
  const wakeWatch = createWakeWatch(clock);
  let timerDueMs: number | undefined;
  const gate = options.confirm ? createConfirmGate(options.confirm) : undefined;
  const delivery = createDelivery({
    firedStore,
    notifier,
    zone,
    ...(options.quiet ? { quiet: options.quiet } : {}),
    ...(options.stillTrue ? { stillTrue: options.stillTrue } : {}),
    ...(options.silenced ? { silenced: options.silenced } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  /** Due reminders waiting for their schedule's read, and when the earliest wait ends. */
  let confirming: { keys: ReadonlySet<string>; untilMs: number | undefined } = { keys: new Set(), untilMs: undefined };
  // Shown, or passed while the account was silenced (never caught up afterwards).
  const recorded = (key: string): boolean => firedStore.has(key) || firedStore.has(passedKey(key));
  // A correction of reminders none of which was shown (or all passed unshown) has nothing to correct.
  const pointless = (r: PlannedReminder): boolean =>
    r.corrects !== undefined && !r.corrects.some((key) => firedStore.has(key));
  const done = (r: PlannedReminder): boolean =>
    recorded(r.key) || pointless(r) || (r.settles !== undefined && r.settles.length > 0 && r.settles.every(recorded));

  const arm = (): void => {
    cancelTimer?.();
    cancelTimer = undefined;
    timerDueMs = undefined;
    if (stopped || (plan.length === 0 && firedStore.held().length === 0)) return;
    // While held, due items wait for `release`; only what is not due yet needs the timer.
    const nowMs = clock.now();
    // Due items waiting for a read are judged when it comes (a new plan) or when the wait ends.
    const waiting = plan.filter((r) => r.atMs > nowMs || (heldSinceMs === undefined && !confirming.keys.has(r.key)));
    // Held messages are summed up when quiet time ends: wake up then.
    const quietEndMs = firedStore.held().length > 0 ? delivery.quietEnd(nowMs) : undefined;
    const ends = [quietEndMs ?? Infinity, confirming.untilMs ?? Infinity];
    const next = Math.min(nowMs + MAX_TIMER_MS, ...ends, ...waiting.map((r) => r.atMs));
    const delayMs = Math.min(Math.max(0, next - clock.now()), MAX_TIMER_MS);
    timerDueMs = clock.now() + delayMs;
    cancelTimer = clock.setTimer(delayMs, () => judgeNow(true));
  };

  /** When a schedule's data is saved data now (the message then says what it rests on), else undefined. */
  function savedDataAt(nowMs: number, unconfirmed: ReadonlySet<string>): (id: string) => number | undefined {
    const staleAfterMs = options.staleAfterMs?.();
    return (id) => {
      const knownMs = options.knownAtMs?.(id);
      if (knownMs === undefined) return undefined;
      const beforeWake = wokeAtMs !== undefined && knownMs < wokeAtMs;
      const old = staleAfterMs !== undefined && nowMs - knownMs > staleAfterMs;
      // The latest read of it failed, or none came when asked: what is known is as of the last confirmation.
      const failed = (options.confirm?.failedAtMs(id) ?? -Infinity) > knownMs;
      return beforeWake || old || failed || unconfirmed.has(id) ? knownMs : undefined;
    };
  }

  function judgeNow(byTimer: boolean): void {
    if (stopped) return;
    const awakeSinceMs = wakeWatch.look(byTimer ? timerDueMs : undefined);
    if (awakeSinceMs !== undefined) {
      hold(awakeSinceMs);
      if (options.onWake?.(awakeSinceMs) === 'known') unhold();
    }
    options.beforeJudge?.();
    const nowMs = clock.now();
    plan = plan.filter((r) => !done(r));
    const localZone = zone();
    const opts: MessageOptions = {
      ...(localZone ? { localZone } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
    };
    const held = heldSinceMs !== undefined;
    const verdict = held || !gate ? undefined : gate.look(plan, nowMs);
    confirming = { keys: verdict?.waiting ?? new Set(), untilMs: verdict?.untilMs };
    const savedDataAtMs = savedDataAt(nowMs, verdict?.unconfirmed ?? new Set());
    const judged = confirming.keys.size === 0 ? plan : plan.filter((r) => !confirming.keys.has(r.key));
    const outcomes = judge(judged, { nowMs, graceMs, opts, held, savedDataAtMs });
    const settledKeys = delivery.settle(outcomes, nowMs, { plan, opts, savedDataAtMs });
    plan = plan.filter((r) => !settledKeys.has(r.key));
    arm();
  }

  function hold(sinceMs = clock.now()): void {
    wokeAtMs = sinceMs;
    // This sleep is now known (a resume event, or seen from the clock): the next look must not report it again.
    wakeWatch.reset();
    if (heldSinceMs !== undefined || stopped) return;
    heldSinceMs = sinceMs;
    cancelGrace = clock.setTimer(HOLD_GRACE_MS, release);
  }

  /** Ends the hold without judging (the caller is about to). */
  function unhold(): boolean {
    cancelGrace?.();
    cancelGrace = undefined;
    const wasHeld = heldSinceMs !== undefined;
    heldSinceMs = undefined;
    return wasHeld;
  }

  function release(): void {
    if (unhold()) judgeNow(false);
  }

  return {
    setPlan(next) {
      const nowMs = clock.now();
      const keys = new Set(next.map((r) => r.key));
      const kept = plan.filter((r) => isAsap(r) && !keys.has(r.key) && r.untilMs > nowMs);
      const localZone = zone();
      plan = uniqueByKey([...keepSeenStarts(next, plan, localZone ? { localZone } : {}), ...kept]);
      judgeNow(false);
    },
    check: () => judgeNow(false),
    hold: () => hold(),
    release,
    heldSince: () => heldSinceMs,
    confirming: () => confirming.keys.size > 0,
    stop() {
      stopped = true;
      cancelTimer?.();
      cancelGrace?.();
      cancelTimer = undefined;
    },
    pending: () => plan.filter((r) => !done(r)),
    settled: () => delivery.settled(),
  };
}
