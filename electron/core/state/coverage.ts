// The coverage lists (mine, asking me) and their own freshness: the list is one source like a schedule, and an
// empty list means "none pending" only when it was actually read.
import type { CoverageRequest } from '../../api/schemas';
import type { ServiceSettings } from '../../shared/settings';
import type { AccountId } from '../../shared/accounts';
import type { CoverageIssue, CoverageView, SourceStatus } from '../../shared/view-state';
import { coverageEveryIntervals } from '../sync/plan';
import { AHEAD_OF_CLOCK, NOT_REFRESHED_YET } from './schedule-status';
import { instantMs, myBlocksOf, segmentsOf, toPerson } from '../model/segments';
import { timelineBasis, timelineOf } from '../model/timeline';
import type { Basis } from '../../shared/basis';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';

const MINUTE_MS = 60_000;

export interface CoverageLists {
  mine: CoverageView[];
  askingMe: CoverageView[];
  coveredByMe: CoverageView[];
  issues: CoverageIssue[];
}

function coverageView(
  r: CoverageRequest,
  accountId: AccountId,
  coveredBasis?: CoveredBasis,
  askBasis?: Basis,
  partBases?: readonly (Basis | undefined)[],
): CoverageView {
  return {
    ...(coveredBasis ? { coveredBasis } : {}),
    ...(askBasis ? { askBasis } : {}),
    accountId,
    id: r.id,
    requester: toPerson(r.user),
    reason: r.reason,
    status: r.status,
    shifts: r.shifts.map((s, i) => ({
      start: s.start,
      end: s.end,
      scheduleId: s.schedule_reference.id,
      scheduleName: s.schedule_reference.name,
      ...(partBases?.[i] ? { askBasis: partBases[i] } : {}),
    })),
  };
}

/** Pending and not yet over (a request whose every shift has ended asks nothing any more). */
export function isOpenRequest(r: CoverageRequest, nowMs: number): boolean {
  if (r.status !== 'pending') return false;
  return r.shifts.length === 0 || r.shifts.some((s) => Date.parse(s.end) > nowMs);
}

/** Ids of schedules whose users include me: a request for one of their shifts asks me. */
export function schedulesWithMe(snapshot: Snapshot, emailLower: string): Set<string> {
  const ids = new Set<string>();
  if (emailLower === '') return ids;
  for (const s of snapshot.schedules) {
    if (s.details?.users?.some((u) => u.email.toLowerCase() === emailLower)) ids.add(s.id);
  }
  return ids;
}

/** How fresh a schedule's data is (core/state/status.ts scheduleStatus), for what a statement about it rests on. */
export type StatusOf = (scheduleId: string) => SourceStatus;

/** What "covered by me" rests on: fresh, or saved (the earliest saved time of the schedules it rests on). */
export type CoveredBasis = Extract<Basis, { kind: 'fresh' | 'saved' }>;

/** The weaker of two bases: saved beats fresh, and the earlier (or unknown, null) saved time wins. */
function weaker(a: CoveredBasis, b: CoveredBasis): CoveredBasis {
  if (a.kind === 'fresh') return b;
  if (b.kind === 'fresh' || a.savedAt === null) return a;
  if (b.savedAt === null) return b;
  return Date.parse(b.savedAt) < Date.parse(a.savedAt) ? b : a;
}

/** What judging whether a request asks me rests on: now, who I am, the schedules I am on and their data. */
export interface AskContext {
  nowMs: number;
  emailLower: string;
  myScheduleIds: ReadonlySet<string>;
  byId: ReadonlyMap<string, ScheduleSnapshot>;
  statusOf: StatusOf;
}

/**
 * What closes the loop on a request while the service still lists it as pending: shifts show me on call throughout
 * every shift the request asks me about (those on my schedules that have not ended). Returns what that rests on:
 * fresh, or saved data from T (then it is said as saved, never as "asking you" as fact: adv47 r16 #1); null when
 * some asked time doesn't show me or is unknown (a hole says nothing), so the request still asks me.
 */
