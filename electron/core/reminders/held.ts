// Quiet hours and pause: which messages wait, and the one summary that comes when notifications may speak again.
// A shift's start is never silenced ("on call in 15 min", "on call now", the heads-up for a shift starting during
// quiet hours, the last reminder before a start when "on call now" is off, a change to a shift starting before quiet
// time ends: shared/start-reminders). What waits is re-checked when it is delivered, so
// the summary never repeats something no longer true (a request someone else covered, a lead for a shift that
// has started since).
import type { NotificationRequest } from '../ports';
import type { HeldMessage } from '../storage/fired-store';
import type { Outcome } from './judge';
import { PLANNED, reminderBasis, upcomingNotification, type MessageOptions, type ShiftRef } from './messages';
import type { PlannedReminder } from './types';
import { heldLine, policyOf } from './policy';
import { speaksWhileQuiet } from '../../shared/start-reminders';
import { maxOf } from '../../shared/extremes';
import { KEEP_AFTER_END_MS as LATE_END_MAX_MS } from '../sync/kept';

/** Whether a message shown while quiet (until `quietEndMs`) speaks now rather than wait for the summary. */
export function isUrgent(o: Outcome, nowMs: number, quietEndMs: number): boolean {
  if (o.kind === undefined) return false;
  const quiet = policyOf(o.kind).quiet;
  if (quiet !== 'speaks-in-time') return quiet === 'speaks';
  return speaksWhileQuiet(o, nowMs, quietEndMs);
}

const changeScheduleOf = (c: NonNullable<HeldMessage['change']>): { scheduleId?: string } => {
  const id = (c.before[0] ?? c.after[0])?.scheduleId;
  return id === undefined ? {} : { scheduleId: id };
};

export function toHeld(o: Outcome & { show: NotificationRequest }, nowMs: number): HeldMessage {
  const first = o.settle[0];
  return {
    key: o.show.id,
    kind: o.kind ?? 'change',
    title: o.show.title,
    body: o.show.body,
    atMs: nowMs,
    untilMs: maxOf(
      o.settle.map((r) => r.untilMs),
      // A "Shift ended" held past its own instant is still said when the quiet time ends, as late as a late end is
      // (its reminder expires at the end itself: held with that, one inside quiet hours was never told).
      o.kind !== undefined && policyOf(o.kind).catchUp === 'late-end' ? nowMs + LATE_END_MAX_MS : nowMs,
    ),
    ...(first?.shift ? { scheduleId: first.shift.scheduleId, group: first.shift.group } : {}),
    ...(o.startsAtMs === undefined ? {} : { startsAtMs: o.startsAtMs }),
    // A change is held as the statement it makes, not as its sentence: worded when it is shown (heldLine). Its
    // schedule is its blocks' (a change has no `shift`): the record read back at a restart keeps only a held message
    // on a schedule watched now, so without it the change was dropped there (issue 47, round 5).
    ...(first?.change ? { change: first.change, ...changeScheduleOf(first.change) } : {}),
    // So is a correction: what it states is held, and worded when shown.
    ...(first?.correction ? { correction: first.correction, scheduleId: first.correction.was.scheduleId } : {}),
  };
}

const sameBlock = (a: ShiftRef, b: ShiftRef): boolean =>
  a.scheduleId === b.scheduleId && a.startMs === b.startMs && a.endMs === b.endMs;

/** Whether a held change still states what the latest read says (`mine`: my blocks from now on, as planned): each
 *  block it says I now have that hasn't ended is still mine, and each it says I lost is still not. A change the
 *  service changed again since is left out of the summary (and said once, as every untrue held line is). */
export function changeHolds(h: HeldMessage, mine: readonly ShiftRef[], nowMs: number): boolean {
  if (!h.change) return true;
  const ahead = (r: ShiftRef): boolean => r.endMs > nowMs;
  const has = (r: ShiftRef): boolean => mine.some((m) => sameBlock(m, r));
  const kept = h.change.after.filter(ahead).every(has);
  const lost = h.change.before.filter((b) => ahead(b) && !h.change?.after.some((a) => sameBlock(a, b)));
  return kept && !lost.some(has);
}

