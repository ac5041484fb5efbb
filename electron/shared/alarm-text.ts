// How the popover, the tray and the tooltip say where the shift-start alarm of the current (or last) start stands:
// "acknowledged 22:01" or "not acknowledged". Only for an alarm the state names: no alarm is no claim either way.
import { accountNamed } from './account-names';
import { formatDayTime } from './format';
import { isolate } from './bidi';
import type { AlarmStatus } from './phone-intent';

export interface AlarmTextOptions {
  nowMs: number;
  localZone: string;
  locale?: string;
}

/** "acknowledged 22:01" / "not acknowledged" (an ISO acknowledgement instant, or none). With its day where it is not
 *  today: a shift running into its second day said "acknowledged 10:01", an hour ahead that morning (adv50 r27 #2). */
export function ackWords(
  ackedAt: string | number | null | undefined,
  o: { nowMs: number; localZone?: string; locale?: string },
): string {
  if (ackedAt === null || ackedAt === undefined) return 'not acknowledged';
  return `acknowledged ${formatDayTime(ackedAt, o)}`;
}

/** The start an alarm is for: its schedule (with its account while there are several) and when it starts. */
export interface AlarmStart {
  accountName?: string | undefined;
  scheduleName: string;
  start: string | number;
  /** The schedule's zone: its own time is added where it differs, as the alarm's notification and window say. */
  scheduleZone?: string | undefined;
}

/** "Work · Ops, Tue 09:00 (03:00 New York)": the one wording of an alarm's start, for the tray, the popover and
 *  `status --ack` alike. The start's day where it is not today: a bare "09:00" would name today's. */
export function alarmStartWords(a: AlarmStart, o: AlarmTextOptions): string {
  const start = formatDayTime(a.start, a.scheduleZone ? { ...o, scheduleZone: a.scheduleZone } : o);
  return `${isolate(accountNamed(a.accountName, a.scheduleName))}, ${start}`;
}

/** A start that rang nothing (its account paused or muted then, as documented): said so, nothing asked. */
export const NOT_RUNG_WORDS = 'not rung — reminders were paused or muted at its start';

/** Where an alarm stands: "acknowledged 22:01", "not acknowledged", or that it was not rung at all. */
export function alarmStateWords(
  a: Pick<AlarmStatus, 'ackedAt' | 'passedUnrung'>,
  o: { nowMs: number; localZone?: string; locale?: string },
): string {
  return a.passedUnrung === true && a.ackedAt === null ? NOT_RUNG_WORDS : ackWords(a.ackedAt, o);
}

/** "Shift-start alarm (Ops, 22:00): acknowledged 22:01"; "(Work · Ops, 22:00)" while there are several accounts. */
export function alarmLine(a: AlarmStatus, o: AlarmTextOptions): string {
  return `Shift-start alarm (${alarmStartWords(a, o)}): ${alarmStateWords(a, o)}`;
}
