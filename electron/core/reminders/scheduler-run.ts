// The reminder scheduler's working state in one record, and its steps (see ./scheduler for what it does).
import type { FiredStore } from '../storage/fired-store';
import type { ConfirmGate } from './confirm';
import type { Delivery } from './delivery';
import { passedKey } from './delivery';
import { judge } from './judge';
import type { MessageOptions } from './messages';
import { myTimeOf } from './message-words';
import { keepSeenStarts, uniqueByKey } from './plan-merge';
import { isAsap } from './policy';
import { HOLD_GRACE_MS, MAX_TIMER_MS, type ReminderSchedulerOptions } from './scheduler-options';
import type { PlannedReminder } from './types';
import type { WakeWatch } from './wake-watch';
import { minOf } from '../../shared/extremes';

/** One scheduler's working state; only createReminderScheduler and the steps below hold it. */
export interface Run {
  o: ReminderSchedulerOptions;
  graceMs: number;
  firedStore: FiredStore;
  delivery: Delivery;
  gate: ConfirmGate | undefined;
  wakeWatch: WakeWatch;
  plan: PlannedReminder[];
  cancelTimer: (() => void) | undefined;
  /** When the armed timer was meant to fire (a late firing tells of a sleep, see ./wake-watch). */
  timerDueMs: number | undefined;
  cancelGrace: (() => void) | undefined;
  stopped: boolean;
  heldSinceMs: number | undefined;
  /** The last wake or restart: catch-ups from data confirmed before it say they come from saved data. */
  wokeAtMs: number | undefined;
  /** Due reminders waiting for their schedule's read, and when the earliest wait ends. */
  confirming: { keys: ReadonlySet<string>; untilMs: number | undefined };
  /** Whether the plan was judged yet: before, what is owed is not known (owedAt). */
  judgedOnce?: boolean;
}

/** The reminders due by `savedAtMs` the app still owes (not shown or settled: held, waiting for a read, or not
 *  judged yet); undefined before the first judgement (what is due isn't known yet). */
export function owedAt(r: Run, savedAtMs: number): string[] | undefined {
  if (r.judgedOnce !== true) return undefined;
  return r.plan.filter((p) => !isAsap(p) && p.atMs <= savedAtMs && !done(r, p)).map((p) => p.key);
}

export const zoneOf = (r: Run): string => (typeof r.o.localZone === 'function' ? r.o.localZone() : r.o.localZone);

// Shown, or passed while the account was silenced (never caught up afterwards).
const recorded = (r: Run, key: string): boolean => r.firedStore.has(key) || r.firedStore.has(passedKey(key));

// A correction of reminders none of which was shown (or all passed unshown) has nothing to correct.
const pointless = (r: Run, p: PlannedReminder): boolean =>
  p.corrects !== undefined && !p.corrects.some((key) => r.firedStore.has(key));

export const done = (r: Run, p: PlannedReminder): boolean =>
  recorded(r, p.key) ||
  pointless(r, p) ||
  (p.settles !== undefined && p.settles.length > 0 && p.settles.every((key) => recorded(r, key)));

function arm(r: Run): void {
  const { clock } = r.o;
  r.cancelTimer?.();
  r.cancelTimer = undefined;
  r.timerDueMs = undefined;
  if (r.stopped || (r.plan.length === 0 && r.firedStore.held().length === 0)) return;
  // While held, due items wait for `release`; only what is not due yet needs the timer.
  const nowMs = clock.now();
  // Due items waiting for a read are judged when it comes (a new plan) or when the wait ends.
  const waiting = r.plan.filter(
    (p) => p.atMs > nowMs || (r.heldSinceMs === undefined && !r.confirming.keys.has(p.key)),
  );
  // Held messages are summed up when quiet time ends: wake up then.
  const quietEndMs = r.firedStore.held().length > 0 ? r.delivery.quietEnd(nowMs) : undefined;
  const ends = [quietEndMs ?? Infinity, r.confirming.untilMs ?? Infinity];
  // Not spread: a plan as long as a file can make it would overflow the call stack (extremes.ts).
  const next = minOf(
    waiting.map((p) => p.atMs),
    Math.min(nowMs + MAX_TIMER_MS, ...ends),
  );
  const delayMs = Math.min(Math.max(0, next - clock.now()), MAX_TIMER_MS);
  r.timerDueMs = clock.now() + delayMs;
  r.cancelTimer = clock.setTimer(delayMs, () => judgeNow(r, true));
}

