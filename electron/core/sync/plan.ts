// Pure decisions of the sync loop: which window of shifts to ask for, when a schedule is due again, when its
// shifts must be re-read, and how often the (single, global) coverage list is worth a request.
//
// Budget reasoning: a refresh "probes" each due schedule with one GET (cheap, carries `current_revision`,
// name, zone, users, teams and current/next). Shifts over the horizon are re-read only when the revision moved,
// the horizon needs extending (about once a day), after a write, on user request, or after SHIFTS_MAX_AGE_MS.
// Coverage is one list for all schedules, so with few schedules it is read only every few idle refreshes.
import type { Schedule, Shift } from '../../api/schemas';
import type { RefreshSettings } from '../../shared/settings';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/time';
import { blocksOf, instantMs, segmentsOf, type Segment } from '../model/segments';

export const DEFAULT_HORIZON_DAYS = 14;
/** Re-read shifts at least this often even when the revision did not move: the spec never promises it moves with
 * an override, and "no shift of yours in the next 14 days" carries this read's time once it is older than two
 * intervals ("Platform checked 11:02"). Half a request per schedule per idle hour. */
export const SHIFTS_MAX_AGE_MS = 2 * HOUR_MS;
/** Share of one request per schedule per refresh that the coverage list may cost on average. */
export const COVERAGE_SHARE = 0.15;
/** A failing source's first retry comes after this share of its normal interval (15 s at the default 5 min). */
export const BACKOFF_FIRST_SHARE = 1 / 20;
/** The retry wait doubles per consecutive failure up to this many normal intervals. With equal jitter a source
 * that keeps failing is then retried every one to two normal intervals: never more often than when healthy. */
export const BACKOFF_CEILING_INTERVALS = 2;
/** An attempt that cost extra requests (pages) pays each back with a normal interval, doubled per consecutive
 * failure up to 2^this: a list that never ends is not walked again every few minutes. */
export const COST_DOUBLINGS_MAX = 2;
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
  /** Revision of the schedule when its shifts were last read successfully (null: the service sent none). */
  revision: number | null;
  readAtMs: number;
  toMs: number;
}

/** Whether a probe that saw `revision` must be followed by a read of the shifts. */
export function shiftsNeeded(
  memo: ShiftsMemo | undefined,
  revision: number | null,
  nowMs: number,
  horizonDays: number,
): boolean {
  // Without a revision nothing tells that the shifts changed: read them every time.
  if (memo === undefined || revision === null) return true;
  if (memo.revision !== revision) return true;
  if (memo.toMs < nowMs + horizonDays * DAY_MS) return true;
  return nowMs - memo.readAtMs >= SHIFTS_MAX_AGE_MS;
}

/** The cached segment covering `ms` (segments are sorted and disjoint). */
function segmentAt(segments: readonly Segment[], ms: number): Segment | undefined {
  return segments.find((s) => s.startMs <= ms && ms < s.endMs);
}

/** True when the cached shifts hold the same people throughout this shift of the probe. */
function cacheHolds(segments: readonly Segment[], shift: Shift): boolean {
  const [startMs, endMs] = [instantMs(shift.start), instantMs(shift.end)];
  const seg = segmentAt(segments, startMs);
  const key =
    shift.users.length === 1
      ? (shift.users[0]?.id ?? '')
      : shift.users
          .map((u) => u.id)
          .sort()
          .join(',');
  return !!seg && seg.key === key && seg.endMs >= endMs;
}

/**
 * Whether the probe's current/next shift (computed by the service at `nowMs`) contradicts the cached shifts: an
 * override the revision never announced (the spec doesn't promise it moves). Only what the cache covers is compared.
 */
