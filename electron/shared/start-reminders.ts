// The reminders before a shift's start as a schedule's own choice plans them, and which of them speak while
// notifications are quiet (quiet hours or a pause). One rule for the planner and the delivery (core/reminders) and
// for every text that promises what still comes (the heads-up before a quiet night, the pause in the tray), so what
// they promise is what is planned and spoken. The rule: an on-call start is never silenced, so neither is the one
// reminder that warns of it when "at the start" is off (the last lead), nor any within the hour of it, nor a
// change to a shift that starts before quiet time ends. Plain numbers and the shared formats: no zod, no luxon.
import type { ReminderSettings } from './account-settings';
import { formatDayTime, joinNames, type TimeFormatOptions } from './format';
import { HOUR_MS, MINUTE_MS } from './time';

/** A message about a shift starting this soon (or already running) is urgent: it is shown even when quiet. */
export const URGENT_WITHIN_MS = HOUR_MS;

/** A message's stake in time: what it is about, and what it must come before to be of use. */
export interface Stake {
  /** Start of the shift it is about (a lead's shift, a change's next block of mine). */
  startsAtMs?: number;
  /** Held until quiet time ends it would come after this instant, too late: the start the last warning warns of,
   *  the earliest start a change concerns (a removed or moved shift's too). */
  mustPrecedeMs?: number;
}

/** Whether a message that may wait (a lead, a change) speaks at `nowMs` while quiet until `quietEndMs`. */
export function speaksWhileQuiet(m: Stake, nowMs: number, quietEndMs: number): boolean {
  if (m.startsAtMs !== undefined && m.startsAtMs - nowMs <= URGENT_WITHIN_MS) return true;
  return m.mustPrecedeMs !== undefined && m.mustPrecedeMs <= quietEndMs;
}

export interface StartReminder extends Stake {
  kind: 'lead' | 'start';
  atMs: number;
  /** Minutes before the start (0: the start itself). */
  leadMin: number;
}

/** The reminders of a shift starting at `startMs`, earliest first: one per lead time, then "On call now" if chosen.
 *  The last lead, when no "On call now" follows it, must precede the start. */
export function startRemindersOf(
  startMs: number,
  choice: Pick<ReminderSettings, 'leadTimesMin' | 'atStart'>,
): StartReminder[] {
  const leads = [...new Set(choice.leadTimesMin)].sort((a, b) => b - a);
  const last = choice.atStart ? undefined : leads[leads.length - 1];
  const items: StartReminder[] = leads.map((leadMin) => ({
    kind: 'lead',
    atMs: startMs - leadMin * MINUTE_MS,
    leadMin,
    startsAtMs: startMs,
    ...(leadMin === last ? { mustPrecedeMs: startMs } : {}),
  }));
  if (choice.atStart) items.push({ kind: 'start', atMs: startMs, leadMin: 0, startsAtMs: startMs });
  return items;
}

/** Of a shift's start reminders, those due after `afterMs` that will be shown, notifications being quiet until
 *  `quietEndMs`: what a notice at `afterMs` may promise. */
export function stillComing(
  startMs: number,
  choice: Pick<ReminderSettings, 'leadTimesMin' | 'atStart'>,
  afterMs: number,
  quietEndMs: number,
): StartReminder[] {
  return startRemindersOf(startMs, choice).filter(
    (r) => r.atMs > afterMs && (r.kind === 'start' || r.atMs >= quietEndMs || speaksWhileQuiet(r, r.atMs, quietEndMs)),
  );
}

/** "the 01:00 reminder still comes", "the 02:45 reminder and “On call now” still come" (with `forWhat`: "… for
 *  your Wed 03:00 shift still comes"), or undefined when nothing comes. Times are local, named relative to the
 *  shift's start day. */
export function stillComingText(
  items: readonly StartReminder[],
  startMs: number,
  opts: Omit<TimeFormatOptions, 'scheduleZone'>,
  forWhat = '',
): string | undefined {
  const times = items.filter((r) => r.kind === 'lead').map((r) => formatDayTime(r.atMs, { ...opts, nowMs: startMs }));
  const parts: string[] = [];
  if (times.length > 0) parts.push(`the ${joinNames(times)} reminder${times.length > 1 ? 's' : ''}`);
  if (items.some((r) => r.kind === 'start')) parts.push('“On call now”');
  if (parts.length === 0) return undefined;
  const verb = items.length > 1 ? 'come' : 'comes';
  return `${joinNames(parts)}${forWhat === '' ? '' : ` ${forWhat}`} still ${verb}`;
}
