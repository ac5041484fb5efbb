// The words of every reminder. Each names the schedule and gives local times (with the schedule's own wall
// time where its zone differs), built from data at the moment the message is shown so it is true then.
import {
  formatDayTime,
  formatDuration,
  formatRelative,
  formatTime,
  formatWindow,
  joinNames,
} from '../../shared/format';
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
  /** Set when (part of) the shift is known only from an earlier read, kept over time the latest read couldn't read
   * (a hole): when that read was made. Its reminders always say they rest on saved data. */
  keptReadAtMs?: number;
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

/** "According to saved data from 14:02, " — a catch-up judged from data the service has not confirmed since waking. */
function savedDataPrefix(savedAtMs: number | undefined, nowMs: number, opts: MessageOptions): string {
  if (savedAtMs === undefined) return '';
  return `According to saved data from ${formatDayTime(savedAtMs, { ...opts, nowMs })}, `;
}

/** "On call in 15 min" — also used, computed from the present, when earlier reminders were slept through. */
export function upcomingNotification(
  id: string,
  ref: ShiftRef,
  atMs: number,
  opts: MessageOptions,
  savedAtMs?: number,
): NotificationRequest {
  const line = shiftLine(ref, atMs, opts);
  const body = savedAtMs === undefined ? line : `${savedDataPrefix(savedAtMs, atMs, opts)}you are on call: ${line}.`;
  return toStatus(id, `On call ${formatRelative(atMs, ref.startMs)}`, body, ref);
}