/** Whether a held correction still states what the latest read says: the start it says I lost is still not mine
 *  (an override of mine undone since would make "not on call at 09:00 after all" false). */
export function correctionStillHolds(h: HeldMessage, mine: readonly ShiftRef[]): boolean {
  const was = h.correction?.was;
  if (!was) return true;
  return !mine.some((m) => m.scheduleId === was.scheduleId && m.startMs <= was.startMs && was.startMs < m.endMs);
}

/** Whether a held message is past its time. A correction of time already past has none: it is owed until said or
 *  no longer true, however long a pause or quiet time held it (a pause may last any length; issue 47, round 5). */
export const heldExpired = (h: HeldMessage, nowMs: number): boolean => h.untilMs < nowMs && !h.correction?.past;

const MAX_LINES = 6;

export interface SummaryContext {
  opts: MessageOptions;
  /** Whether a held message is still true now (lines that are not are left out). */
  stillTrue: (h: HeldMessage) => boolean;
  /** When its schedule's data is saved data now, that data's time: the line then says what it rests on. */
  savedDataAtMs?: (scheduleId: string) => number | undefined;
  /** When the account's coverage requests are saved data now: a held request's line then says so. */
  coverageSavedAtMs?: () => number | undefined;
  /** The app's own wording now of a held message it still plans (a lead: from the shift as read now), so a line
   *  is never the body a file held (issue 52); undefined when the plan has none. */
  wordedNow?: (h: HeldMessage) => Pick<NotificationRequest, 'title' | 'body'> | undefined;
}

/** The app's own wording now of a held message it still plans: the planned notification of its key, or, for a lead
 *  whose instant has passed (so its key is no longer planned), "On call …: Platform …" from its shift as read now.
 *  Either is worded fresh: the line's basis now is added by heldLine, never the one it was held on (a lead held
 *  while its account was down said "According to saved data from Wed 11:00" hours after a fresh read; round 8). */
export function heldWordedNow(
  h: HeldMessage,
  plan: readonly PlannedReminder[],
  nowMs: number,
  opts: MessageOptions,
): Pick<NotificationRequest, 'title' | 'body'> | undefined {
  const n = plan.find((p) => p.key === h.key)?.notification;
  if (n) return { title: n.title, body: n.body };
  if (h.kind !== 'lead' || h.group === undefined) return undefined;
  const shift = plan.find((p) => p.shift?.group === h.group)?.shift;
  if (!shift) return undefined;
  const now = upcomingNotification(h.key, shift, nowMs, opts, PLANNED);
  return { title: now.title, body: now.body };
}

/** The summary of what waited and is still true, or undefined when nothing is left to say. */
export function summaryOf(
  held: readonly HeldMessage[],
  nowMs: number,
  ctx: SummaryContext,
): NotificationRequest | undefined {
  const live = held.filter((h) => !heldExpired(h, nowMs) && ctx.stillTrue(h));
  if (live.length === 0) return undefined;
  // What each line rests on now, as a Basis: its words come from the one exhaustive wording (basisMark).
  const basisOf = (h: HeldMessage) =>
    reminderBasis(
      h.kind === 'coverage'
        ? ctx.coverageSavedAtMs?.()
        : h.scheduleId === undefined
          ? undefined
          : ctx.savedDataAtMs?.(h.scheduleId),
    );
  const lines = live
    .slice(0, MAX_LINES)
    .map((h) => heldLine({ ...h, ...ctx.wordedNow?.(h) }, nowMs, ctx.opts, basisOf(h)));
  if (live.length > MAX_LINES) lines.push(`…and ${live.length - MAX_LINES} more.`);
  const noun = live.length === 1 ? 'message' : 'messages';
  return {
    id: `held-summary:${held[0]?.atMs ?? nowMs}:${held.length}`,
    title: `${live.length} ${noun} while notifications were quiet`,
    body: lines.join('\n'),
    target: 'status',
  };
}
