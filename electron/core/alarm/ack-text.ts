// How the popover and the tray say where a shift-start alarm stands: "acknowledged 22:01" or "not acknowledged"
// (rung, snoozed or not yet). Only for an alarm the app knows of: no record is no claim either way.
import { formatTime } from '../../shared/format';
import type { AlarmRecord } from './types';

export function ackText(rec: AlarmRecord | undefined, opts: { localZone?: string; locale?: string }): string {
  if (rec?.ackedAtMs === undefined) return 'not acknowledged';
  return `acknowledged ${formatTime(rec.ackedAtMs, opts)}`;
}
