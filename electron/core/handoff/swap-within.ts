// A swap side's block, as it was when the swap was planned: the time around each side where its person was off call
// (plan-block.ts), so a side whose block grew since (a manager put them on the hours beside it) is a change, said,
// never written as if it were the same block.
import type { SwapSide } from '../../shared/handoff';
import type { ScheduleWindow } from '../../shared/swap-rules';
import { DAY_MS } from '../../shared/time';
import type { AppState } from '../../shared/view-state';
import { blockWithin } from './item-rules';

/** A side's window, and the time around it where its person was off call when planned (a side whose block grew
 *  since is a change, plan-block.ts). */
export function windowOf(s: SwapSide) {
  const [startMs, endMs] = [Date.parse(s.start), Date.parse(s.end)];
  // As planned (a day either way at most); one sent back that doesn't hold the window is not used.
  const [a, b] = [Date.parse(s.within?.start ?? ''), Date.parse(s.within?.end ?? '')];
  const within =
    a <= startMs && b >= endMs
      ? { startMs: Math.max(a, startMs - DAY_MS), endMs: Math.min(b, endMs + DAY_MS) }
      : undefined;
  return { scheduleId: s.scheduleId, startMs, endMs, within };
}

/** The time around a side (a day either way at most) where `who` was off call as last read, short of the swap's
 *  other side on the same schedule (the swap itself puts them on call there). */
export function sideWithin(state: AppState, w: ScheduleWindow, who: string, other: ScheduleWindow) {
  let startMs = Date.parse(w.start) - DAY_MS;
  let endMs = Date.parse(w.end) + DAY_MS;
  if (other.scheduleId === w.scheduleId) {
    if (Date.parse(other.end) <= Date.parse(w.start)) startMs = Math.max(startMs, Date.parse(other.end));
    if (Date.parse(other.start) >= Date.parse(w.end)) endMs = Math.min(endMs, Date.parse(other.start));
  }
  return blockWithin(state, w, who, { startMs, endMs });
}
