// The one rule for statements of absence, as every surface words it: "nobody on call", "nothing planned", "no
// shift of yours", "off call" are said only about time a schedule's shifts cover (`known`), and only plainly when
// that data is fresh; otherwise the statement is scoped ("saved data from 14:02", "known until Tue 09:00") or the
// thing is unknown. The core computes the ranges and my gaps (core/state/knowledge.ts); this module only reads
// them, zod-free, so the renderer, tray, CLI and hand-off summary all say the same.
import { withAccount } from './account-names';
import { joinNames } from './format';
import { assertNever, viewBasis, viewReadingAt, type UnknownWhy } from './basis';
import { hasData } from './freshness';
import type { AppState, Basis, MyGap, ScheduleView, ShiftView, TimeSpan } from './view-state';
import { minOf } from './extremes';

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

/** Gaps that make my state unknown (not merely scoped to saved data or to a shorter span). */
export function isUnknownGap(g: MyGap): boolean {
  return (
    g.kind === 'loading' || g.kind === 'not_read' || g.kind === 'failed' || g.kind === 'ended' || g.kind === 'holes'
  );
}

/** One gap in words: "Database: saved data from 14:02", "saved data for Data ends Mon 09:00". */
function gapPhrase(g: MyGap, time: (iso: string) => string): string {
  switch (g.kind) {
    case 'loading':
      return `still loading: ${g.scheduleName}`;
    case 'not_read':
      return `not read: ${g.reason ?? g.scheduleName}`;
    case 'failed':
      return `couldn't load ${g.scheduleName}`;
    case 'ended':
      return g.until
        ? `saved data for ${g.scheduleName} ends ${time(g.until)}`
        : `nothing known about ${g.scheduleName} for now`;
    case 'holes':
      return `some shifts of ${g.scheduleName} couldn't be read`;
    case 'saved': {
      const from = g.savedAt
        ? `${g.scheduleName}: saved data from ${time(g.savedAt)}`
        : `${g.scheduleName}: saved data`;
      return g.until ? `${from}, known only until ${time(g.until)}` : from;
    }
    case 'short':
      return g.until ? `${g.scheduleName} known only until ${time(g.until)}` : `${g.scheduleName} known only in part`;
    case 'read':
      return g.readAt ? `${g.scheduleName} checked ${time(g.readAt)}` : `${g.scheduleName} checked earlier`;
    default:
      return assertNever(g.kind);
  }
}

/** The gaps in words, failed and loading schedules each named once: "couldn't load Payments, Data · …". */
export function gapsText(gaps: readonly MyGap[], time: (iso: string) => string): string {
  const grouped = (kind: MyGap['kind'], say: (names: string) => string): string[] => {
    const names = gaps.filter((g) => g.kind === kind).map((g) => g.scheduleName);
    return names.length === 0 ? [] : [say(names.join(', '))];
  };
  const single = gaps.filter((g) => !/^(failed|loading|not_read)$/.test(g.kind)).map((g) => gapPhrase(g, time));
  // Why a schedule can't be read is said once per reason ("not read: no API key for Acme"), not once per schedule.
  const unread = new Set(gaps.filter((g) => g.kind === 'not_read').map((g) => gapPhrase(g, time)));
  return [
    ...grouped('failed', (n) => `couldn't load ${n}`),
    ...grouped('loading', (n) => `still loading: ${n}`),
    ...unread,
    ...single,
  ].join(' · ');
}

/**
 * What a statement about my shifts before `untilMs` ("your next shift is …") leaves out: schedules where an earlier
 * shift of mine may hide (unknown, or known, fresh or saved, only up to a point before it). Saved data that reaches
 * past it is marked where it is shown.
 */
export function gapsBefore(state: AppState, untilMs: number, time: (iso: string) => string): string {
  // Where an earlier shift of mine may hide: unknown schedules, and those known (fresh or saved) only up to before it,
  // also past the horizon (a next shift found beyond it, on a schedule read further).
  const gaps = allGaps(state).map((g): MyGap => {
    const to = state.schedules.find((s) => s.id === g.scheduleId)?.known?.to;
    return g.until === undefined && to !== undefined && Date.parse(to) < untilMs ? { ...g, until: to } : g;
  });
  const listed = new Set(gaps.map((g) => g.scheduleId));
  for (const s of state.schedules) {
    if (!listed.has(s.id) && s.known && Date.parse(s.known.to) < untilMs)
      gaps.push({
        accountId: s.accountId,
        scheduleId: s.id,
        scheduleName: withAccount(state, s.accountId, s.name),
        kind: 'short',
        until: s.known.to,
      });
  }
  const endsBefore = (g: MyGap): boolean =>
    (g.kind === 'short' && !g.until) || (g.until !== undefined && Date.parse(g.until) < untilMs);
  const relevant = gaps.filter((g) => isUnknownGap(g) || ((g.kind === 'short' || g.kind === 'saved') && endsBefore(g)));
  return [gapsText(relevant, time), noEmailText(state)].filter((p) => p !== '').join(' · ');
}

/**
 * What may be said about my having no shift from now to the horizon:
 * - plain: every schedule is fresh and covers it: "No shift of yours in the next 14 days";
 * - dated: every schedule answers now, but the shifts of some were read a while ago: "… (Platform checked 14:02)";
 * - scoped: some only from saved data or up to a point; the text names the fresh ones, the note the rest (with
 *   none fresh, "No shift of yours until at least 14 Dec, 03:00": as far as the data reaches);
 * - checking: nothing known yet, only because schedules are still loading;
 * - unknown: a schedule failed, or its data doesn't reach now: "none" can't be said.
 */
