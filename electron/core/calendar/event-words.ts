// The words of my block's event: its summary and description (my local time and the schedule's own, who is on
// before and after, what the block rests on). Apart from ics-calendar.ts, which lays them out as iCalendar lines:
// these are what the user reads, and what the text registry checks. Only absolute dates appear ("Sun 29 Mar 2026"),
// never "today" or "Tue": the text must stay the same until the block really changes, or every request would look
// like an edit.
import { formatStamp, zoneLabel } from '../../shared/format';
import type { Person } from '../../shared/view-state';
import type { CalendarBlock } from './my-blocks';
import type { UnknownWhy } from '../model/timeline';
import { assertNever, unknownWhyText } from '../../shared/basis';
import { blockWindow } from '../../shared/block-words';

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
export function named(b: CalendarBlock): string {
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
