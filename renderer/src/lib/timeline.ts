// The week as a picture, as plain data: seven local days from today's midnight, one row per watched schedule (mine
// first), each cut into segments of who is on call, uncovered time and time the app doesn't know. Pure (state + now
// + zone in, numbers and text out), so it is unit-tested without a browser.
//
// Each row is the schedule's known timeline (core/model/timeline.ts, sent in the state): every shift read in the
// week is drawn for every person; "uncovered" only where the data was read and nobody is on call; hatched unknown
// only where the app truly doesn't know (not loaded, shifts the service sent unreadable, past what was read).
import { formatDayTime, formatWindow, wallParts } from '../../../electron/shared/format';
import { formatDate, formatDay } from '../../../electron/shared/day-word';
import { savedAt } from '../../../electron/shared/freshness';
import type { AppState, Person, ScheduleView } from '../../../electron/shared/view-state';
import { myEmailOn } from '../../../electron/shared/account-names';
import { orderedSchedules } from './glance';
import { withAccount } from './accounts';
import type { FormatContext } from './format-context';
import { piecesOf, whoText, type TimelineSegment } from './timeline-pieces';

export { hueOf, type SegmentKind, type TimelineSegment } from './timeline-pieces';

export const TIMELINE_DAYS = 7;

export interface TimelineRow {
  id: string;
  /** The account it is on: rows are grouped by it, in the user's order of accounts (like the cards). */
  accountId: string;
  name: string;
  zone: string | null;
  /** Drawn from saved data: marked, not hidden. */
  stale: boolean;
  /** Its mark beside the name: " · saved data from 14:02" (when it was read, as every surface words it), or ''. */
  savedMark: string;
  segments: TimelineSegment[];
}

export interface TimelineTick {
  ms: number;
  /** "Today", "Tue", … */
  label: string;
}

export interface TimelineModel {
  startMs: number;
  endMs: number;
  nowMs: number;
  ticks: TimelineTick[];
  rows: TimelineRow[];
}

/** The instant of the local midnight that starts the day holding `ms`, `days` days on (DST-aware). */
export function localMidnight(ms: number, zone: string | undefined, days = 0): number {
  const w = wallParts(ms, zone);
  if (!w) return ms;
  // Guess with the offset at `ms`, then correct with the offset at the guess (twice covers a change in between).
  const wall = Date.UTC(w.year, w.month - 1, w.day + days);
  let guess = wall - w.offsetMin * 60_000;
  for (let i = 0; i < 2; i++) {
    const off = wallParts(guess, zone)?.offsetMin ?? w.offsetMin;
    guess = wall - off * 60_000;
  }
  return guess;
}

function rowOf(state: AppState, s: ScheduleView, startMs: number, endMs: number, ctx: FormatContext): TimelineRow {
  const me = myEmailOn(state, s.accountId);
  const isMe = (p: Person) => me !== '' && p.email.toLowerCase() === me;
  const local = { nowMs: ctx.nowMs, locale: ctx.locale, ...(ctx.localZone ? { localZone: ctx.localZone } : {}) };
  const opts = { ...local, ...(s.timeZone ? { scheduleZone: s.timeZone } : {}) };
  // When a saved read was made, in local time as the reminders say it.
  const time = (iso: string) => formatDayTime(iso, local);
  const readAt = savedAt(s.status);
  const ended = s.known && Date.parse(s.known.to) <= ctx.nowMs ? s.known.to : undefined;
  const segments = piecesOf(s, startMs, endMs, isMe).map(({ whenStart, whenEnd, why: _why, saved, ...p }) => {
    // A shift is told by its true start and end, even where the week cuts it.
    // One that began before the week says since which day, not a bare weekday that could be last week's.
    const when =
      whenStart !== undefined && whenStart < startMs && whenEnd !== undefined
        ? `until ${formatDayTime(whenEnd, opts)} (since ${formatDate(whenStart, local)})`
        : formatWindow(whenStart ?? p.startMs, whenEnd ?? p.endMs, opts);
    const piece = { ...p, ...(_why ? { why: _why } : {}), ...(saved ? { saved } : {}) };
    const notRead = s.status.kind === 'not_read' ? s.status.reason : undefined;
    return { ...p, text: `${whoText(piece, isMe, time, notRead, ended)}, ${when}` };
  });
  return {
    id: s.id,
    accountId: s.accountId,
    name: withAccount(state, s.accountId, s.name),
    zone: s.timeZone,
    stale: !!readAt,
    savedMark: readAt ? ` · saved data from ${time(readAt)}` : '',
    segments,
  };
}

/** The week from today's local midnight: seven day ticks in local time, a row per schedule (mine first). */
export function timelineModel(state: AppState, ctx: FormatContext): TimelineModel {
  const startMs = localMidnight(ctx.nowMs, ctx.localZone);
  const endMs = localMidnight(ctx.nowMs, ctx.localZone, TIMELINE_DAYS);
  const ticks: TimelineTick[] = [];
  const local = { nowMs: ctx.nowMs, locale: ctx.locale, ...(ctx.localZone ? { localZone: ctx.localZone } : {}) };
  // Each day named as the formatter names a day ("Sat"): today too (the now line marks it).
  for (let d = 0; d < TIMELINE_DAYS; d++) {
    const ms = localMidnight(ctx.nowMs, ctx.localZone, d);
    ticks.push({ ms, label: formatDay(ms, local) });
  }
  return {
    startMs,
    endMs,
    nowMs: ctx.nowMs,
    ticks,
    rows: byAccount(state, orderedSchedules(state)).map((s) => rowOf(state, s, startMs, endMs, ctx)),
  };
}

/** The schedules grouped by account in the user's order of accounts, each group in the order given. */
function byAccount(state: AppState, schedules: ScheduleView[]): ScheduleView[] {
  const at = (s: ScheduleView) => state.accounts.findIndex((a) => a.id === s.accountId);
  return schedules
    .map((s, i) => ({ s, i }))
    .sort((a, b) => at(a.s) - at(b.s) || a.i - b.i)
    .map(({ s }) => s);
}
