// How the popover, the tray and the tooltip say where the shift-start alarm of the current (or last) start stands:
// "acknowledged 22:01" or "not acknowledged". Only for an alarm the state names: no alarm is no claim either way.
import { accountNamed } from './account-names';
import { formatDayTime, formatTime } from './format';
import { isolate } from './bidi';
import type { AlarmStatus } from './phone-intent';

export interface AlarmTextOptions {
  nowMs: number;
  localZone: string;
  locale?: string;
}

/** "acknowledged 22:01" / "not acknowledged" (an ISO acknowledgement instant, or none). */
export function ackWords(
  ackedAt: string | number | null | undefined,
  o: { localZone?: string; locale?: string },
): string {
  if (ackedAt === null || ackedAt === undefined) return 'not acknowledged';
  return `acknowledged ${formatTime(ackedAt, o)}`;
}

/** "Shift-start alarm (Ops, 22:00): acknowledged 22:01"; "(Work · Ops, 22:00)" while there are several accounts. */
export function alarmLine(a: AlarmStatus, o: AlarmTextOptions): string {
  // The start's day where it is not today ("Tue 09:00"): a bare "09:00" would name today's.
  const start = formatDayTime(a.start, o);
  return `Shift-start alarm (${isolate(accountNamed(a.accountName, a.scheduleName))}, ${start}): ${ackWords(a.ackedAt, o)}`;
}