export function coveredByMe(r: CoverageRequest, c: AskContext): CoveredBasis | null {
  const { nowMs, emailLower, myScheduleIds, byId, statusOf } = c;
  const asked = r.shifts.filter((s) => myScheduleIds.has(s.schedule_reference.id) && instantMs(s.end) > nowMs);
  if (asked.length === 0) return null;
  let out: CoveredBasis = { kind: 'fresh', readAt: null };
  for (const s of asked) {
    const snap = byId.get(s.schedule_reference.id);
    if (!snap) return null;
    const startMs = Math.max(instantMs(s.start), nowMs);
    const endMs = instantMs(s.end);
    // Covered to the minute counts: the app shows and takes times to the minute, so Cover… for a request ending at
    // 07:58:01 writes an override ending 07:58:00 (adv49 r9 F2); a second left over is no shift the app could show.
    const wholeEndMs = Math.max(startMs, Math.floor(endMs / MINUTE_MS) * MINUTE_MS);
    const basis = timelineBasis(timelineOf(snap), statusOf(snap.id), startMs, endMs);
    if (basis.kind === 'unknown') return null;
    const mine = myBlocksOf(segmentsOf(snap.shifts), emailLower).some(
      (b) => b.startMs <= startMs && b.endMs >= wholeEndMs,
    );
    if (!mine) return null;
    out = weaker(out, basis);
  }
  return out;
}

/** Where unknown beats saved, and the earlier saved time wins: the weakest of the bases a request rests on. */
function weakest(a: Basis | undefined, b: Basis): Basis {
  if (a === undefined || a.kind === 'fresh') return b;
  if (a.kind === 'unknown' || b.kind === 'fresh') return a;
  if (b.kind === 'unknown') return b;
  return weaker(a, b);
}

/**
 * What each shift of a request not covered by me rests on, by its index: for an asked shift (on my schedules, not
 * ended), 'asks' when it is read fresh over its whole time and doesn't show me covering it, its basis when that time
 * is saved data or unknown (a hole, never read), 'mine' when fresh and already mine; undefined for the rest.
 */
function askedParts(r: CoverageRequest, c: AskContext): (Basis | 'asks' | 'mine' | undefined)[] {
  const { nowMs, emailLower, myScheduleIds, byId, statusOf } = c;
  return r.shifts.map((s) => {
    if (!myScheduleIds.has(s.schedule_reference.id) || instantMs(s.end) <= nowMs) return undefined;
    const snap = byId.get(s.schedule_reference.id);
    if (!snap) return { kind: 'unknown', why: 'not_read' };
    const startMs = Math.max(instantMs(s.start), nowMs);
    const endMs = instantMs(s.end);
    const basis = timelineBasis(timelineOf(snap), statusOf(snap.id), startMs, endMs);
    if (basis.kind !== 'fresh') return basis;
    const wholeEndMs = Math.max(startMs, Math.floor(endMs / MINUTE_MS) * MINUTE_MS);
    const mine = myBlocksOf(segmentsOf(snap.shifts), emailLower).some(
      (b) => b.startMs <= startMs && b.endMs >= wholeEndMs,
    );
    return mine ? 'mine' : 'asks';
  });
}

const basisOnly = (p: Basis | 'asks' | 'mine' | undefined): Basis | undefined =>
  p === undefined || p === 'asks' || p === 'mine' ? undefined : p;

/**
 * Whether a request not covered by me is known to still ask me: some asked shift of it (on my schedules, not
 * ended) is read fresh over its whole time and doesn't show me covering it. Returns undefined then, with each asked
 * part whose time isn't read fresh carrying its own basis (it only may ask me: adv47 r23 #1); otherwise the
 * weakest basis of its asked time (saved, or unknown: a hole, never read), since each may be covered already and
 * "asking you" is said only about time fresh data covers (fix47ah).
 */
export function askBasisOf(
  r: CoverageRequest,
  c: AskContext,
): { whole: Basis | undefined; parts: (Basis | undefined)[] } {
  const parts = askedParts(r, c);
  if (parts.includes('asks')) return { whole: undefined, parts: parts.map(basisOnly) };
  let out: Basis | undefined;
  for (const p of parts.map(basisOnly)) if (p) out = weakest(out, p);
  return { whole: out, parts: [] };
}

/** Watched schedules whose people are unknown (never read, or not sent): whether a request there asks me is unknown. */
function unplaceableIds(snapshot: Snapshot): Set<string> {
  return new Set(snapshot.schedules.filter((s) => !s.details?.users).map((s) => s.id));
}

