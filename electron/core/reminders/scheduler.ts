// Shows planned reminders at their instants. One timer is armed for the earliest pending one; whenever it fires
// (or `check` is called on resume) everything is judged by the wall clock, so a sleep cannot produce a stale
// message: reminders of one shift that passed while asleep collapse into one true message for the present
// ("On call in 3 h", or "You have been on call … since 09:00"), and nothing is said for a shift already over.
// Fired keys are recorded before the notification goes out and persisted, so nothing is shown twice.
import type { FiredEntry, FiredStore } from '../storage/cache';
import type { Clock, NotificationRequest, Notifier } from '../ports';
import { endNotification, sinceNotification, upcomingNotification, type MessageOptions, type ShiftRef } from './messages';
import type { PlannedReminder } from './types';

export const REMINDER_GRACE_MS = 60_000;
/** Re-judge at least this often, so a missed resume event or a clock change is noticed. */
export const MAX_TIMER_MS = 10 * 60_000;
/** A catch-up for missed lead reminders is skipped when the shift's next planned reminder comes this soon anyway,
 *  so a shift first seen 16 min before it starts does not get "On call in 16 min" and then "in 15 min". */
export const CATCH_UP_QUIET_MS = 30 * 60_000;

export interface ReminderSchedulerOptions extends MessageOptions {
  clock: Clock;
  notifier: Notifier;
  firedStore: FiredStore;
  /** How late a reminder may be and still be shown as planned; default 60 s. */
  graceMs?: number;
  log?: (message: string) => void;
}

export interface ReminderScheduler {
  /** Replaces the plan. Due-when-noticed items (coverage, changes) not yet shown are kept until they expire. */
  setPlan(plan: readonly PlannedReminder[]): void;
  /** Judges the plan against the wall clock now; call on resume from sleep or a clock change. */
  check(): void;
  stop(): void;
  /** Items planned and not yet shown or settled. */
  pending(): PlannedReminder[];
  /** Resolves when notifications and writes started so far have finished. */
  settled(): Promise<void>;
}

type Outcome = { show?: NotificationRequest; settle: PlannedReminder[] };

const isAsap = (r: PlannedReminder): boolean => r.kind === 'coverage' || r.kind === 'change';

/** Reminders of one shift that are due: the latest on time is shown as planned, else one message for now. */
function judgeShiftGroup(
  items: readonly PlannedReminder[],
  nowMs: number,
  graceMs: number,
  opts: MessageOptions,
  nextPlannedMs: number | undefined,
): Outcome[] {
  const outcomes: Outcome[] = [];
  const ref = items[0]?.shift;
  if (!ref) return outcomes;
  for (const end of items.filter((r) => r.kind === 'end')) {
    outcomes.push(nowMs - end.atMs <= graceMs ? { show: end.notification, settle: [end] } : { settle: [end] });
  }
  const before = items.filter((r) => r.kind !== 'end').sort((a, b) => a.atMs - b.atMs);
  const latest = before[before.length - 1];
  if (!latest) return outcomes;
  let show: NotificationRequest | undefined;
  if (nowMs >= ref.endMs) show = undefined;
  else if (nowMs - latest.atMs <= graceMs) show = latest.notification;
  else if (nowMs < ref.startMs) {
    const soonAnyway = nextPlannedMs !== undefined && nextPlannedMs - nowMs <= CATCH_UP_QUIET_MS;
    show = soonAnyway ? undefined : upcomingNotification(latest.key, ref, nowMs, opts);
  }
  else show = sinceNotification(`${ref.group}:start`, ref, opts, nowMs);
  outcomes.push(show ? { show, settle: before } : { settle: before });
  return outcomes;
}

/** Per shift group, the earliest lead or start reminder not yet due. */
function nextPlannedByGroup(plan: readonly PlannedReminder[], nowMs: number): Map<string, number> {
  const next = new Map<string, number>();
  for (const r of plan) {
    if (!r.shift || r.kind === 'end' || isAsap(r) || r.atMs <= nowMs) continue;
    next.set(r.shift.group, Math.min(r.atMs, next.get(r.shift.group) ?? Infinity));
  }
  return next;
}