export function probeDisagrees(
  details: Schedule,
  cached: readonly Shift[],
  cachedToMs: number,
  nowMs: number,
): boolean {
  const segments = segmentsOf(cached);
  const current = details.current_oncall_shift;
  if (current && instantMs(current.start) <= nowMs && instantMs(current.end) > nowMs) {
    const end = new Date(Math.min(instantMs(current.end), cachedToMs)).toISOString();
    if (!cacheHolds(segments, { ...current, start: new Date(nowMs).toISOString(), end })) return true;
  } else if (current === null && nowMs < cachedToMs && segmentAt(segments, nowMs)) {
    // The service says nobody is on call now; the cache says someone is.
    return true;
  }
  const next = details.next_oncall_shift;
  return (
    !!next &&
    instantMs(next.start) < cachedToMs &&
    !cacheHolds(segments, { ...next, end: new Date(Math.min(instantMs(next.end), cachedToMs)).toISOString() })
  );
}

/**
 * Close to a handoff of mine (inside the near window), the shifts are re-read once they are older than the idle
 * interval, so a reminder ("on call in 15 min", "on call now") never rests on shifts older than the refresh interval
 * (the probe's current/next shift only covers the next handoff; this covers mine wherever it is).
 */
export function nearHandoffReread(
  memo: ShiftsMemo | undefined,
  handoffsMs: readonly number[],
  nowMs: number,
  refresh: RefreshSettings,
): boolean {
  if (memo === undefined) return false;
  const windowMs = refresh.nearWindowMin * MINUTE_MS;
  const near = handoffsMs.some((h) => h >= nowMs - MINUTE_MS && h - nowMs <= windowMs);
  return near && nowMs - memo.readAtMs >= refresh.idleIntervalSec * 1000;
}

/** Instants where I go on or off call in these shifts (a stretch of joined segments is one block). */
export function myHandoffsMs(shifts: readonly Shift[], email: string): number[] {
  return blocksOf(segmentsOf(shifts), email.trim().toLowerCase()).flatMap((b) => [b.startMs, b.endMs]);
}

/** When this schedule should be probed next, after being probed at `lastMs` (undefined: never → now). */
/** A schedule's normal interval now: the near interval close to a handoff of mine, the idle one otherwise. */
export function probeIntervalMs(handoffsMs: readonly number[], nowMs: number, refresh: RefreshSettings): number {
  const windowMs = refresh.nearWindowMin * MINUTE_MS;
  const near = handoffsMs.some((h) => Math.abs(h - nowMs) <= windowMs);
  return (near ? refresh.nearIntervalSec : refresh.idleIntervalSec) * 1000;
}

export function nextProbeMs(
  lastMs: number | undefined,
  handoffsMs: readonly number[],
  nowMs: number,
  refresh: RefreshSettings,
): number {
  if (lastMs === undefined) return nowMs;
  const windowMs = refresh.nearWindowMin * MINUTE_MS;
  let due = lastMs + probeIntervalMs(handoffsMs, nowMs, refresh);
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

/** The coverage list's normal interval: it is read every few idle intervals (see coverageEveryIntervals). */
export function coverageIntervalMs(watchedCount: number, refresh: RefreshSettings): number {
  return coverageEveryIntervals(watchedCount) * refresh.idleIntervalSec * 1000;
}

/** Exponential backoff of one source with equal jitter (half fixed, half random), relative to its normal interval. */
export function backoffMs(consecutiveFailures: number, normalIntervalMs: number, random: () => number): number {
  const exponent = Math.min(20, Math.max(0, consecutiveFailures - 1));
  const ceilingMs = Math.min(
    BACKOFF_CEILING_INTERVALS * normalIntervalMs,
    normalIntervalMs * BACKOFF_FIRST_SHARE * 2 ** exponent,
  );
  return Math.round(ceilingMs / 2 + (random() * ceilingMs) / 2);
}

/** Extra wait after a failed attempt that cost `requests` (one is what the plain backoff already accounts for). */
export function costPaybackMs(requests: number, consecutiveFailures: number, normalIntervalMs: number): number {
  const doublings = Math.min(COST_DOUBLINGS_MAX, Math.max(0, consecutiveFailures - 1));
  return Math.max(0, requests - 1) * normalIntervalMs * 2 ** doublings;
}

export function jitterMs(intervalMs: number, random: () => number): number {
  return Math.round(random() * Math.min(JITTER_MAX_MS, intervalMs * JITTER_SHARE));
}
