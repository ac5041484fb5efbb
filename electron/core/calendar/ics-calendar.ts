// The iCalendar text of my blocks: one VEVENT per block, UTC instants, with its words (event-words.ts: the summary
// and a description with my local time and the schedule's own, and who is on before and after) and its alarms.
import type { CalendarBlock } from './my-blocks';
import { contentLines, escapeText, MAX_DESCRIPTION_CHARS, sequenceValue, uidValue, utcDateTime } from './ics-text';
import { descriptionOf, named, summaryOf } from './event-words';

export const PRODID = '-//OnCall Tray//My on-call shifts//EN';
/** How often subscribed calendars should fetch again (RFC 7986 REFRESH-INTERVAL, and the older X-PUBLISHED-TTL). */
export const REFRESH_INTERVAL = 'PT1H';

export interface EventMeta {
  uid: string;
  sequence: number;
  /** When this block was first published or last changed: both DTSTAMP and LAST-MODIFIED. */
  modifiedMs: number;
}

/** An alarm before (or at) a block's start: minutes before it, 0 at the start. */
export interface AlarmSpec {
  beforeMin: number;
}

/** RFC 5545 duration before the start: "-PT15M", "-P1D", "-P1DT2H30M"; "PT0S" at the start. */
export function triggerOf(beforeMin: number): string {
  if (beforeMin <= 0) return 'PT0S';
  const days = Math.floor(beforeMin / 1440);
  const hours = Math.floor((beforeMin % 1440) / 60);
  const minutes = beforeMin % 60;
  const time = hours > 0 || minutes > 0 ? `T${hours > 0 ? `${hours}H` : ''}${minutes > 0 ? `${minutes}M` : ''}` : '';
  return `-P${days > 0 ? `${days}D` : ''}${time}`;
}

/** The alarm's text as the phone shows it: "On call in 15 min: Platform primary" / "On call now: Platform primary". */
export function alarmText(b: CalendarBlock, beforeMin: number): string {
  if (beforeMin <= 0) return `On call now: ${named(b)}`;
  const days = Math.floor(beforeMin / 1440);
  const hours = Math.floor((beforeMin % 1440) / 60);
  const minutes = beforeMin % 60;
  const parts = [
    days > 0 ? `${days} d` : '',
    hours > 0 ? `${hours} h` : '',
    minutes > 0 ? `${minutes} min` : '',
  ].filter((p) => p !== '');
  return `On call in ${parts.join(' ')}: ${named(b)}`;
}

/** VALARMs with their own UIDs (RFC 9074), so a re-import or a feed refresh never adds a second set. */
export function alarmLines(b: CalendarBlock, uid: string, alarms: readonly AlarmSpec[]): string[] {
  return alarms.flatMap((a) => [
    'BEGIN:VALARM',
    `UID:${uid}-alarm-${a.beforeMin}`,
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(alarmText(b, a.beforeMin), MAX_DESCRIPTION_CHARS)}`,
    `TRIGGER;RELATED=START:${triggerOf(a.beforeMin)}`,
    'END:VALARM',
  ]);
}

export function eventLines(
  b: CalendarBlock,
  meta: EventMeta,
  localZone: string,
  alarms: readonly AlarmSpec[] = [],
): string[] {
  const stamp = utcDateTime(meta.modifiedMs);
  const uid = uidValue(meta.uid);
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    // Without METHOD, DTSTAMP is when the event was last revised: the same until the block changes, so an
    // unchanged calendar keeps its ETag.
    `DTSTAMP:${stamp}`,
    `DTSTART:${utcDateTime(b.startMs)}`,
    `DTEND:${utcDateTime(b.endMs)}`,
    `SUMMARY:${escapeText(summaryOf(b))}`,
    `DESCRIPTION:${escapeText(descriptionOf(b, localZone), MAX_DESCRIPTION_CHARS)}`,
    `LAST-MODIFIED:${stamp}`,
    `SEQUENCE:${sequenceValue(meta.sequence)}`,
    // Being on call is not a meeting: the time stays free for invitations.
    'TRANSP:TRANSPARENT',
    ...alarmLines(b, uid, alarms),
    'END:VEVENT',
  ];
}

export interface CalendarHead {
  name: string;
  description: string;
}

export function calendarText(head: CalendarHead, events: readonly string[][]): string {
  return contentLines([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    `NAME:${escapeText(head.name)}`,
    `X-WR-CALNAME:${escapeText(head.name)}`,
    `X-WR-CALDESC:${escapeText(head.description, MAX_DESCRIPTION_CHARS)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH_INTERVAL}`,
    `X-PUBLISHED-TTL:${REFRESH_INTERVAL}`,
    ...events.flat(),
    'END:VCALENDAR',
  ]);
}
