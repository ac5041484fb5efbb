// Folds a fetch pass into the snapshot (pure). Last good data is kept on failure; each schedule carries its own
// problem, so one failing schedule never discards the others. 404 marks a schedule as not found: its last known
// data is kept as saved data: every surface, reminder and alarm speaks from it as from any failed read (no change
// is told from it while it lasts). A 401 on a schedule marks the key as rejected; a 401 on the coverage list alone only means this key
// can't read that list, so schedules keep syncing.
import type { ApiError } from '../../api/errors';
import { RATE_LIMITED_SENTENCE, serverSentence } from '../../api/error-mapping';
import type { FetchProblem, ScheduleSnapshot, Snapshot } from '../model/snapshot';
import type { FetchPass, ScheduleFetch } from './fetch';
import { keptAfterRead } from './kept';
import { withNamesRead } from './names';

export function emptyScheduleSnapshot(id: string): ScheduleSnapshot {
  return {
    id,
    details: null,
    detailsFetchedAt: null,
    shifts: [],
    shiftsFrom: null,
    shiftsTo: null,
    shiftsFetchedAt: null,
    shiftHoles: [],
    problem: null,
    notFound: false,
  };
}

/** The snapshot's schedules in the watched order: known entries kept, new ones empty, unwatched dropped. */
export function reconcileSchedules(snapshot: Snapshot, watchedIds: readonly string[]): Snapshot {
  const byId = new Map(snapshot.schedules.map((s) => [s.id, s]));
  const schedules = watchedIds.map((id) => byId.get(id) ?? emptyScheduleSnapshot(id));
  const same = schedules.length === snapshot.schedules.length && schedules.every((s, i) => s === snapshot.schedules[i]);
  return same ? snapshot : { ...snapshot, schedules };
}

export function problemOf(error: ApiError, atMs: number): FetchProblem {
  const at = new Date(atMs).toISOString();
  const reach = error.kind === 'network' ? error.reach : undefined;
  // A 429's wait ("Try again in 60 min") is relative to this answer: kept, it would be said unchanged later on. The
  // wait is said where the state is derived, from the instants the sync loop keeps (state/wait-words.ts). A 5xx with
  // Retry-After likewise loses its "Try again later": beside the promised time it told the user something else.
  const message =
    error.kind === 'rate_limited'
      ? RATE_LIMITED_SENTENCE
      : error.kind === 'server' && error.retryAfterMs !== undefined
        ? serverSentence(error.status)
        : error.message;
  const words = 'serverMessage' in error ? error.serverMessage : undefined;
  const said = words !== undefined && !message.includes(words) ? { said: words } : {};
  const waitMs = error.kind === 'rate_limited' ? error.retryAfterMs : undefined;
  const more = waitMs === undefined ? said : { ...said, askedUntilMs: atMs + waitMs };
  return reach ? { kind: error.kind, message, at, reach, ...more } : { kind: error.kind, message, at, ...more };
}

/** The old array when the new one holds the same data: unchanged data keeps its identity, so everything keyed
 * on it (segments, reminder plans, change detection) knows at a glance that nothing changed. */
export function keepIfSame<T>(before: T, after: T): T {
  if (before === null || Array.isArray(before) !== Array.isArray(after)) return after;
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) return after;
    // Every element kept by identity (a restate that moved no one, on every sync): the same data, known without
    // serialising a month of shifts twice.
    if (before.every((x, i) => x === after[i])) return before;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? before : after;
}

