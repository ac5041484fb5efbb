// The words of every reminder. Each names the schedule and gives local times (with the schedule's own wall
// time where its zone differs), built from data at the moment the message is shown so it is true then.
import { formatDayTime, formatRelative, formatWindow } from '../../shared/format';
import type { CoverageView } from '../../shared/view-state';
import type { NotificationRequest } from '../ports';

export interface MessageOptions {
  localZone?: string;
  locale?: string;
}

/** One stretch of my on-call time on one schedule, as reminders need it. */
export interface ShiftRef {
  /** Groups all reminders of this shift, e.g. `shift:sch_x:2026-03-02T08:00:00Z`. */
  group: string;
  scheduleId: string;
  scheduleName: string;
  scheduleZone: string;
  startMs: number;
  endMs: number;
  /**
   * False when the shift was already running where the fetched shifts begin: earlier parts of it may have been
   * left out, so `startMs` is only where the data starts and the true start is unknown.
   */
  startSeen: boolean;
  /** Names of who is on call with me at the start. */
  others: string[];
  /** Names of who takes over at the end, when the cached shifts say. */
  nextNames: string[];
}

export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

function windowText(ref: ShiftRef, nowMs: number, opts: MessageOptions): string {
  return formatWindow(ref.startMs, ref.endMs, { ...opts, nowMs, scheduleZone: ref.scheduleZone });
}

/** The time alone on the day the message is read (`nowMs`), with the weekday or date on any other day. */
function dayTimeText(ms: number, nowMs: number, ref: ShiftRef, opts: MessageOptions): string {
  return formatDayTime(ms, { ...opts, nowMs, scheduleZone: ref.scheduleZone });
}

/** "17:00", or "Thu 09:00" when the shift ends on another day than it starts (a block of several days). */
function untilText(ref: ShiftRef, opts: MessageOptions): string {
  return dayTimeText(ref.endMs, ref.startMs, ref, opts);
}

/** "Platform primary 09:00–17:00, with Bob" */
export function shiftLine(ref: ShiftRef, nowMs: number, opts: MessageOptions): string {
  const with_ = ref.others.length > 0 ? `, with ${joinNames(ref.others)}` : '';
  return `${ref.scheduleName} ${windowText(ref, nowMs, opts)}${with_}`;
}

function toStatus(id: string, title: string, body: string, ref: ShiftRef): NotificationRequest {
  return { id, title, body, target: 'status', params: { scheduleId: ref.scheduleId } };
}

/** "On call in 15 min" — also used, computed from the present, when earlier reminders were slept through. */
export function upcomingNotification(id: string, ref: ShiftRef, atMs: number, opts: MessageOptions): NotificationRequest {
  return toStatus(id, `On call ${formatRelative(atMs, ref.startMs)}`, shiftLine(ref, atMs, opts), ref);
}

export function startNotification(id: string, ref: ShiftRef, opts: MessageOptions): NotificationRequest {
  const with_ = ref.others.length > 0 ? `, with ${joinNames(ref.others)}` : '';
  const body = `${ref.scheduleName} until ${untilText(ref, opts)}${with_}`;
  return toStatus(id, 'On call now', body, ref);
}

/**
 * After a sleep over the start: "You have been on call for Platform primary since 09:00 (until 17:00)". Both ends
 * are read from the day it is shown (`nowMs`; the start by default) and name their day when it is another one:
 * "since Mon 09:00 (until Wed 09:00)".
 */
export function sinceNotification(id: string, ref: ShiftRef, opts: MessageOptions, nowMs: number = ref.startMs): NotificationRequest {
  const since = dayTimeText(ref.startMs, nowMs, ref, opts);
  const until = dayTimeText(ref.endMs, nowMs, ref, opts);
  return toStatus(id, 'On call now', `You have been on call for ${ref.scheduleName} since ${since} (until ${until}).`, ref);
}

export function endNotification(id: string, ref: ShiftRef, opts: MessageOptions): NotificationRequest {
  const verb = ref.nextNames.length > 1 ? 'take' : 'takes';
  const next = ref.nextNames.length > 0 ? ` ${joinNames(ref.nextNames)} ${verb} over.` : '';
  // Without a known start, a window would state a false one.
  const what = ref.startSeen ? shiftLine({ ...ref, others: [] }, ref.startMs, opts) : `Your ${ref.scheduleName} shift`;
  const body = `${what} is over.${next}`;
  return toStatus(id, 'Shift ended', body, ref);
}

function coverageShiftsText(c: CoverageView, nowMs: number, opts: MessageOptions, zoneOf: (id: string) => string | undefined): string {
  const first = c.shifts[0];
  if (!first) return c.reason;
  const more = c.shifts.length > 1 ? ` and ${c.shifts.length - 1} more` : '';
  const scheduleZone = zoneOf(first.scheduleId);
  const when = formatWindow(first.start, first.end, { ...opts, nowMs, ...(scheduleZone ? { scheduleZone } : {}) });
  const reason = c.reason.trim() === '' ? '' : `: ${c.reason.trim()}`;
  return `${first.scheduleName} ${when}${more}${reason}`;
}

export function coverageNotification(
  c: CoverageView,
  nowMs: number,
  opts: MessageOptions,
  zoneOf: (scheduleId: string) => string | undefined,
): NotificationRequest {
  return {
    id: `coverage:${c.id}`,
    title: `Coverage request from ${c.requester.name}`,
    body: coverageShiftsText(c, nowMs, opts, zoneOf),
    target: 'coverage',
    params: { id: c.id },
  };
}

/** First sync after install: one message for what was already waiting, not one per request. */
export function coverageSummaryNotification(id: string, requests: readonly CoverageView[]): NotificationRequest {
  const names = [...new Set(requests.map((r) => r.requester.name))];
  return {
    id,
    title: `${requests.length} coverage requests are waiting`,
    body: `From ${joinNames(names)}.`,
    target: 'coverage',
  };
}

export type ShiftChange =
  | { kind: 'removed'; before: ShiftRef }
  | { kind: 'moved'; before: ShiftRef; after: ShiftRef }
  | { kind: 'added'; after: ShiftRef };

export function changeNotification(id: string, change: ShiftChange, nowMs: number, opts: MessageOptions): NotificationRequest {
  const ref = change.kind === 'added' ? change.after : change.before;
  const when = (r: ShiftRef): string => windowText(r, nowMs, opts);
  const body =
    change.kind === 'removed'
      ? `${ref.scheduleName} ${when(change.before)} was removed from your shifts.`
      : change.kind === 'moved'
        ? `${ref.scheduleName}: now ${when(change.after)} (was ${when(change.before)}).`
        : `You were added to ${ref.scheduleName} ${when(change.after)}.`;
  return toStatus(id, 'Your shift was changed', body, ref);
}
