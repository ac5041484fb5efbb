// "Ask for cover": the service can't create coverage requests, so the app writes the chat message instead. Each
// block names its schedule (and account, with several), its window in my zone and, where it differs, the
// schedule's, with dates spelled out (a chat message is read later), the reason, and whom the picker ranks first.
import { accountNamed } from '../../shared/account-names';
import { formatTime } from '../../shared/day-word';
import { formatLength, wallParts, zoneLabel } from '../../shared/format';
import { formatDate } from '../../shared/day-word';
import { DAY_MS } from '../../shared/time';

export interface AskBlock {
  /** '' with one account. */
  accountLabel: string;
  scheduleName: string;
  timeZone: string | null;
  start: string;
  end: string;
  /** Names the people picker ranks first for this block, best first. */
  people: string[];
}

const city = zoneLabel;

/** "Fri 6 Mar 15:00–23:00", "Sat 7 Mar 09:00 – Sun 8 Mar 09:00": dates spelled out, in the formatter's words. */
function windowIn(start: string, end: string, zone: string): string {
  const o = { localZone: zone };
  const at = (iso: string): string => `${formatDate(iso, o)} ${formatTime(iso, o)}`;
  const midnightEnd = formatTime(end, o) === '00:00' && Date.parse(end) - Date.parse(start) <= DAY_MS;
  const sameDay = formatDate(start, o) === formatDate(end, o) || midnightEnd;
  return sameDay ? `${at(start)}–${formatTime(end, o)}` : `${at(start)} – ${at(end)}`;
}

function blockLine(b: AskBlock, localZone: string): string {
  const name = accountNamed(b.accountLabel, b.scheduleName);
  const mine = `${windowIn(b.start, b.end, localZone)} ${city(localZone)} time`;
  const offsetOf = (zone: string): number | undefined => wallParts(Date.parse(b.start), zone)?.offsetMin;
  const offsetsDiffer = b.timeZone !== null && offsetOf(b.timeZone) !== offsetOf(localZone);
  const theirs =
    offsetsDiffer && b.timeZone ? ` (${windowIn(b.start, b.end, b.timeZone)} ${city(b.timeZone)} time)` : '';
  const zoneUnknown = b.timeZone === null ? ' (the schedule’s zone is unknown)' : '';
  return `• ${name}: ${mine}${theirs}${zoneUnknown}, ${formatLength(b.start, b.end, { localZone })}`;
}

/** The message, or undefined when there is no block to ask about. */
export function askCoverText(blocks: readonly AskBlock[], reason: string, localZone: string): string | undefined {
  if (blocks.length === 0) return undefined;
  const opening =
    blocks.length === 1
      ? 'Could someone cover this on-call shift for me?'
      : 'Could someone cover these on-call shifts for me?';
  const lines = [opening, ...blocks.map((b) => blockLine(b, localZone))];
  const why = reason.trim();
  if (why !== '') lines.push(`Reason: ${why}`);
  const ranked = [...new Set(blocks.flatMap((b) => b.people))].slice(0, 3);
  if (ranked.length > 0) lines.push(`Free then, as far as I can see: ${ranked.join(', ')}`);
  lines.push('Reply here and I’ll set up the override.');
  return lines.join('\n');
}
