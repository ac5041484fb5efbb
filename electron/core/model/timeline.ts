// One known timeline per schedule: what the app read, laid out over time. Every statement that covers a stretch of
// time ("until", "then", "nobody", "free", "replaces", the week picture) is derived from it, so each surface says
// the same and none speaks of time the app couldn't read. Outside the read range, and inside holes (shifts the
// service sent in a form the app can't read), the time is `unknown`, with why; inside, it is `people` or `nobody`.
// Built once per read (memoized on the snapshot's shifts array), so deriving state at every tick is a lookup.
import type { Person } from '../../shared/view-state';
import type { ScheduleSnapshot } from './snapshot';
import { basisOver, readingAt, readingsIn, type Basis, type UnknownWhy } from '../../shared/basis';
import type { SourceStatus } from '../../shared/view-state';
import { instantMs, segmentsOf, type Segment } from './segments';
import { withKept, type Stretch } from './timeline-kept';

/** Why a stretch is unknown: never read, a hole the service sent unreadable, after the read range. */
export type { UnknownWhy };

export type { Stretch } from './timeline-kept';

export interface KnownTimeline {
  /** Sorted, disjoint, back to back: from the first instant the data speaks of to the last. Empty when never read. */
  stretches: Stretch[];
  /** When these shifts were read (not merely confirmed by a probe); null when never read. */
  readAtMs: number | null;
}

const EMPTY: KnownTimeline = { stretches: [], readAtMs: null };

interface Memo {
  holes: ScheduleSnapshot['shiftHoles'];
  from: string;
  to: string;
  readAt: string | undefined;
  kept: ScheduleSnapshot['shiftsKept'];
  timeline: KnownTimeline;
}
const memo = new WeakMap<readonly unknown[], Memo>();

const NOBODY: Person[] = [];

/** The stretch [a, b) as it reads; outside the read range a shift that reaches into it is real, but others there
 *  were not asked for: at least its people are on call, like readable shifts inside a hole. */
function stretchOf(a: number, b: number, seg: Segment | undefined, where: 'before' | 'in' | 'after', inHole: boolean) {
  const users = seg ? seg.users : NOBODY;
  const key = seg ? seg.key : '';
  const s: Stretch = { startMs: a, endMs: b, kind: seg ? 'people' : 'nobody', users, key };
  if (where !== 'in') {
    s.kind = 'unknown';
    s.why = where === 'before' ? 'not_read' : 'beyond';
  } else if (inHole) {
    s.kind = 'unknown';
    s.why = 'hole';
  }
  return s;
}

/** Every instant where what is known may change, sorted, once: the segments' bounds come in order already (they
 *  are sorted and disjoint), so they are merged with the few others instead of sorted again. */
function cutsOf(segments: readonly Segment[], fromMs: number, toMs: number, holes: readonly Span[]): number[] {
  const extra = [fromMs, toMs, ...holes.flatMap((h) => [h.fromMs, h.toMs])].sort((x, y) => x - y);
  const cuts: number[] = [];
  const push = (ms: number) => {
    if (cuts.length === 0 || (cuts[cuts.length - 1] ?? 0) < ms) cuts.push(ms);
  };
  let e = 0;
  const take = (ms: number) => {
    while (e < extra.length && (extra[e] ?? 0) <= ms) push(extra[e++] ?? 0);
    push(ms);
  };
  for (const seg of segments) {
    take(seg.startMs);
    take(seg.endMs);
  }
  while (e < extra.length) push(extra[e++] ?? 0);
  return cuts;
}

interface Span {
  fromMs: number;
  toMs: number;
}

/** The stretches of a read: segments, the read range [fromMs, toMs) and its holes, merged where equal. */
export function buildTimeline(
  segments: readonly Segment[],
  fromMs: number,
  toMs: number,
  holes: readonly Span[],
): Stretch[] {
  const cuts = cutsOf(segments, fromMs, toMs, holes);
  const stretches: Stretch[] = [];
  let last: Stretch | undefined;
  let si = 0;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const a = cuts[i] ?? 0;
    const b = cuts[i + 1] ?? 0;
    while (si < segments.length && (segments[si]?.endMs ?? Infinity) <= a) si++;
    const seg = segments[si] && (segments[si]?.startMs ?? Infinity) <= a ? segments[si] : undefined;
    const where = a < fromMs ? 'before' : b > toMs ? 'after' : 'in';
    if (!seg && where !== 'in') continue; // nothing read says anything here: left to the edges (unknown)
    const inHole = holes.length > 0 && holes.some((h) => h.fromMs <= a && b <= h.toMs);
    const next = stretchOf(a, b, seg, where, inHole);
    if (last && last.endMs === a && last.kind === next.kind && last.key === next.key && last.why === next.why) {
      last.endMs = b;
      continue;
    }
    last = next;
    stretches.push(next);
  }
  return stretches;
}

