// The iCalendar text of my blocks: one VEVENT per block, UTC instants, a description with my local time and the
// schedule's own, and who is on before and after. Only absolute dates appear ("Sun 29 Mar 2026"), never "today" or
// "Tue": the text must stay the same until the block really changes, or every request would look like an edit.
import { formatStamp, zoneLabel } from '../../shared/format';
import type { Person } from '../../shared/view-state';
import type { CalendarBlock } from './my-blocks';
import type { UnknownWhy } from '../model/timeline';
import { assertNever, unknownWhyText } from '../../shared/basis';
import { blockWindow } from '../../shared/block-words';
import { contentLines, escapeText, MAX_DESCRIPTION_CHARS, sequenceValue, uidValue, utcDateTime } from './ics-text';

export const PRODID = '-//OnCall Tray//My on-call shifts//EN';
/** How often subscribed calendars should fetch again (RFC 7986 REFRESH-INTERVAL, and the older X-PUBLISHED-TTL). */
export const REFRESH_INTERVAL = 'PT1H';

export interface EventMeta {
  uid: string;
  sequence: number;
  /** When this block was first published or last changed: both DTSTAMP and LAST-MODIFIED. */
  modifiedMs: number;
}

/** "Sun 29 Mar 2026, 09:00": the formatter's absolute wording (its zone is named once, on the line). */
const when = (ms: number, zone: string): string => formatStamp(ms, { localZone: zone });

const names = (people: readonly Person[]): string => people.map((p) => p.name).join(', ');

function neighbourText(people: Person[] | null, side: 'earlier' | 'later', why: UnknownWhy | undefined): string {
  if (people === null && why === 'hole') return "unknown (shifts the service sent couldn't be read)";
  if (people === null) return `unknown (${side} shifts not fetched)`;
  return people.length === 0 ? 'nobody on call' : names(people);
}

function zoneLines(b: CalendarBlock, localZone: string): string[] {
  // An end no read covers is worded as on every surface: "from … until at least …, then unknown" (block-words.ts);
  // the event's DTEND there is provisional (where the read ends), and the description says so.
  const block = {
    start: new Date(b.startMs).toISOString(),
    end: new Date(b.endMs).toISOString(),
    endBasis: b.endBasis,
  };
  const span = (zone: string): string =>
    blockWindow(
      block,
      (start, end) => `${when(Date.parse(start), zone)} – ${when(Date.parse(end), zone)}`,
      (iso) => when(Date.parse(iso), zone),
    );
  // A kept block is unknown as a whole: its times are the last read's, not "until at least" (which claims all of it).
  const asRead = b.unconfirmed !== undefined;
  const spanOf = (zone: string): string => (asRead ? `${when(b.startMs, zone)} – ${when(b.endMs, zone)}` : span(zone));
  const label = (what: string): string => (asRead ? `${what}, as last read` : what);
  const lines = [`${label(`Your time (${zoneLabel(localZone)})`)}: ${spanOf(localZone)}`];
  if (b.zone === null) lines.push('Schedule time: the schedule’s zone is unknown');
  else if (b.zone !== localZone) lines.push(`${label(`Schedule time (${zoneLabel(b.zone)})`)}: ${spanOf(b.zone)}`);
  return lines;
}

/** The schedule as the event's summary and alarms name it: marked where the block rests on saved data. The
 *  alarm shows alone on a phone, so it carries the mark too. */
function named(b: CalendarBlock): string {
  switch (b.basis.kind) {
    case 'fresh':
      return b.scheduleName;
    case 'saved':
      return `${b.scheduleName} (saved data)`;
    case 'unknown':
      return `${b.scheduleName} (unknown: ${unknownWhyText(b.basis.why)})`;
    default:
      return assertNever(b.basis);
  }
}

export function summaryOf(b: CalendarBlock): string {
  return `On call: ${named(b)}`;
}

/** "From saved data read Sun 29 Mar 2026, 14:02 Berlin (…): …": a block the app couldn't confirm says so, first. */
function savedLine(b: CalendarBlock, localZone: string): string[] {
  if (!b.saved) return [];
  const why = b.saved.notFound
    ? 'the service no longer finds this schedule'
    : 'the schedule could not be refreshed since';
  const read = formatStamp(b.saved.atMs, { localZone, nameZone: true });
  return [`From saved data read ${read} (${why}): this block may have changed.`];
}

/** Whether the block may go on past its end, from what the time after it rests on: not where that was read (fresh
 *  or saved, the saved line says which); where it wasn't, why (a hole, or the end of the read). */
function mayGoOn(after: CalendarBlock['endBasis']): 'no' | 'hole' | 'past the read' {
  switch (after.kind) {
    case 'fresh':
    case 'saved':
      return 'no';
    case 'unknown':
      return after.why === 'hole' ? 'hole' : 'past the read';
    default:
      return assertNever(after);
  }
}

/** "Not confirmed since Thu 5 Mar 2026, 13:02 Berlin: …": an event kept where the latest read didn't reach. */
function unconfirmedLine(b: CalendarBlock, localZone: string): string[] {
  if (!b.unconfirmed) return [];
  const since = formatStamp(b.unconfirmed.sinceMs, { localZone, nameZone: true });
  const why = b.basis.kind === 'unknown' && b.basis.why === 'hole' ? "couldn't be read" : "weren't fetched";
  return [
    `Not confirmed since ${since}: the service's shifts for this time ${why}. Kept as last read: it may have changed.`,
  ];
}

export function descriptionOf(b: CalendarBlock, localZone: string): string {
  const lines = [...unconfirmedLine(b, localZone), ...savedLine(b, localZone), ...zoneLines(b, localZone)];
  if (b.withMe.length > 0) lines.push(`With you: ${names(b.withMe)}`);
  lines.push(`Before you: ${neighbourText(b.before, 'earlier', b.unknownWhy?.before)}`);
  // A kept block's own end is as unknown as the rest of it: no "may go on" beyond what its first line says.
  const goesOn = b.unconfirmed ? 'no' : mayGoOn(b.endBasis);
  const after =
    goesOn === 'past the read'
      ? 'unknown (later shifts not fetched yet)'
      : neighbourText(b.after, 'later', b.unknownWhy?.after);
  lines.push(`After you: ${after}`);
  if (goesOn === 'past the read')
    lines.push(
      'This block may go on longer: it reaches the end of the shifts fetched so far (the event ends there for now).',
    );
  if (goesOn === 'hole') lines.push("This block may go on longer: the shifts after it couldn't be read.");
  lines.push(`Schedule: ${b.scheduleName} (${b.scheduleId})`);
  return lines.join('\n');
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
