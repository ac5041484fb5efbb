// The one rule for statements of absence, as every surface words it: "nobody on call", "nothing planned", "no
// shift of yours", "off call" are said only about time a schedule's shifts cover (`known`), and only plainly when
// that data is fresh; otherwise the statement is scoped ("saved data from 14:02", "known until Tue 09:00") or the
// thing is unknown. The core computes the ranges and my gaps (core/state/knowledge.ts); this module only reads
// them, zod-free, so the renderer, tray, CLI and hand-off summary all say the same.
import { assertNever, viewBasis, viewReadingAt, type UnknownWhy } from './basis';
import { hasData } from './freshness';
import type { AppState, Basis, ScheduleView, ShiftView, TimeSpan } from './view-state';

/** The stretch of the schedule's known timeline holding `ms`; undefined where nothing was read (unknown). Read by
 *  the one lookup (shared/basis.ts viewReadingAt), as every surface reads it. */
export function spanAt(s: Pick<ScheduleView, 'timeline'>, ms: number): TimeSpan | undefined {
  return viewReadingAt(s.timeline, ms).span;
}

/** Nobody on call now, as a statement with its bases: what "nobody" rests on (fresh or saved) and what the time
 *  right after `until` does (unknown there: "until 13:00, then unknown"; else the next people follow). */
export interface Uncovered {
  until: string;
  basis: Basis;
  after: Basis;
}

/**
 * Nobody on call now, as far as the timeline says: until when, and what comes then (the next people, or unknown
 * time: a hole, the end of the read). "Until" stops where what is known stops. undefined unless nobody is on call.
 */
export function uncoveredNow(s: ScheduleView, nowMs: number): Uncovered | undefined {
  if (!hasData(s.status) || s.now) return undefined;
  const at = viewReadingAt(s.timeline, nowMs);
  if (at.kind !== 'nobody' || !at.span) return undefined;
  return {
    until: at.span.end,
    basis: viewBasis(s, at.startMs, at.endMs),
    after: viewBasis(s, at.endMs, at.endMs + 1),
  };
}

/** ", then unknown" where what is known stops at the end of a statement ('' where the time after it was read). */
export function thenUnknown(after: Basis): string {
  switch (after.kind) {
    case 'fresh':
    case 'saved':
      return '';
    case 'unknown':
      return ', then unknown';
    default:
      return assertNever(after);
  }
}

/** " (saved data from 14:02)" beside a statement resting on saved data; '' when fresh or (said already) unknown. */
export function savedMark(b: Basis, time: (iso: string) => string): string {
  switch (b.kind) {
    case 'saved':
      return b.savedAt === null ? ' (saved data)' : ` (saved data from ${time(b.savedAt)})`;
    case 'fresh':
    case 'unknown':
      return '';
    default:
      return assertNever(b);
  }
}

/** What "who is on call at `ms`" rests on: the schedule's timeline there (unknown: a hole, outside the read, never
 *  loaded), as fresh as its source. Read by `whoAt`, which words every basis. */
export function basisAt(s: ScheduleView, ms: number): Basis {
  return viewBasis(s, ms, ms + 1);
}

/**
 * A statement about who is on call at an instant, from its basis: `read` where the timeline read it (fresh, or saved
 * data that the schedule's status line marks), `unknown` (with why) where it didn't. An exhaustive switch: a basis
 * added later fails to compile until every surface that says "nobody on call" words it.
 */
export function whoAt<T>(b: Basis, read: () => T, unknown: (why: UnknownWhy) => T): T {
  switch (b.kind) {
    case 'fresh':
    case 'saved':
      return read();
    case 'unknown':
      return unknown(b.why);
    default:
      return assertNever(b);
  }
}

// The gaps in words and my absence, each in its own module, are read here too by the modules that import them so.
export { gapsText, isUnknownGap } from './gap-words';
export { gapsBefore, myAbsence, myShiftsLookedForNowhere, type Absence } from './my-absence';

/** "1 request couldn't be read" / "2 requests couldn't be read or placed": said wherever "none pending" would be. */
export function coverageIssuesText(state: AppState): string | undefined {
  // An issue with neither id nor requester is a whole account's list not known ("Acme: couldn't be loaded: …").
  const lists = state.coverage.issues.filter((i) => i.id === null && i.requester === null);
  const issues = state.coverage.issues.filter((i) => i.id !== null || i.requester !== null);
  const first = issues[0];
  const unread =
    issues.length === 0
      ? undefined
      : issues.length === 1 && first
        ? `1 request couldn't be read (${first.why})`
        : `${issues.length} requests couldn't be read`;
  const parts = [...lists.map((l) => l.why), ...(unread ? [unread] : [])];
  return parts.length === 0 ? undefined : parts.join(' · ');
}

/** "Nothing planned until Tue 09:00": where the stretch of nobody after now (or after now's people) ends, with what
 *  the time right after it rests on (unknown where a hole or the end of the read follows: surfaces add
 *  `thenUnknown`, "…, then unknown", since nothing says something is planned then); undefined when not known. */
export function nothingPlannedUntil(s: ScheduleView, nowMs: number): { until: string; after: Basis } | undefined {
  if (!hasData(s.status)) return undefined;
  const after = s.now ? Date.parse(s.now.end) : nowMs;
  const span = spanAt(s, after);
  if (span?.kind !== 'nobody') return undefined;
  const endMs = Date.parse(span.end);
  return { until: span.end, after: viewBasis(s, endMs, endMs + 1) };
}

/** Who is on call now, with what "until `end`" rests on: the time right after it on the timeline (unknown there:
 *  the block may go on, so surfaces say "until at least 17:00, then unknown" through `untilPhrase`). */
export function nowEnd(s: ScheduleView, now: ShiftView): { end: string; endBasis: Basis } {
  const endMs = Date.parse(now.end);
  return { end: now.end, endBasis: viewBasis(s, endMs, endMs + 1) };
}
