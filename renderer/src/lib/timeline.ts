// The week as a picture, as plain data: seven local days from today's midnight, one row per watched schedule (mine
// first), each cut into segments of who is on call, uncovered time and time the app doesn't know. Pure (state + now
// + zone in, numbers and text out), so it is unit-tested without a browser.
//
// The state carries only now/next per schedule and my own blocks (`me.shifts`), so only those are drawn as people;
// the rest of the week is "unknown" (never a guessed person, never "uncovered"). Uncovered is said only where the
// state says nobody is on call (before `next`, or after `now` with no `next`) and the schedule's data covers it.
import { initials } from '../../../electron/shared/format';
import { hasData, savedAt } from '../../../electron/shared/freshness';
import { knowsAt } from '../../../electron/shared/knowledge';
import type { AppState, Person, ScheduleView } from '../../../electron/shared/view-state';
import { orderedSchedules } from './glance';
import { formatDayTime, formatWindow, wallParts } from './zoned-format';
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
  name: string;
  zone: string | null;
  /** Drawn from saved data: marked, not hidden. */
  stale: boolean;
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

interface Claim {
  startMs: number;
  endMs: number;
  people: Person[];
  partial: boolean;
}

const span = (start: string, end: string) => ({ startMs: Date.parse(start), endMs: Date.parse(end) });

function sameKey(
  a: Omit<TimelineSegment, 'text'> & { whenStart?: number },
  b: Omit<TimelineSegment, 'text'> & { whenStart?: number },
): boolean {
  return (
    a.kind === b.kind &&
    a.whenStart === b.whenStart &&
    a.partial === b.partial &&
    a.people.map((p) => p.id).join() === b.people.map((p) => p.id).join()
  );
}

const sinceDay = (ctx: FormatContext) =>
  new Intl.DateTimeFormat(ctx.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(ctx.localZone ? { timeZone: ctx.localZone } : {}),
  });

function rowOf(state: AppState, s: ScheduleView, startMs: number, endMs: number, ctx: FormatContext): TimelineRow {
  const me = state.settings.email.trim().toLowerCase();
  const isMe = (p: Person) => me !== '' && p.email.toLowerCase() === me;
  const data = hasData(s.status);
  // What the state says of people, strongest first: now, next, then my own blocks (others unknown there).
  const claims: Claim[] = [];
  if (data && s.now) claims.push({ ...span(s.now.start, s.now.end), people: s.now.users, partial: false });
  if (data && s.next) claims.push({ ...span(s.next.start, s.next.end), people: s.next.users, partial: false });
  const myself = s.users.find(isMe) ?? s.now?.users.find(isMe) ?? s.next?.users.find(isMe);
  if (data && myself) {
    for (const b of state.me.shifts)
      if (b.scheduleId === s.id) claims.push({ ...span(b.start, b.end), people: [myself], partial: true });
  }
  // Where the state says nobody is on call: from now (or the end of now's shift) to next's start, or on with no next.
  const emptyFrom = s.now ? Date.parse(s.now.end) : ctx.nowMs;
  const emptyTo = s.next ? Date.parse(s.next.start) : Infinity;

  const cuts = new Set<number>([startMs, endMs, ctx.nowMs, emptyFrom]);
  if (Number.isFinite(emptyTo)) cuts.add(emptyTo);
  for (const c of claims) cuts.add(c.startMs).add(c.endMs);
  if (s.known) {
    cuts.add(Date.parse(s.known.from)).add(Date.parse(s.known.to));
    for (const h of s.known.holes) cuts.add(Date.parse(h.from)).add(Date.parse(h.to));
  }
  const points = [...cuts].filter((t) => t >= startMs && t <= endMs).sort((a, b) => a - b);

  type Piece = Omit<TimelineSegment, 'text'> & { whenStart?: number; whenEnd?: number };
  const pieces: Piece[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i] as number, points[i + 1] as number];
    if (b <= a) continue;
    const claim = data ? claims.find((c) => c.startMs <= a && b <= c.endMs) : undefined;
    let piece: Piece;
    if (claim) {
      const first = claim.people[0];
      piece = {
        kind: 'person',
        startMs: a,
        endMs: b,
        whenStart: claim.startMs,
        whenEnd: claim.endMs,
        people: claim.people,
        partial: claim.partial,
        mine: claim.people.some(isMe),
        hue: first ? hueOf(first.id) : -1,
        label: first ? initials(first.name) + (claim.people.length > 1 ? `+${claim.people.length - 1}` : '') : '',
      };
      if (claim.people.length === 0) piece = { ...piece, kind: 'uncovered', hue: -1 };
    } else if (data && a >= emptyFrom && b <= emptyTo && a >= ctx.nowMs && knowsAt(s, a) && knowsAt(s, b - 1)) {
      piece = { kind: 'uncovered', startMs: a, endMs: b, people: [], partial: false, mine: false, hue: -1, label: '' };
    } else {
      piece = { kind: 'unknown', startMs: a, endMs: b, people: [], partial: false, mine: false, hue: -1, label: '' };
    }
    const last = pieces.at(-1);
    if (last && last.endMs === a && sameKey(last, piece)) last.endMs = b;
    else pieces.push(piece);
  }
  const opts = {
    nowMs: ctx.nowMs,
    locale: ctx.locale,
    ...(ctx.localZone ? { localZone: ctx.localZone } : {}),
    ...(s.timeZone ? { scheduleZone: s.timeZone } : {}),
  };
  const segments = pieces.map(({ whenStart, whenEnd, ...p }) => {
    // A shift is told by its true start and end, even where the week cuts it.
    // One that began before the week says since which day, not a bare weekday that could be last week's.
    const when =
      whenStart !== undefined && whenStart < startMs && whenEnd !== undefined
        ? `until ${formatDayTime(whenEnd, opts)} (since ${sinceDay(ctx).format(whenStart)})`
        : formatWindow(whenStart ?? p.startMs, whenEnd ?? p.endMs, opts);
    const who =
      p.kind === 'unknown'
        ? data
          ? 'unknown'
          : 'unknown (not loaded)'
        : p.kind === 'uncovered'
          ? 'uncovered: nobody on call'
          : p.partial
            ? 'You (others not known)'
            : p.people.map((x) => (isMe(x) ? `${x.name} (you)` : x.name)).join(', ');
    return { ...p, text: `${who}, ${when}` };
  });
  return { id: s.id, name: s.name, zone: s.timeZone, stale: savedAt(s.status) !== undefined, segments };
}

/** The week from today's local midnight: seven day ticks in local time, a row per schedule (mine first). */
export function timelineModel(state: AppState, ctx: FormatContext): TimelineModel {
  const startMs = localMidnight(ctx.nowMs, ctx.localZone);
  const endMs = localMidnight(ctx.nowMs, ctx.localZone, TIMELINE_DAYS);
  const ticks: TimelineTick[] = [];
  const weekday = new Intl.DateTimeFormat(ctx.locale, {
    weekday: 'short',
    ...(ctx.localZone ? { timeZone: ctx.localZone } : {}),
  });
  for (let d = 0; d < TIMELINE_DAYS; d++) {
    const ms = localMidnight(ctx.nowMs, ctx.localZone, d);
    ticks.push({ ms, label: d === 0 ? 'Today' : weekday.format(ms) });
  }
  return {
    startMs,
    endMs,
    nowMs: ctx.nowMs,
    ticks,
    rows: orderedSchedules(state).map((s) => rowOf(state, s, startMs, endMs, ctx)),
  };
}
