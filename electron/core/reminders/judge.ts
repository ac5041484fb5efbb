// Deciding, at one instant, what to show of the due reminders (pure). Reminders of one shift that passed while the
// app could not show them (asleep, closed, waiting to know) collapse into one true message for the present
// ("On call in 3 h", "You have been on call … since 09:00", or "… ended at 17:00"); nothing is said twice.
import type { NotificationRequest } from '../ports';
import { KEEP_AFTER_END_MS } from '../sync/kept';
import type { MessageOptions, ShiftRef } from './messages';
import { isAsap, policyOf, type Say } from './policy';
import type { PlannedReminder, ReminderKind } from './types';
import { minOf } from '../../shared/extremes';

export { isAsap } from './policy';

/** A catch-up for missed lead reminders is skipped when the shift's next planned reminder comes this soon anyway,
 *  so a shift first seen 16 min before it starts does not get "On call in 16 min" and then "in 15 min". */
export const CATCH_UP_QUIET_MS = 30 * 60_000;
/** A caught-up lead this close to its start would read "now": the start reminder speaks instead. */
export const START_SOON_MS = 60_000;
/** A shift end missed by more than this (a long sleep, the app closed overnight) is not worth a message. */
export const LATE_END_MAX_MS = KEEP_AFTER_END_MS;

/** What to show (if anything) and which planned items it settles; `kind` and `startsAtMs` tell how urgent it is. */
export interface Outcome {
  show?: NotificationRequest;
  settle: PlannedReminder[];
  kind?: ReminderKind;
  /** Start of the shift the message is about (a lead's or a change's next block). */
  startsAtMs?: number;
  /** Quiet time must not hold it past this instant (the last lead's start, a change's earliest start). */
  mustPrecedeMs?: number;
}

export interface JudgeContext {
  nowMs: number;
  graceMs: number;
  opts: MessageOptions;
  /** Shift reminders wait while the app does not know yet (after a wake or restart, before the first sync). */
  held: boolean;
  /** When the schedule's shifts were last confirmed, if that was before the app woke or longer ago than the refresh
   *  allows (saved data): the message then says what it rests on. */
  savedDataAtMs: (scheduleId: string) => number | undefined;
}

/** What a shift's reminder rests on when not fresh data: a kept earlier read (a hole in the latest), or old data. */
const savedAt = (ref: ShiftRef, ctx: JudgeContext): number | undefined =>
  ref.keptReadAtMs ?? ctx.savedDataAtMs(ref.scheduleId);

/** The words for a reminder: its kind's, on time or late, from fresh or (saying so) from saved data. */
function words(
  kind: ReminderKind,
  when: 'onTime' | 'late',
  say: Say,
  savedAtMs: number | undefined,
): NotificationRequest {
  const wording = policyOf(kind)[when];
  return savedAtMs === undefined ? wording.fresh(say) : wording.saved({ ...say, savedAtMs });
}

function judgeEnds(ends: readonly PlannedReminder[], ctx: JudgeContext): Outcome[] {
  return ends.map((end) => {
    const lateMs = ctx.nowMs - end.atMs;
    const say = { r: end, nowMs: ctx.nowMs, opts: ctx.opts };
    const savedAtMs = end.shift ? savedAt(end.shift, ctx) : undefined;
    if (lateMs <= ctx.graceMs) return { show: words(end.kind, 'onTime', say, savedAtMs), settle: [end], kind: 'end' };
    if (!end.shift || lateMs > LATE_END_MAX_MS) return { settle: [end] };
    return { show: words(end.kind, 'late', say, savedAtMs), settle: [end], kind: 'end' };
  });
}