export function coverageLists(
  snapshot: Snapshot,
  nowMs: number,
  emailLower: string,
  statusOf: StatusOf,
  accountId: AccountId,
  byId?: ReadonlyMap<string, ScheduleSnapshot>,
): CoverageLists {
  const mine: CoverageView[] = [];
  const askingMe: CoverageView[] = [];
  const covered: CoverageView[] = [];
  const issues: CoverageIssue[] = snapshot.coverageIssues.map((i) => ({ accountId, ...i }));
  if (emailLower === '') return { mine, askingMe, coveredByMe: covered, issues };
  const index = byId ?? new Map(snapshot.schedules.map((s) => [s.id, s]));
  const myScheduleIds = schedulesWithMe(snapshot, emailLower);
  const ask: AskContext = { nowMs, emailLower, myScheduleIds, byId: index, statusOf };
  const unplaceable = unplaceableIds(snapshot);
  for (const r of snapshot.coverageRequests) {
    if (!isOpenRequest(r, nowMs)) continue;
    if (r.user.email.toLowerCase() === emailLower) mine.push(coverageView(r, accountId));
    else if (r.shifts.some((s) => myScheduleIds.has(s.schedule_reference.id))) {
      const closed = coveredByMe(r, ask);
      if (closed) covered.push(coverageView(r, accountId, closed));
      else {
        const basis = askBasisOf(r, ask);
        askingMe.push(coverageView(r, accountId, undefined, basis.whole, basis.parts));
      }
    } else {
      const unknown = r.shifts.find((s) => unplaceable.has(s.schedule_reference.id));
      if (unknown) {
        const why = `its schedule (${unknown.schedule_reference.name || unknown.schedule_reference.id}) couldn't be loaded`;
        issues.push({ accountId, id: r.id, requester: r.user.name, why });
      }
    }
  }
  return { mine, askingMe, coveredByMe: covered, issues };
}

/** Open requests from others that the service lists for me but whose every shift is on a schedule I don't watch:
 *  whether one asks me is unknown (the schedule's people are not read), so none is shown, and they are counted to
 *  be said once (issue 52: an entry left out is said), never in silence. */
export function unwatchedRequestCount(
  snapshot: Snapshot,
  nowMs: number,
  emailLower: string,
  watchedIds: readonly string[],
): number {
  if (emailLower === '') return 0;
  const watched = new Set(watchedIds);
  return snapshot.coverageRequests.filter(
    (r) =>
      isOpenRequest(r, nowMs) &&
      r.user.email.toLowerCase() !== emailLower &&
      r.shifts.length > 0 &&
      r.shifts.every((s) => !watched.has(s.schedule_reference.id)),
  ).length;
}

/** "2 coverage requests the service lists for you are on schedules you don't watch …", or undefined for none. */
export function unwatchedRequestsNotice(count: number): { id: string; message: string } | undefined {
  if (count === 0) return undefined;
  const one = count === 1;
  const message =
    `${count} coverage request${one ? '' : 's'} the service lists for you ${one ? 'is' : 'are'} on schedules you ` +
    `don't watch: not shown, since whether ${one ? 'it asks' : 'they ask'} you is unknown. Watch the schedule in ` +
    `Settings to see ${one ? 'it' : 'them'}.`;
  return { id: 'coverage-unwatched', message };
}

/**
 * How old the coverage list may get before it is shown as stale. It is read less often than schedules (every
 * few idle intervals, see sync/plan.ts), so its allowance is that cadence plus the schedules' own.
 */
export function coverageStaleAfterMs(settings: ServiceSettings, staleAfterMs: number): number {
  const idleMs = settings.refresh.idleIntervalSec * 1000;
  return coverageEveryIntervals(settings.schedules.length) * idleMs + staleAfterMs;
}

export function coverageStatus(
  snapshot: Snapshot,
  nowMs: number,
  settings: ServiceSettings,
  servedFromCache: boolean,
  staleAfterMs: number,
  savedReason = NOT_REFRESHED_YET,
): SourceStatus {
  const at = snapshot.coverageFetchedAt;
  const problem = snapshot.coverageProblem;
  if (at === null) return problem ? { kind: 'error', reason: problem.message, since: problem.at } : { kind: 'loading' };
  if (problem) return { kind: 'stale', since: at, reason: problem.message };
  // A key refused after a good read: no list is read any more, so the last one is saved data from then, as the
  // account's schedules are (issue 47, round 2).
  if (snapshot.keyRejected) return { kind: 'stale', since: at, reason: 'The service rejected the API key.' };
  if (servedFromCache) return { kind: 'stale', since: at, reason: savedReason };
  if (Date.parse(at) > nowMs) return { kind: 'stale', since: at, reason: AHEAD_OF_CLOCK };
  if (nowMs - Date.parse(at) > coverageStaleAfterMs(settings, staleAfterMs)) {
    return { kind: 'stale', since: at, reason: 'Not refreshed recently.' };
  }
  return { kind: 'fresh', at };
}