/** When a schedule's data is saved data now (the message then says what it rests on), else undefined. */
function savedDataAt(r: Run, nowMs: number, unconfirmed: ReadonlySet<string>): (id: string) => number | undefined {
  const staleAfterMs = r.o.staleAfterMs?.();
  return (id) => {
    const knownMs = r.o.knownAtMs?.(id);
    if (knownMs === undefined) return undefined;
    const beforeWake = r.wokeAtMs !== undefined && knownMs < r.wokeAtMs;
    const old = staleAfterMs !== undefined && nowMs - knownMs > staleAfterMs;
    // The latest read of it failed, or none came when asked: what is known is as of the last confirmation.
    const failed = (r.o.confirm?.failedAtMs(id) ?? -Infinity) > knownMs;
    return beforeWake || old || failed || unconfirmed.has(id) ? knownMs : undefined;
  };
}

function messageOptions(r: Run): MessageOptions {
  const localZone = zoneOf(r);
  const mine = myTimeOf(r.o);
  return { ...(localZone ? { localZone } : {}), ...(r.o.locale ? { locale: r.o.locale } : {}), ...mine };
}

/** Reminders due up to when the app is known to have handled them (an older copy of the record was put back,
 *  storage/fired-saved.ts) are recorded, not shown again; one due later (the app was off) still comes. Due-when-
 *  noticed items are keyed by what they are about, never by a time, and are left to the record. */
function recordHandled(r: Run): void {
  const untilMs = r.firedStore.handledBeforeMs();
  if (untilMs === undefined) return;
  // One the app still owed at that save (held, waiting for a read) was not handled: it still comes.
  const handled = r.plan.filter(
    (p) => !isAsap(p) && p.atMs <= untilMs && !done(r, p) && !r.firedStore.owedAtSave(p.key),
  );
  if (handled.length === 0) return;
  void r.firedStore.add(handled.map((p) => ({ key: p.key, untilMs: p.untilMs }))).catch(() => undefined);
}

/** Judges the whole plan by the wall clock now (a sleep noticed first), delivers the outcomes and re-arms. */
export function judgeNow(r: Run, byTimer: boolean): void {
  if (r.stopped) return;
  const awakeSinceMs = r.wakeWatch.look(byTimer ? r.timerDueMs : undefined);
  if (awakeSinceMs !== undefined) {
    hold(r, awakeSinceMs);
    if (r.o.onWake?.(awakeSinceMs) === 'known') unhold(r);
  }
  r.o.beforeJudge?.();
  const nowMs = r.o.clock.now();
  r.judgedOnce = true;
  recordHandled(r);
  r.plan = r.plan.filter((p) => !done(r, p));
  const opts = messageOptions(r);
  const held = r.heldSinceMs !== undefined;
  const verdict = held || !r.gate ? undefined : r.gate.look(r.plan, nowMs);
  r.confirming = { keys: verdict?.waiting ?? new Set(), untilMs: verdict?.untilMs };
  const savedDataAtMs = savedDataAt(r, nowMs, verdict?.unconfirmed ?? new Set());
  const waits = r.confirming.keys;
  const judged = waits.size === 0 ? r.plan : r.plan.filter((p) => !waits.has(p.key));
  const outcomes = judge(judged, { nowMs, graceMs: r.graceMs, opts, held, savedDataAtMs });
  const settledKeys = r.delivery.settle(outcomes, nowMs, { plan: r.plan, opts, savedDataAtMs });
  r.plan = r.plan.filter((p) => !settledKeys.has(p.key));
  arm(r);
}

export function hold(r: Run, sinceMs = r.o.clock.now()): void {
  r.wokeAtMs = sinceMs;
  // This sleep is now known (a resume event, or seen from the clock): the next look must not report it again.
  r.wakeWatch.reset();
  if (r.heldSinceMs !== undefined || r.stopped) return;
  r.heldSinceMs = sinceMs;
  r.cancelGrace = r.o.clock.setTimer(HOLD_GRACE_MS, () => release(r));
}

/** Ends the hold without judging (the caller is about to). */
function unhold(r: Run): boolean {
  r.cancelGrace?.();
  r.cancelGrace = undefined;
  const wasHeld = r.heldSinceMs !== undefined;
  r.heldSinceMs = undefined;
  return wasHeld;
}

export function release(r: Run): void {
  if (unhold(r)) judgeNow(r, false);
}

/** Replaces the plan, keeping due-when-noticed items not yet shown (until they expire), and judges at once. */
export function setPlan(r: Run, next: readonly PlannedReminder[]): void {
  const nowMs = r.o.clock.now();
  const keys = new Set(next.map((p) => p.key));
  const kept = r.plan.filter((p) => isAsap(p) && !keys.has(p.key) && p.untilMs > nowMs);
  const localZone = zoneOf(r);
  r.plan = uniqueByKey([...keepSeenStarts(next, r.plan, localZone ? { localZone } : {}), ...kept]);
  judgeNow(r, false);
}

export function stop(r: Run): void {
  r.stopped = true;
  r.cancelTimer?.();
  r.cancelGrace?.();
  r.cancelTimer = undefined;
}