/** Reminders of one shift that are due: the latest on time is shown as planned, else one message for now. */
function judgeShiftGroup(
  items: readonly PlannedReminder[],
  ctx: JudgeContext,
  nextPlannedMs: number | undefined,
): Outcome[] {
  const ref = items[0]?.shift;
  if (!ref) return [];
  const lateEnd = (r: PlannedReminder): boolean => policyOf(r.kind).catchUp === 'late-end';
  const outcomes = judgeEnds(items.filter(lateEnd), ctx);
  // A heads-up due with a lead at the same instant speaks for both: it says what still comes.
  const headsUpLast = (r: PlannedReminder): number => (r.kind === 'heads-up' ? 1 : 0);
  const before = items.filter((r) => !lateEnd(r)).sort((a, b) => a.atMs - b.atMs || headsUpLast(a) - headsUpLast(b));
  const latest = before[before.length - 1];
  if (!latest) return outcomes;
  const show = catchUp(ref, latest, ctx, nextPlannedMs);
  const kind: ReminderKind =
    ctx.nowMs >= ref.startMs
      ? 'start'
      : latest.kind === 'heads-up' && ctx.nowMs - latest.atMs <= ctx.graceMs
        ? 'heads-up'
        : 'lead';
  // The one message stands for every reminder it settles: the last warning among them keeps it from waiting.
  const precede = before.flatMap((r) => (r.mustPrecedeMs === undefined ? [] : [r.mustPrecedeMs]));
  const stake = { startsAtMs: ref.startMs, ...(precede.length > 0 ? { mustPrecedeMs: minOf(precede) } : {}) };
  outcomes.push(show ? { show, settle: before, kind, ...stake } : { settle: before });
  return outcomes;
}

function catchUp(
  ref: ShiftRef,
  latest: PlannedReminder,
  ctx: JudgeContext,
  nextPlannedMs: number | undefined,
): NotificationRequest | undefined {
  const { nowMs } = ctx;
  if (nowMs >= ref.endMs) return undefined;
  const savedAtMs = savedAt(ref, ctx);
  const say = { r: latest, nowMs, opts: ctx.opts };
  if (nowMs - latest.atMs <= ctx.graceMs) return words(latest.kind, 'onTime', say, savedAtMs);
  if (nowMs < ref.startMs) {
    // Within a minute of the start, "On call now" comes at the start itself: a lead now would say "now" too early.
    if (ref.startMs - nowMs < START_SOON_MS) return undefined;
    const soonAnyway = nextPlannedMs !== undefined && nextPlannedMs - nowMs <= CATCH_UP_QUIET_MS;
    return soonAnyway ? undefined : words('lead', 'late', say, savedAtMs);
  }
  return words('start', 'late', say, savedAtMs);
}

/**
 * Per shift group, the earliest lead reminder not yet due: a missed lead is caught up unless another lead says the
 * same soon anyway. The start doesn't count: "On call now" is not the lead that was slept through.
 */
function nextPlannedByGroup(plan: readonly PlannedReminder[], nowMs: number): Map<string, number> {
  const next = new Map<string, number>();
  for (const r of plan) {
    if (!r.shift || r.kind !== 'lead' || r.atMs <= nowMs) continue;
    next.set(r.shift.group, Math.min(r.atMs, next.get(r.shift.group) ?? Infinity));
  }
  return next;
}

export function judge(plan: readonly PlannedReminder[], ctx: JudgeContext): Outcome[] {
  const { nowMs } = ctx;
  const due = plan.filter((r) => r.atMs <= nowMs);
  const outcomes: Outcome[] = [];
  // A change notice that is shown says the shift's timing too, so it takes the place of that shift's catch-up.
  const settledByNotice = new Set<string>();
  for (const r of due) {
    if (!isAsap(r) && r.shift) continue;
    const show = nowMs <= r.untilMs;
    const about = {
      ...(r.startsAtMs === undefined ? {} : { startsAtMs: r.startsAtMs }),
      ...(r.mustPrecedeMs === undefined ? {} : { mustPrecedeMs: r.mustPrecedeMs }),
    };
    const notice = words(r.kind, 'onTime', { r, nowMs, opts: ctx.opts }, undefined);
    outcomes.push(show ? { show: notice, settle: [r], kind: r.kind, ...about } : { settle: [r] });
    if (show) for (const key of r.replaces ?? []) settledByNotice.add(key);
  }
  if (ctx.held) return outcomes;
  const groups = new Map<string, PlannedReminder[]>();
  for (const r of due) {
    if (isAsap(r) || !r.shift || settledByNotice.has(r.key)) continue;
    const group = groups.get(r.shift.group) ?? [];
    group.push(r);
    groups.set(r.shift.group, group);
  }
  const upcoming = nextPlannedByGroup(plan, nowMs);
  for (const [group, items] of groups) outcomes.push(...judgeShiftGroup(items, ctx, upcoming.get(group)));
  return outcomes;
}