export interface Absence {
  kind: 'plain' | 'dated' | 'scoped' | 'checking' | 'unknown';
  /** "No shift of yours in the next 14 days on Platform and Data" (plain, dated and scoped; '' otherwise). */
  text: string;
  /** How far the claim reaches, as a value each surface words itself ("none in the next 14 days on Platform"):
   *  "in the next 14 days on Platform and Data", "until at least 14 Dec, 03:00"; '' when nothing can be said. */
  reach: string;
  /** What is missing or only saved ("Payments couldn't be loaded · Data: saved data from 14:02"); '' when plain. */
  note: string;
}

/** The accounts whose schedules are shown but whose e-mail isn't set: which of their people I am is unknown, so my
 *  shifts there are never looked for and "no shift of yours" is not said of them. */
function accountsWithoutMe(state: AppState): AppState['accounts'] {
  return state.accounts.filter((a) => a.email.trim() === '' && state.schedules.some((s) => s.accountId === a.id));
}

/** The schedules my shifts are looked for on: those of accounts that know my e-mail. */
function schedulesLookedAt(state: AppState): AppState['schedules'] {
  const unnamed = accountsWithoutMe(state);
  return state.schedules.filter((s) => !unnamed.some((a) => a.id === s.accountId));
}

/** Schedules are shown but no account among theirs knows my e-mail: whether I am on call is unknown everywhere. */
export function myShiftsLookedForNowhere(state: AppState): boolean {
  return state.schedules.length > 0 && schedulesLookedAt(state).length === 0;
}

/** "no e-mail set for Acme" (with one account, "no e-mail set"), or '' while every account knows me. */
function noEmailText(state: AppState): string {
  const unnamed = accountsWithoutMe(state);
  if (unnamed.length === 0) return '';
  return state.accounts.length > 1 ? `no e-mail set for ${joinNames(unnamed.map((a) => a.label))}` : 'no e-mail set';
}

/** My gaps, plus any schedule whose data isn't there at all (so a state built without gaps never reads as "none"). */
function allGaps(state: AppState): MyGap[] {
  const listed = new Set(state.me.gaps.map((g) => g.scheduleId));
  const missing = state.schedules
    .filter((s) => !listed.has(s.id) && !hasData(s.status))
    .map((s): MyGap => ({
      accountId: s.accountId,
      scheduleId: s.id,
      scheduleName: withAccount(state, s.accountId, s.name),
      kind: s.status.kind === 'loading' || s.status.kind === 'not_read' ? s.status.kind : 'failed',
    }));
  return [...state.me.gaps, ...missing];
}

/** A claim of no shift of mine over `reach`, worded here once; other surfaces word `reach` their own way. */
const noShift = (kind: 'plain' | 'dated' | 'scoped', reach: string, note: string): Absence => ({
  kind,
  text: `No shift of yours ${reach}`,
  reach,
  note,
});

export function myAbsence(state: AppState, time: (iso: string) => string): Absence {
  // Nothing read yet (a fresh install, no key, no schedule chosen): no statement about my shifts can be made.
  if (state.schedules.length === 0) return { kind: 'unknown', text: '', reach: '', note: 'no schedule read yet' };
  const gaps = allGaps(state);
  const days = `in the next ${state.settings.horizonDays} days`;
  const unnamed = accountsWithoutMe(state);
  const note = [gapsText(gaps, time), noEmailText(state)].filter((p) => p !== '').join(' · ');
  if (gaps.length === 0 && unnamed.length === 0) return noShift('plain', days, '');
  const unknown = gaps.filter(isUnknownGap);
  const looked = schedulesLookedAt(state);
  if (unknown.length > 0 || looked.length === 0) {
    const kind = unknown.length > 0 && unknown.every((g) => g.kind === 'loading') ? 'checking' : 'unknown';
    return { kind, text: '', reach: '', note };
  }
  if (unnamed.length === 0 && gaps.every((g) => g.kind === 'read')) return noShift('dated', days, note);
  const gapIds = new Set(gaps.map((g) => g.scheduleId));
  const fresh = looked.filter((s) => !gapIds.has(s.id)).map((s) => withAccount(state, s.accountId, s.name));
  if (fresh.length > 0) return noShift('scoped', `${days} on ${joinNames(fresh)}`, note);
  // No schedule read fresh over the horizon: the claim reaches only as far as the data read (issue 49, round 3:
  // "in the next 14 days" from saved data known for 9).
  const reach = looked.flatMap((s) => (s.known ? [Date.parse(s.known.to)] : []));
  if (reach.length === 0) return noShift('scoped', days, note);
  const endMs = minOf(reach);
  // Saved data ending there: the text says its end, the note only whose and from when.
  const said = gaps.map((g) =>
    g.kind === 'saved' && g.until && Date.parse(g.until) === endMs ? { ...g, until: undefined } : g,
  );
  const shortNote = [gapsText(said, time), noEmailText(state)].filter((p) => p !== '').join(' · ');
  return noShift('scoped', `until at least ${time(new Date(endMs).toISOString())}`, shortNote);
}

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
