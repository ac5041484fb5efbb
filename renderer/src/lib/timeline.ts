// The week as a picture, as plain data: seven local days from today's midnight, one row per watched schedule (mine
// first), each cut into segments of who is on call, uncovered time and time the app doesn't know. Pure (state + now
// + zone in, numbers and text out), so it is unit-tested without a browser.
//
// Each row is the schedule's known timeline (core/model/timeline.ts, sent in the state): every shift read in the
// week is drawn for every person; "uncovered" only where the data was read and nobody is on call; hatched unknown
// only where the app truly doesn't know (not loaded, shifts the service sent unreadable, past what was read).
import {
  formatDate,
  formatDay,
  formatDayTime,
  formatWindow,
  initials,
  wallParts,
} from '../../../electron/shared/format';
import { assertNever, viewReadingsIn } from '../../../electron/shared/basis';
import { hasData, savedAt } from '../../../electron/shared/freshness';
import type { AppState, Person, ScheduleView, TimeSpan } from '../../../electron/shared/view-state';
import { myEmailOn } from '../../../electron/shared/account-names';
import { orderedSchedules } from './glance';
import { withAccount } from './accounts';
import type { FormatContext } from './format-context';

export const TIMELINE_DAYS = 7;

export type SegmentKind = 'person' | 'uncovered' | 'unknown';

export interface TimelineSegment {
  kind: SegmentKind;
  startMs: number;
  endMs: number;
  /** Who is on call (kind 'person'). */
  people: Person[];
  /** "AB" or "AB+1"; empty for other kinds. */
  label: string;
  /** 0–5, stable per person (the first one's id); -1 for other kinds. */
  hue: number;
  /** I am among the people. */
  mine: boolean;
  /** Only my block is known here: others may be on call with me. */
  partial: boolean;
  /** "Alice Doe, Tue 09:00 – Wed 09:00 (…New York)": what focus and the text list say. */
  text: string;
}

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

/** A stable colour index per person, the same hash as the avatars. */
export function hueOf(id: string): number {
  return [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % 6;
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

type Piece = Omit<TimelineSegment, 'text'> & {
  whenStart?: number;
  whenEnd?: number;
  why?: TimeSpan['why'];
  saved?: TimeSpan['saved'];
};

const UNKNOWN_WHY: Record<NonNullable<TimeSpan['why']> | 'none', string> = {
  hole: "unknown: shifts the service sent couldn't be read",
  beyond: 'unknown: not read this far ahead',
  not_read: 'unknown (not loaded)',
  none: 'unknown (not loaded)',
};

/** The schedule's known timeline cut to [startMs, endMs), as the one lookup reads it (unknown filled in by it). */
function piecesOf(s: ScheduleView, startMs: number, endMs: number, isMe: (p: Person) => boolean): Piece[] {
  const unknown = (a: number, b: number, why?: TimeSpan['why'], people: Person[] = [], saved?: TimeSpan['saved']) => ({
    kind: 'unknown' as const,
    startMs: a,
    endMs: b,
    people,
    partial: people.length > 0,
    mine: false,
    hue: -1,
    label: '',
    ...(why ? { why } : {}),
    ...(saved ? { saved } : {}),
  });
  if (!hasData(s.status)) return [unknown(startMs, endMs)];
  return viewReadingsIn(s.timeline, startMs, endMs).map((r): Piece => {
    const a = Math.max(r.startMs, startMs);
    const b = Math.min(r.endMs, endMs);
    const users = r.span?.users ?? [];
    const first = users[0];
    switch (r.kind) {
      case 'people':
        return first
          ? {
              kind: 'person',
              startMs: a,
              endMs: b,
              whenStart: r.startMs,
              whenEnd: r.endMs,
              people: users,
              partial: false,
              mine: users.some(isMe),
              hue: hueOf(first.id),
              label: initials(first.name) + (users.length > 1 ? `+${users.length - 1}` : ''),
            }
          : unknown(a, b, r.why);
      case 'nobody':
        return { kind: 'uncovered', startMs: a, endMs: b, people: [], partial: false, mine: false, hue: -1, label: '' };
      case 'unknown':
        return unknown(a, b, r.why, users, r.span?.saved);
      default:
        return assertNever(r.kind);
    }
  });
}

function whoText(
  p: Piece,
  isMe: (p: Person) => boolean,
  time: (iso: string) => string,
  notRead?: string,
  ended?: string,
): string {
  const namesOf = (people: Person[]) => people.map((x) => (isMe(x) ? `${x.name} (you)` : x.name)).join(', ');
  const names = namesOf(p.people);
  if (p.kind === 'uncovered') return 'uncovered: nobody on call';
  if (p.kind === 'person') return names;
  // No key: "not read: no API key for Acme", as every surface says it, never a load to come (adv47 r11 #4).
  // Past saved data that ended before now is old, not far ahead: when it ended, as the glance says it (adv49 r19).
  const why =
    notRead !== undefined && !p.why
      ? `unknown (not read: ${notRead})`
      : p.why === 'beyond' && ended
        ? `unknown (saved data ends ${time(ended)})`
        : UNKNOWN_WHY[p.why ?? 'none'];
  const known = p.people.length > 0 ? `${why}; on call at least: ${names}` : why;
  // The earlier read the reminders speak from here, in their words ("saved data from 06:00").
  if (!p.saved) return known;
  return `${known}; saved data from ${time(p.saved.readAt)}: ${namesOf(p.saved.users) || 'nobody on call'}`;
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
