// The quick override a segment of the week timeline offers ("Override this…", Enter on it): the override view's
// params, prefilled with the segment's window. Plain (no runes), so the dates it makes are only read.
import { MINUTE_MS } from '../../../electron/shared/time';
import type { TimelineSegment } from './timeline';

/** A shift or a gap not over yet can be overridden from now on; unknown time can't (nobody knows who is on). */
export function overridable(s: TimelineSegment | undefined, nowMs: number): s is TimelineSegment {
  return s !== undefined && s.kind !== 'unknown' && s.endMs > nowMs + MINUTE_MS;
}

/** The override view's params for a segment of a schedule: its window, from the next minute when it is running. */
export function segmentOverride(
  scheduleId: string | undefined,
  s: TimelineSegment | undefined,
  nowMs: number,
): Record<string, string> | undefined {
  if (!overridable(s, nowMs) || !scheduleId) return undefined;
  const startMs = Math.max(s.startMs, Math.ceil(nowMs / MINUTE_MS) * MINUTE_MS);
  return {
    scheduleId,
    start: new Date(startMs).toISOString(),
    end: new Date(s.endMs).toISOString(),
    // My own shift is handed to someone else, not "me covers me".
    ...(s.mine ? { who: 'others' } : {}),
  };
}
