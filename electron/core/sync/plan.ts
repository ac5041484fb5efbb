// Pure decisions of the sync loop: which window of shifts to ask for, when a schedule is due again, when its
// shifts must be re-read, and how often the (single, global) coverage list is worth a request.
//
// Budget reasoning: a refresh "probes" each due schedule with one GET (cheap, carries `current_revision`,
// name, zone, users, teams and current/next). Shifts over the horizon are re-read only when the revision moved,
// the horizon needs extending (about once a day), after a write, on user request, or after SHIFTS_MAX_AGE_MS.
// Coverage is one list for all schedules, so with few schedules it is read only every few idle refreshes.
import type { Shift } from '../../api/schemas';
import type { RefreshSettings } from '../../shared/settings';
import { blocksOf, segmentsOf } from '../state/segments';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const DEFAULT_HORIZON_DAYS = 14;
/** Re-read shifts at least this often even when the revision did not move (a safety net). */
export const SHIFTS_MAX_AGE_MS = 6 * HOUR_MS;
/** Share of one request per schedule per refresh that the coverage list may cost on average. */
export const COVERAGE_SHARE = 0.15;
/** First retry after a failed refresh; doubles per consecutive failure, capped by the idle interval. */
export const BACKOFF_BASE_MS = 15_000;
/** Timers get up to this share of their interval added at random, so many clients never poll in lockstep. */
export const JITTER_SHARE = 0.05;
export const JITTER_MAX_MS = 15_000;

/** `2026-03-02T08:00:00Z`: UTC, whole seconds, as the service expects on the wire. */
export function toWireInstant(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * How far back shifts are read. A block of mine that is running now must show its true start, or nothing can say
 * "on call since 09:00" (or key its start reminder) for a shift I was put on while the app slept or was closed:
 * a week covers the longest usual rotation, for a few more shifts per read (one page of 100 either way).
 */
export const LOOKBACK_MS = 7 * DAY_MS + HOUR_MS;

/** From a week before the current hour to one day past the horizon (from the previous hour). */
export function horizonWindow(nowMs: number, horizonDays: number): { fromMs: number; toMs: number } {
  const hourMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  return { fromMs: hourMs - LOOKBACK_MS, toMs: hourMs - HOUR_MS + (horizonDays + 1) * DAY_MS };
}

export interface ShiftsMemo {
  /** Revision of the schedule when its shifts were last read successfully. */
  revision: number;
  readAtMs: number;
  toMs: number;
}

/** Whether a probe that saw `revision` must be followed by a read of the shifts. */
export function shiftsNeeded(memo: ShiftsMemo | undefined, revision: number, nowMs: number, horizonDays: number): boolean {
  if (memo === undefined) return true;
  if (memo.revision !== revision) return true;
  if (memo.toMs < nowMs + horizonDays * DAY_MS) return true;
  return nowMs - memo.readAtMs >= SHIFTS_MAX_AGE_MS;
}

/** Instants where I go on or off call in these shifts (a stretch of joined segments is one block). */
export function myHandoffsMs(shifts: readonly Shift[], email: string): number[] {
  return blocksOf(segmentsOf(shifts), email.trim().toLowerCase()).flatMap((b) => [b.startMs, b.endMs]);
}

/** When this schedule should be probed next, after being probed at `lastMs` (undefined: never → now). */
export function nextProbeMs(lastMs: number | undefined, handoffsMs: readonly number[], nowMs: number, refresh: RefreshSettings): number {
  if (lastMs === undefined) return nowMs;
  const windowMs = refresh.nearWindowMin * MINUTE_MS;
  const near = handoffsMs.some((h) => Math.abs(h - nowMs) <= windowMs);
  let due = lastMs + (near ? refresh.nearIntervalSec : refresh.idleIntervalSec) * 1000;
  // Do not sleep through the start of a near window: probe as it opens.
  for (const h of handoffsMs) {
    const opensMs = h - windowMs;
    if (opensMs > lastMs && opensMs < due) due = opensMs;
  }
  return due;
}

/** Every how many idle intervals the coverage list is read, so it stays within its share of the budget. */
export function coverageEveryIntervals(watchedCount: number): number {
  return Math.max(1, Math.ceil(1 / (COVERAGE_SHARE * Math.max(1, watchedCount)) - 1e-9));
}

/** The coverage list rides along with a refresh once it is at least this old. */
export function coverageMinAgeMs(watchedCount: number, refresh: RefreshSettings): number {
  const idleMs = refresh.idleIntervalSec * 1000;
  return coverageEveryIntervals(watchedCount) * idleMs - idleMs / 2;
}

/** Exponential backoff with equal jitter: half fixed, half random, capped at the idle interval. */
export function backoffMs(consecutiveFailures: number, refresh: RefreshSettings, random: () => number): number {
  const capMs = Math.max(BACKOFF_BASE_MS, refresh.idleIntervalSec * 1000);
  const exponent = Math.min(20, Math.max(0, consecutiveFailures - 1));
  const ceilingMs = Math.min(capMs, BACKOFF_BASE_MS * 2 ** exponent);
  return Math.round(ceilingMs / 2 + (random() * ceilingMs) / 2);
}

export function jitterMs(intervalMs: number, random: () => number): number {
  return Math.round(random() * Math.min(JITTER_MAX_MS, intervalMs * JITTER_SHARE));
}
