// How the popover and the tray say where a shift-start alarm stands: "acknowledged 22:01" or "not acknowledged"
// (rung, snoozed or not yet). Only for an alarm the app knows of: no record is no claim either way. The words are
// shared/alarm-text.ts's (the tray and the renderer say them from the state).
import { ackWords } from '../../shared/alarm-text';
import type { AlarmRecord } from './types';

export function ackText(
  rec: AlarmRecord | undefined,
  opts: { nowMs: number; localZone?: string; locale?: string },
): string {
  return ackWords(rec?.ackedAtMs, opts);
}
