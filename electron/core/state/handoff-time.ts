// The hand-off text's one day-and-time wording (handoff-summary.ts, handoff-mine.ts): my zone named, UTC beside it.
import { formatDayTime } from '../../shared/format';

export interface HandoffOptions {
  nowMs: number;
  /** IANA zone the times are written in (UTC is added unless this is UTC). */
  localZone: string;
}

/** "17:00 Berlin (16:00 UTC)", "Tue 09:00 Berlin (08:00 UTC)"; just "16:00 UTC" when my zone is UTC: the one
 *  day-and-time wording, naming my zone for readers elsewhere, with UTC beside it as a schedule's zone is. */
export function handoffTime(iso: string, o: HandoffOptions): string {
  return formatDayTime(iso, { nowMs: o.nowMs, localZone: o.localZone, scheduleZone: 'UTC', nameZone: true });
}