/** The known timeline of a schedule's snapshot (memoized per read). */
export function timelineOf(s: ScheduleSnapshot | undefined): KnownTimeline {
  if (!s || s.shiftsFrom === null || s.shiftsTo === null) return EMPTY;
  const readAt = s.shiftsReadAt ?? s.shiftsFetchedAt ?? undefined;
  const hit = memo.get(s.shifts);
  if (
    hit &&
    hit.holes === s.shiftHoles &&
    hit.from === s.shiftsFrom &&
    hit.to === s.shiftsTo &&
    hit.readAt === readAt &&
    hit.kept === s.shiftsKept
  )
    return hit.timeline;
  const holes = s.shiftHoles
    .map((h) => ({ fromMs: instantMs(h.from), toMs: instantMs(h.to) }))
    .filter((h) => h.toMs > h.fromMs);
  const fromMs = instantMs(s.shiftsFrom);
  const toMs = instantMs(s.shiftsTo);
  const read = buildTimeline(segmentsOf(s.shifts), fromMs, toMs, holes);
  // The earlier reads kept over what this one couldn't read: shown in the timeline, as the reminders read them.
  const stretches = s.shiftsKept?.length ? withKept(read, s.shiftsKept) : read;
  const timeline = { stretches, readAtMs: readAt === undefined ? null : instantMs(readAt) };
  memo.set(s.shifts, { holes: s.shiftHoles, from: s.shiftsFrom, to: s.shiftsTo, readAt, kept: s.shiftsKept, timeline });
  return timeline;
}

const outside = (startMs: number, endMs: number, why: UnknownWhy): Stretch => ({
  startMs,
  endMs,
  kind: 'unknown',
  why,
  users: [],
  key: '',
});

/** The stretch holding `ms`: outside the data, an unknown stretch of the time up to (or from) what was read. The
 *  one lookup (shared/basis.ts), as the renderer reads the view's timeline. */
export function stretchAt(t: KnownTimeline, ms: number): Stretch {
  return readingAt(t.stretches, ms, outside);
}

/** What a statement over [startMs, endMs) on this timeline rests on, given its source's freshness. */
export function timelineBasis(t: KnownTimeline, status: SourceStatus, startMs: number, endMs: number): Basis {
  const readAt = t.readAtMs === null ? null : new Date(t.readAtMs).toISOString();
  return basisOver(t.stretches, status, readAt, startMs, endMs);
}

/** The stretches overlapping [startMs, endMs), unknown filled in where the data says nothing. */
export function stretchesIn(t: KnownTimeline, startMs: number, endMs: number): Stretch[] {
  return readingsIn(t.stretches, startMs, endMs, outside);
}

/** What [startMs, endMs) holds: everyone known to be on call in it, the peak at once, and whether any of it is
 *  unknown (then "nobody" and "replaces nobody" can't be said). */
export function peopleIn(
  t: KnownTimeline,
  startMs: number,
  endMs: number,
): { users: Person[]; peak: number; unknown: boolean } {
  const seen = new Map<string, Person>();
  let peak = 0;
  let unknown = false;
  for (const s of stretchesIn(t, startMs, endMs)) {
    if (s.kind === 'unknown') unknown = true;
    for (const u of s.users) if (!seen.has(u.id)) seen.set(u.id, u);
    peak = Math.max(peak, new Set(s.users.map((u) => u.email.toLowerCase())).size);
  }
  return { users: [...seen.values()], peak, unknown };
}

/** Where what is known from `ms` on stops: the start of the first unknown stretch at or after it (a hole, the end
 *  of the read); null when `ms` itself isn't known. */
export function knownUntilMs(t: KnownTimeline, ms: number): number | null {
  let s = stretchAt(t, ms);
  if (s.kind === 'unknown') return null;
  while (s.kind !== 'unknown') s = stretchAt(t, s.endMs);
  return s.startMs;
}
