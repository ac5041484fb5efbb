// The times of the saved shifts are claims too (issue 52, round 8): a saved shift of mine "until 31 Dec 9999" was
// notified and published over other people's blocks, and one ending before it starts was dropped in silence, the
// schedule then shown as "Uncovered". Each saved shift must end after it starts, both within what the app could
// have read: the read window it was fetched for (or the kept span, or around the details' read), widened by the
// longest horizon the app reads. A schedule holding one that fails is dropped whole and read again: the time it
// covered is unknown (loading / saved data missing), never "nobody".
import type { CreatedOverride, ScheduleSnapshot } from '../model/snapshot';
import { MAX_HORIZON_DAYS } from '../../shared/settings';

export const SHIFT_TIME = "a shift whose times can't be true";
const MARGIN_MS = MAX_HORIZON_DAYS * 24 * 60 * 60 * 1000;

interface Timed {
  start: string;
  end: string;
}

/** Starts before it ends, both within [fromMs − margin, toMs + margin]. */
function within(x: Timed, fromMs: number, toMs: number): boolean {
  const startMs = Date.parse(x.start);
  const endMs = Date.parse(x.end);
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || !Number.isFinite(fromMs) || !Number.isFinite(toMs))
    return false;
  return startMs < endMs && startMs >= fromMs - MARGIN_MS && endMs <= toMs + MARGIN_MS;
}

const parsed = (iso: string | null | undefined, fallbackMs: number): number =>
  iso === null || iso === undefined ? fallbackMs : Date.parse(iso);

/** Every shift the schedule's saved data holds is one the app could have read (see above). */
export function shiftTimesHold(s: ScheduleSnapshot, nowMs: number): boolean {
  const fromMs = parsed(s.shiftsFrom, nowMs);
  const toMs = parsed(s.shiftsTo, nowMs);
  if (!s.shifts.every((x) => within(x, fromMs, toMs))) return false;
  const kept = s.shiftsKept ?? [];
  if (!kept.every((k) => k.shifts.every((x) => within(x, Date.parse(k.from), Date.parse(k.to))))) return false;
  const readMs = parsed(s.detailsFetchedAt, nowMs);
  const around = [s.details?.current_oncall_shift, s.details?.next_oncall_shift].flatMap((x) => (x ? [x] : []));
  return around.every((x) => within(x, readMs, readMs));
}

/** How far an override the user asked for may reach: the override form takes any window (a year and more was
 *  written and then lost from the record, so Create after a restart wrote it twice), so the bound is only what no
 *  person plans ("until 9999"). */
const OWN_REACH_MS = 5 * 366 * 24 * 60 * 60 * 1000;

/** An override the app made: it starts around when it was made (createdAt) and ends within a few years of it. */
export function overrideTimesHold(o: CreatedOverride): boolean {
  const madeMs = Date.parse(o.createdAt);
  return within(o, madeMs, madeMs + OWN_REACH_MS - MARGIN_MS);
}
