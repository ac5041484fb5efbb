// When the derived state can next change by the passage of time alone, and whether two states differ, so the
// engine re-derives exactly at handoffs (not every second) and pushes only real changes.
import type { ServiceSettings } from '../../shared/settings';
import type { AppState } from '../../shared/view-state';
import { DAY_MS, HOUR_MS } from '../../shared/time';
import { segmentsOf } from '../model/segments';
import { stretchAt, timelineOf } from '../model/timeline';
import { coverageStaleAfterMs } from './coverage';
import { lastSuccessOf, staleAfterMs } from './status';
import type { Snapshot } from '../model/snapshot';

function earliestAfter(nowMs: number, candidates: Iterable<number>): number | null {
  let best: number | null = null;
  for (const ms of candidates) {
    if (Number.isFinite(ms) && ms > nowMs && (best === null || ms < best)) best = ms;
  }
  return best;
}

function* boundaries(snapshot: Snapshot, nowMs: number, settings: ServiceSettings | undefined): Generator<number> {
  for (const s of snapshot.schedules) {
    // The known timeline is sorted and back to back: the next boundary is the end of the stretch holding now (a
    // handoff, a hole's edge, the end of the read), or the first stretch's start before the read.
    const here = stretchAt(timelineOf(s), nowMs);
    yield here.startMs;
    yield here.endMs;
    // A block of mine entering "My shifts" as the horizon moves on (a segment start is a superset of those).
    if (settings) {
      const horizonMs = settings.horizonDays * DAY_MS;
      const entering = segmentsOf(s.shifts).find((seg) => seg.startMs > nowMs + horizonMs);
      if (entering) yield entering.startMs - horizonMs + 1;
    }
    const d = s.details;
    if (d?.current_oncall_shift) yield Date.parse(d.current_oncall_shift.end);
    if (d?.next_oncall_shift) yield Date.parse(d.next_oncall_shift.start);
    const success = lastSuccessOf(s);
    if (settings && success !== null && !s.problem) yield Date.parse(success) + staleAfterMs(settings) + 1;
    // From saved data, my load names the hours since the read as not readable: one more with each hour.
    const saved =
      success !== null && (s.problem !== null || (settings && nowMs - Date.parse(success) > staleAfterMs(settings)));
    if (saved) yield (Math.floor(nowMs / HOUR_MS) + 1) * HOUR_MS;
  }
  for (const r of snapshot.coverageRequests) for (const sh of r.shifts) yield Date.parse(sh.end);
  const coverageAt = snapshot.coverageFetchedAt;
  if (settings && coverageAt !== null && !snapshot.coverageProblem) {
    yield Date.parse(coverageAt) + coverageStaleAfterMs(settings, staleAfterMs(settings)) + 1;
  }
}

/**
 * The next instant after `nowMs` at which deriveState may give a different result with the same snapshot:
 * a handoff, a gap's end, the fallback details' boundaries, a coverage request running out, or (with settings)
 * data (a schedule's or the coverage list's) turning stale. null when nothing in the snapshot will change by itself.
 */
export function nextStateChangeAt(snapshot: Snapshot, nowMs: number, settings?: ServiceSettings): number | null {
  return earliestAfter(nowMs, boundaries(snapshot, nowMs, settings));
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  const ka = Object.keys(a).filter((k) => Reflect.get(a, k) !== undefined);
  const kb = Object.keys(b).filter((k) => Reflect.get(b, k) !== undefined);
  return ka.length === kb.length && ka.every((k) => deepEqual(Reflect.get(a, k), Reflect.get(b, k)));
}

/** Structural equality (absent and undefined properties are the same), for skipping unchanged pushes. `me.listedTo`
 *  moves with every derive (now + the horizon) and is left out: kept from the state first pushed, it still belongs to
 *  the same list of my shifts, and an earlier reach only makes a run's end more cautious ("until at least"). */
export function stateEquals(a: AppState, b: AppState): boolean {
  return deepEqual(withoutReach(a), withoutReach(b));
}

function withoutReach(s: AppState): AppState {
  const { listedTo: _reach, ...me } = s.me;
  return { ...s, me };
}