function applyShifts(entry: ScheduleSnapshot, fetch: ScheduleFetch): ScheduleSnapshot {
  const at = new Date(fetch.atMs).toISOString();
  const shifts = fetch.shifts;
  // Unchanged revision: the shifts we hold are confirmed as of this probe.
  if (shifts === undefined) return entry.shiftsFetchedAt === null ? entry : { ...entry, shiftsFetchedAt: at };
  if (!shifts.result.ok) return { ...entry, problem: problemOf(shifts.result.error, fetch.atMs) };
  const read = {
    shiftHoles: keepIfSame(entry.shiftHoles, shifts.result.value.holes),
    shiftsFrom: new Date(shifts.fromMs).toISOString(),
    shiftsTo: new Date(shifts.toMs).toISOString(),
  };
  // Over time this read couldn't read (holes, beyond its range) the last read that covered it is kept.
  const kept = keptAfterRead(entry, read, fetch.atMs);
  const { shiftsKept: _old, ...rest } = entry;
  return {
    ...rest,
    ...read,
    shifts: keepIfSame(entry.shifts, shifts.result.value.shifts),
    shiftsFetchedAt: at,
    shiftsReadAt: at,
    ...(kept ? { shiftsKept: keepIfSame(entry.shiftsKept ?? null, kept) ?? kept } : {}),
  };
}

export function applyScheduleFetch(entry: ScheduleSnapshot, fetch: ScheduleFetch): ScheduleSnapshot {
  const details = fetch.details;
  if (!details.ok) {
    const problem = problemOf(details.error, fetch.atMs);
    if (details.error.kind === 'not_found') {
      // "Not found since": the first answer that said so, not the latest.
      const since = entry.notFound && entry.problem?.kind === 'not_found' ? entry.problem.at : problem.at;
      return { ...entry, notFound: true, problem: { ...problem, at: since } };
    }
    return { ...entry, problem };
  }
  const fresh: ScheduleSnapshot = {
    ...entry,
    details: keepIfSame(entry.details, details.value),
    detailsFetchedAt: new Date(fetch.atMs).toISOString(),
    notFound: false,
    problem: null,
  };
  return applyShifts(fresh, fetch);
}

function isUnauthorized(pass: FetchPass): boolean {
  const errors: ApiError[] = [];
  for (const s of pass.schedules) {
    if (!s.details.ok) errors.push(s.details.error);
    if (s.shifts && !s.shifts.result.ok) errors.push(s.shifts.result.error);
  }
  return errors.some((e) => e.kind === 'unauthorized');
}

export const COVERAGE_UNAUTHORIZED = "Coverage requests can't be read with this key (the service refused it).";

function coverageProblemOf(error: ApiError, atMs: number): FetchProblem {
  const problem = problemOf(error, atMs);
  return error.kind === 'unauthorized' ? { ...problem, message: COVERAGE_UNAUTHORIZED } : problem;
}

function applyCoverage(snapshot: Snapshot, pass: FetchPass): Snapshot {
  const coverage = pass.coverage;
  if (coverage === undefined) return snapshot;
  if (!coverage.result.ok)
    return { ...snapshot, coverageProblem: coverageProblemOf(coverage.result.error, coverage.atMs) };
  const { coverageSaved: _saved, ...read } = snapshot;
  return {
    ...read,
    coverageRequests: keepIfSame(snapshot.coverageRequests, coverage.result.value.requests),
    coverageIssues: keepIfSame(snapshot.coverageIssues, coverage.result.value.unreadable),
    coverageFetchedAt: new Date(coverage.atMs).toISOString(),
    coverageProblem: null,
  };
}

/** The snapshot after a pass, for the currently watched schedules. */
export function applyPass(snapshot: Snapshot, pass: FetchPass, watchedIds: readonly string[]): Snapshot {
  const base = reconcileSchedules(snapshot, watchedIds);
  const fetched = new Map(pass.schedules.map((f) => [f.id, f]));
  const schedules = base.schedules.map((entry) => {
    const fetch = fetched.get(entry.id);
    return fetch ? applyScheduleFetch(entry, fetch) : entry;
  });
  // Names from this pass's reads go on every saved shift by user id (./names): one name per person on every surface.
  const next = applyCoverage(withNamesRead({ ...base, schedules }, pass), pass);
  return isUnauthorized(pass) ? { ...next, keyRejected: true } : next;
}