function judge(plan: readonly PlannedReminder[], nowMs: number, graceMs: number, opts: MessageOptions): Outcome[] {
  const due = plan.filter((r) => r.atMs <= nowMs);
  const upcoming = nextPlannedByGroup(plan, nowMs);
  const outcomes: Outcome[] = [];
  const groups = new Map<string, PlannedReminder[]>();
  for (const r of due) {
    if (isAsap(r) || !r.shift) {
      outcomes.push(nowMs <= r.untilMs ? { show: r.notification, settle: [r] } : { settle: [r] });
      continue;
    }
    const group = groups.get(r.shift.group) ?? [];
    group.push(r);
    groups.set(r.shift.group, group);
  }
  for (const [group, items] of groups) {
    outcomes.push(...judgeShiftGroup(items, nowMs, graceMs, opts, upcoming.get(group)));
  }
  return outcomes;
}

/**
 * A later plan may no longer see a running shift's start (the fetched shifts begin after it); its end reminder
 * (keyed by the end) keeps the start an earlier plan saw, so the message still names the true window.
 */
function keepSeenStarts(next: readonly PlannedReminder[], current: readonly PlannedReminder[], opts: MessageOptions): PlannedReminder[] {
  const seen = new Map<string, ShiftRef>();
  for (const r of current) if (r.kind === 'end' && r.shift?.startSeen) seen.set(r.key, r.shift);
  return next.map((r) => {
    const before = r.kind === 'end' && r.shift && !r.shift.startSeen ? seen.get(r.key) : undefined;
    if (!before || !r.shift || before.startMs > r.shift.startMs) return r;
    const shift: ShiftRef = { ...r.shift, group: before.group, startMs: before.startMs, startSeen: true };
    return { ...r, shift, notification: endNotification(`${shift.group}:end`, shift, opts) };
  });
}

export function createReminderScheduler(options: ReminderSchedulerOptions): ReminderScheduler {
  const { clock, notifier, firedStore } = options;
  const graceMs = options.graceMs ?? REMINDER_GRACE_MS;
  const opts: MessageOptions = { ...(options.localZone ? { localZone: options.localZone } : {}), ...(options.locale ? { locale: options.locale } : {}) };
  let plan: PlannedReminder[] = [];
  let cancelTimer: (() => void) | undefined;
  let stopped = false;
  const inFlight = new Set<Promise<unknown>>();

  const track = (p: Promise<unknown>): void => {
    const guarded = p.catch((e: unknown) => options.log?.(`reminder: ${e instanceof Error ? e.message : String(e)}`));
    inFlight.add(guarded);
    void guarded.finally(() => inFlight.delete(guarded));
  };
  const done = (r: PlannedReminder): boolean =>
    firedStore.has(r.key) || (r.settles !== undefined && r.settles.length > 0 && r.settles.every((k) => firedStore.has(k)));

  const arm = (): void => {
    cancelTimer?.();
    cancelTimer = undefined;
    if (stopped || plan.length === 0) return;
    const next = Math.min(...plan.map((r) => r.atMs));
    const delayMs = Math.min(Math.max(0, next - clock.now()), MAX_TIMER_MS);
    cancelTimer = clock.setTimer(delayMs, check);
  };

  function check(): void {
    if (stopped) return;
    const nowMs = clock.now();
    plan = plan.filter((r) => !done(r));
    const outcomes = judge(plan, nowMs, graceMs, opts);
    const entries: FiredEntry[] = outcomes.flatMap((o) =>
      o.settle.flatMap((r) => [r.key, ...(r.settles ?? [])].map((key) => ({ key, untilMs: r.untilMs }))),
    );
    if (entries.length > 0) track(firedStore.add(entries));
    for (const o of outcomes) if (o.show) track(notifier.notify(o.show));
    const settledKeys = new Set(entries.map((e) => e.key));
    plan = plan.filter((r) => !settledKeys.has(r.key));
    arm();
  }

  return {
    setPlan(next) {
      const nowMs = clock.now();
      const keys = new Set(next.map((r) => r.key));
      const kept = plan.filter((r) => isAsap(r) && !keys.has(r.key) && r.untilMs > nowMs);
      plan = [...keepSeenStarts(next, plan, opts), ...kept];
      check();
    },
    check,
    stop() {
      stopped = true;
      cancelTimer?.();
      cancelTimer = undefined;
    },
    pending: () => plan.filter((r) => !done(r)),
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
