// What a statement rests on, as a value: `fresh` (read, complete over the span, confirmed lately), `saved` (read,
// not confirmed since) or `unknown` (why: never read, a hole the service sent unreadable, past the read). And the
// one lookup of a known timeline, shared by the core (core/model/timeline.ts, epoch ms) and every reader of the
// view's timeline (ISO, parsed once per array): a statement over a span asks `basisOver` and words the answer with
// a function that switches over every kind (`assertNever` makes the compiler hold it), so no surface states saved
// or unknown time as fact. Zod-free, so the renderer bundle can use it.
import { hasData, savedAt } from './freshness';
import type { Basis, SourceStatus, TimeSpan } from './view-state';

export type { Basis } from './view-state';
export type UnknownWhy = 'not_read' | 'hole' | 'beyond';

/** For the `default` of an exhaustive switch: a kind added later fails to compile until every surface words it. */
export function assertNever(x: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(x)}`);
}

/** One stretch of a known timeline as the lookup reads it (core Stretch, or a view TimeSpan parsed). */
export interface Reading {
  startMs: number;
  endMs: number;
  kind: 'people' | 'nobody' | 'unknown';
  why?: UnknownWhy;
}

/** The index of the first stretch ending after `ms` (sorted, disjoint stretches): the one binary search. */
export function firstEndingAfter(stretches: readonly { endMs: number }[], ms: number): number {
  let lo = 0;
  let hi = stretches.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((stretches[mid]?.endMs ?? Infinity) > ms) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The stretch holding `ms`, or where none does, `outside(from, to, why)`: unknown time up to (or from) the read. */
export function readingAt<R extends Reading>(
  stretches: readonly R[],
  ms: number,
  outside: (startMs: number, endMs: number, why: UnknownWhy) => R,
): R {
  const i = firstEndingAfter(stretches, ms);
  const s = stretches[i];
  if (s && s.startMs <= ms) return s;
  return outside(stretches[i - 1]?.endMs ?? -Infinity, s ? s.startMs : Infinity, i === 0 ? 'not_read' : 'beyond');
}

const gap = (startMs: number, endMs: number, why: UnknownWhy): Reading => ({ startMs, endMs, kind: 'unknown', why });

/** The stretches over [fromMs, toMs), back to back, with unknown (`outside`) wherever the timeline says nothing: the
 *  one place unknown time is filled in, for the core and for every reader of the view's timeline. The first and
 *  last may reach past the span. */
export function readingsIn<R extends Reading>(
  stretches: readonly R[],
  fromMs: number,
  toMs: number,
  outside: (startMs: number, endMs: number, why: UnknownWhy) => R,
): R[] {
  const out: R[] = [];
  let at = fromMs;
  while (at < toMs) {
    const s = readingAt(stretches, at, outside);
    out.push(s);
    at = s.endMs;
  }
  return out;
}

/** Whether every instant of [fromMs, toMs) is read (people or nobody), or the first unknown one's why. */
export function coverageOver(stretches: readonly Reading[], fromMs: number, toMs: number): UnknownWhy | null {
  let at = fromMs;
  do {
    const s = readingAt(stretches, at, gap);
    if (s.kind === 'unknown') return s.why ?? 'not_read';
    at = s.endMs;
  } while (at < toMs);
  return null;
}

/** What data of this freshness rests on, where the timeline reads the whole span. */
export function freshnessBasis(status: SourceStatus, readAt: string | null): Basis {
  if (!hasData(status)) return { kind: 'unknown', why: 'not_read' };
  if (status.kind === 'fresh') return { kind: 'fresh', readAt };
  return { kind: 'saved', savedAt: savedAt(status) ?? null };
}

/** The basis of a statement over [fromMs, toMs) (at least the instant fromMs): unknown if any of it is, else as
 *  fresh as its source. */
export function basisOver(
  stretches: readonly Reading[],
  status: SourceStatus,
  readAt: string | null,
  fromMs: number,
  toMs: number,
): Basis {
  if (!hasData(status)) return { kind: 'unknown', why: 'not_read' };
  const why = coverageOver(stretches, fromMs, toMs);
  return why === null ? freshnessBasis(status, readAt) : { kind: 'unknown', why };
}

/** A stretch of the view's timeline as the lookup reads it, with the span it was parsed from (none: unknown time
 *  the timeline doesn't hold, filled in by the lookup). */
export type ViewReading = Reading & { span?: TimeSpan };

const parsed = new WeakMap<readonly TimeSpan[], ViewReading[]>();

/** The view's timeline as the lookup reads it: parsed once per array (the state is immutable). */
export function readingsOf(timeline: readonly TimeSpan[]): ViewReading[] {
  const hit = parsed.get(timeline);
  if (hit) return hit;
  const readings = timeline.map((t) => ({
    startMs: Date.parse(t.start),
    endMs: Date.parse(t.end),
    kind: t.kind,
    ...(t.why ? { why: t.why } : {}),
    span: t,
  }));
  parsed.set(timeline, readings);
  return readings;
}

/** The stretch of a view's timeline holding `ms`; unknown with why where it holds none (not read, past the read). */
export function viewReadingAt(timeline: readonly TimeSpan[], ms: number): ViewReading {
  return readingAt<ViewReading>(readingsOf(timeline), ms, gap);
}

/** The view's timeline over [fromMs, toMs), unknown filled in where it says nothing (readingsIn). */
export function viewReadingsIn(timeline: readonly TimeSpan[], fromMs: number, toMs: number): ViewReading[] {
  return readingsIn<ViewReading>(readingsOf(timeline), fromMs, toMs, gap);
}

/** A schedule view's basis over [fromMs, toMs): its timeline and its status, read by the one lookup. */
export function viewBasis(
  s: { timeline: readonly TimeSpan[]; status: SourceStatus; known: { readAt?: string | undefined } | null },
  fromMs: number,
  toMs: number,
): Basis {
  return basisOver(readingsOf(s.timeline), s.status, s.known?.readAt ?? null, fromMs, toMs);
}

/** Why time is unknown, in words: "shifts the service sent couldn't be read". */
export function unknownWhyText(why: UnknownWhy): string {
  switch (why) {
    case 'not_read':
      return 'not loaded';
    case 'hole':
      return "shifts the service sent couldn't be read";
    case 'beyond':
      return 'past the shifts read so far';
    default:
      return assertNever(why);
  }
}

/** The note a statement carries for its basis: '' when fresh, "saved data from 14:02", "unknown: …". */
export function basisNote(b: Basis, time: (iso: string) => string): string {
  switch (b.kind) {
    case 'fresh':
      return '';
    case 'saved':
      return b.savedAt === null ? 'saved data' : `saved data from ${time(b.savedAt)}`;
    case 'unknown':
      return `unknown: ${unknownWhyText(b.why)}`;
    default:
      return assertNever(b);
  }
}

/**
 * "until 17:00" where the time right after the end was read (saved data is marked by the line that says it, as
 * everywhere); "until at least 17:00, then unknown" where it wasn't (a hole, the end of the read): the block may go
 * on, so neither its end nor the time left is stated.
 */
export function untilPhrase(end: { end: string; endBasis: Basis }, time: (iso: string) => string): string {
  const b = end.endBasis;
  switch (b.kind) {
    case 'fresh':
    case 'saved':
      return `until ${time(end.end)}`;
    case 'unknown':
      return `until at least ${time(end.end)}, then unknown`;
    default:
      return assertNever(b);
  }
}

/** Whether the end is stated (so "5 h left" may be said): only where the time after it was read. */
export function endIsKnown(end: { endBasis: Basis }): boolean {
  switch (end.endBasis.kind) {
    case 'fresh':
    case 'saved':
      return true;
    case 'unknown':
      return false;
    default:
      return assertNever(end.endBasis);
  }
}

/** A statement's basis beside it, in parentheses: '' when fresh, " (saved data from 14:02)", " (unknown: not
 *  loaded)". The one wording of a statement's basis every surface appends to what it says of my blocks. */
export function basisMark(b: Basis, time: (iso: string) => string, whose = ''): string {
  const note = basisNote(b, time);
  return note === '' ? '' : ` (${whose}${note})`;
}