/** The evening before a shift that starts during quiet hours: "On call at 03:00" — its start is not silenced. */
export function headsUpNotification(
  id: string,
  ref: ShiftRef,
  atMs: number,
  opts: MessageOptions,
): NotificationRequest {
  const body = `${shiftLine(ref, atMs, opts)}. It starts during quiet hours; its start reminders still come.`;
  // Quiet hours span the night: a start within 12 h on the next day reads "03:00 tonight", not "Wed 03:00".
  const time = formatTime(ref.startMs, opts);
  const when =
    ref.startMs - atMs < 12 * 60 * 60_000 && !dayTimeText(ref.startMs, atMs, ref, opts).startsWith(time)
      ? `${time} tonight`
      : dayTimeText(ref.startMs, atMs, ref, opts);
  return toStatus(id, `On call at ${when}`, body, ref);
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
export function sinceNotification(
  id: string,
  ref: ShiftRef,
  opts: MessageOptions,
  nowMs: number = ref.startMs,
  savedAtMs?: number,
): NotificationRequest {
  const since = dayTimeText(ref.startMs, nowMs, ref, opts);
  const until = dayTimeText(ref.endMs, nowMs, ref, opts);
  const saved = savedDataPrefix(savedAtMs, nowMs, opts);
  const you = saved === '' ? 'You' : 'you';
  return toStatus(
    id,
    'On call now',
    `${saved}${you} have been on call for ${ref.scheduleName} since ${since} (until ${until}).`,
    ref,
  );
}

/** On time, but from data not confirmed lately: "According to saved data from 01:00, you are on call now for …". */
export function savedStartNotification(
  id: string,
  ref: ShiftRef,
  opts: MessageOptions,
  nowMs: number,
  savedAtMs: number,
): NotificationRequest {
  const until = dayTimeText(ref.endMs, nowMs, ref, opts);
  return toStatus(
    id,
    'On call now',
    `${savedDataPrefix(savedAtMs, nowMs, opts)}you are on call now for ${ref.scheduleName} until ${until}.`,
    ref,
  );
}

/** An end on time, but from data not confirmed lately: "According to saved data from 15:55, your … shift is over." */
export function savedEndNotification(
  id: string,
  ref: ShiftRef,
  opts: MessageOptions,
  nowMs: number,
  savedAtMs: number,
): NotificationRequest {
  const what = ref.startSeen
    ? `your ${ref.scheduleName} shift ${windowText(ref, nowMs, opts)}`
    : `your ${ref.scheduleName} shift`;
  return toStatus(id, 'Shift ended', `${savedDataPrefix(savedAtMs, nowMs, opts)}${what} is over.`, ref);
}

/** A shift end the app could not show on time (asleep, closed): "Your Platform primary shift 09:00–17:00 ended at 17:00." */
export function lateEndNotification(
  id: string,
  ref: ShiftRef,
  opts: MessageOptions,
  nowMs: number,
): NotificationRequest {
  const what = ref.startSeen
    ? `Your ${ref.scheduleName} shift ${windowText(ref, nowMs, opts)}`
    : `Your ${ref.scheduleName} shift`;
  const next = ref.nextNames.length > 0 ? ` ${joinNames(ref.nextNames)} took over.` : '';
  return toStatus(id, 'Shift ended', `${what} ended at ${dayTimeText(ref.endMs, nowMs, ref, opts)}.${next}`, ref);
}

export function endNotification(id: string, ref: ShiftRef, opts: MessageOptions): NotificationRequest {
  const verb = ref.nextNames.length > 1 ? 'take' : 'takes';
  const next = ref.nextNames.length > 0 ? ` ${joinNames(ref.nextNames)} ${verb} over.` : '';
  // Without a known start, a window would state a false one.
  const what = ref.startSeen ? shiftLine({ ...ref, others: [] }, ref.startMs, opts) : `Your ${ref.scheduleName} shift`;
  const body = `${what} is over.${next}`;
  return toStatus(id, 'Shift ended', body, ref);
}

function coverageShiftsText(
  c: CoverageView,
  nowMs: number,
  opts: MessageOptions,
  zoneOf: (id: string) => string | undefined,
): string {
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

/** A change to my coverage on one schedule: my blocks there before and after (either side may be empty). */
export interface ShiftChange {
  before: ShiftRef[];
  after: ShiftRef[];
  /** Who has the time I lost, when I lost it all. */
  coverers: string[];
}

function spansText(refs: readonly ShiftRef[], nowMs: number, opts: MessageOptions): string {
  return joinNames(refs.map((r) => windowText(r, nowMs, opts)));
}

/** "on call now until 19:00" or "on call in 11 h 53 min": the timing the replaced catch-up would have told. */
function timingText(ref: ShiftRef, nowMs: number, opts: MessageOptions): string {
  if (ref.startMs <= nowMs) return `on call now until ${dayTimeText(ref.endMs, nowMs, ref, opts)}`;
  return `on call ${formatRelative(nowMs, ref.startMs)}`;
}

/** ", 2 h longer" / ", 30 min shorter" when one block only changed its end (or only its start). */
function resizeText(before: ShiftRef, after: ShiftRef): string {
  const deltaMs = after.endMs - after.startMs - (before.endMs - before.startMs);
  const sameStartOrEnd = before.startMs === after.startMs || before.endMs === after.endMs;
  if (!sameStartOrEnd || deltaMs === 0) return '';
  return `, ${formatDuration(deltaMs)} ${deltaMs > 0 ? 'longer' : 'shorter'}`;
}

/** A running shift that now ends at an instant already past: "… ended at 02:01 (was until 10:00). Alice … the rest". */
function cutBody(change: ShiftChange, nowMs: number, opts: MessageOptions): string {
  const cut = change.after[change.after.length - 1];
  const was = change.before[change.before.length - 1];
  if (!cut || !was) return '';
  const rest =
    change.coverers.length === 0
      ? ''
      : ` ${joinNames(change.coverers)} ${change.coverers.length > 1 ? 'are' : 'is'} covering the rest.`;
  const ended = dayTimeText(cut.endMs, nowMs, cut, opts);
  const planned = dayTimeText(was.endMs, nowMs, was, opts);
  return `Your ${cut.scheduleName} shift ended at ${ended}, not ${planned} as planned: you are not on call now.${rest}`;
}

function removedBody(change: ShiftChange, nowMs: number, opts: MessageOptions): string {
  const first = change.before[0];
  const name = first?.scheduleName ?? '';
  const when = spansText(change.before, nowMs, opts);
  const runningNow = change.before.some((r) => r.startMs <= nowMs && nowMs < r.endMs);
  const state = runningNow ? 'you are not on call now' : 'you are no longer on call then';
  if (change.coverers.length === 0) return `${name} ${when} was removed from your shifts: ${state}.`;
  const verb = change.coverers.length > 1 ? 'are' : 'is';
  return `${joinNames(change.coverers)} ${verb} covering your ${name} shift ${when}: ${state}.`;
}

export function changeNotification(
  id: string,
  change: ShiftChange,
  nowMs: number,
  opts: MessageOptions,
): NotificationRequest {
  const ref = change.after[0] ?? change.before[0];
  if (!ref) return { id, title: 'Your shift was changed', body: '', target: 'status' };
  if (change.after.length === 0) return toStatus(id, 'Your shift was removed', removedBody(change, nowMs, opts), ref);
  if (change.after.every((r) => r.endMs <= nowMs))
    return toStatus(id, 'Your shift was cut short', cutBody(change, nowMs, opts), ref);
  const next = change.after.find((r) => r.endMs > nowMs) ?? ref;
  const timing = timingText(next, nowMs, opts);
  if (change.before.length === 0) {
    return toStatus(
      id,
      'Your shift was added',
      `You were added to ${ref.scheduleName} ${spansText(change.after, nowMs, opts)} — ${timing}.`,
      ref,
    );
  }
  const [b0, a0] = [change.before[0], change.after[0]];
  const resize = change.before.length === 1 && change.after.length === 1 && b0 && a0 ? resizeText(b0, a0) : '';
  const body = `${ref.scheduleName}: now ${spansText(change.after, nowMs, opts)} (was ${spansText(change.before, nowMs, opts)}${resize}) — ${timing}.`;
  return toStatus(id, 'Your shift was changed', body, ref);
}
