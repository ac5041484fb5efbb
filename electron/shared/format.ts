// Display formatting shared by the core (notifications), the tray and the renderer. Instants arrive as UTC ISO
// strings or epoch ms; everything shown is in the local zone, with the schedule's own wall time added in
// parentheses only when its UTC offset differs at that instant (a Paris schedule seen from Berlin adds nothing).
// On Intl alone (./wall-clock), so main and the renderer run this one implementation and the renderer ships no
// luxon; test/shared/format-oracle.test.ts holds every text to what luxon prints.
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './time';
import { repeatTag } from './repeated-hour';
import { localWall, wallAt, wallText, warmFormats, type Wall } from './wall-clock';

export { wallParts, type WallParts } from './wall-clock';

export type Instant = string | number;

export interface TimeFormatOptions {
  /** IANA zone to display in; defaults to the system zone. */
  localZone?: string;
  /** The schedule's IANA zone; its wall time is appended when its offset differs from the local one. */
  scheduleZone?: string;
  /** BCP 47 locale for clock and weekday formats; default 'en-GB' (24 h). */
  locale?: string;
  /** Name the local zone after the local time ("09:00 Berlin"): for text read in other zones (hand-off, .ics). */
  nameZone?: boolean;
}

/** Options for formats that depend on "today" (a day name is shown only for other days). */
export interface DayFormatOptions extends TimeFormatOptions {
  nowMs: number;
  /** A surface redrawn as time passes (the popover): a window starting today names its start as the time alone, as
   *  the headline above it does ("Next: 08:59" over "08:59 – Thu 04:59", adv49 r39). Without it both ends name
   *  their day, as a notification must (it is read later). */
  live?: boolean;
}

const DEFAULT_LOCALE = 'en-GB';

/** The one locale every surface words dates and times in: 24-hour en-GB, whatever the system's locale. The engine's
 *  surfaces (notifications, the alarm, hand-off, `.ics`, `status`) have no locale to follow, so the tray, the
 *  popover and the alarm window don't take the system's either (a 12-hour system showed "09:00 AM" beside "09:00"). */
export const DISPLAY_LOCALE = DEFAULT_LOCALE;

export function toMs(instant: Instant): number {
  return typeof instant === 'number' ? instant : Date.parse(instant);
}

/** A compact duration: "45 min", "2 h 15 min", "3 d 4 h". Minutes are rounded to the nearest one. */
export function formatDuration(ms: number): string {
  const totalMin = Math.round(Math.abs(ms) / MINUTE_MS);
  const [hourMin, dayMin] = [HOUR_MS / MINUTE_MS, DAY_MS / MINUTE_MS];
  if (totalMin < hourMin) return `${totalMin} min`;
  if (totalMin < dayMin) {
    const h = Math.floor(totalMin / hourMin);
    const m = totalMin % hourMin;
    return m === 0 ? `${h} h` : `${h} h ${m} min`;
  }
  const d = Math.floor(totalMin / dayMin);
  const h = Math.floor((totalMin % dayMin) / hourMin);
  return h === 0 ? `${d} d` : `${d} d ${h} h`;
}

/**
 * How long a block is, the one wording of a length: "8 h", "2 d 4 h"; a block ending at the wall time it started
 * reads in whole days ("7 d", as a calendar shows a rotation), with the real hours added when the clocks change in
 * between ("1 d (23 h: clocks change)").
 */
export function formatLength(start: Instant, end: Instant, opts: TimeFormatOptions = {}): string {
  const [startMs, endMs] = [toMs(start), toMs(end)];
  const [s, e] = [localWall(startMs, opts.localZone), localWall(endMs, opts.localZone)];
  const days = e.dayNumber - s.dayNumber;
  const clockOf = (wallMs: number): number => ((wallMs % DAY_MS) + DAY_MS) % DAY_MS;
  const ms = endMs - startMs;
  if (clockOf(s.wallMs) !== clockOf(e.wallMs) || days < 1) return formatDuration(ms);
  const text = `${days} d`;
  return ms === days * DAY_MS ? text : `${text} (${formatDuration(ms)}: clocks change)`;
}

/** Time left until `end`: "6 h 59 min left", "under 1 min left" (never "now left" nor "0 min left"). Every surface
 *  that says how long my block has left says it with this (the tray cut "in " off a relative time to make it). */
export function formatLeft(nowMs: number, end: Instant): string {
  const ms = toMs(end) - nowMs;
  return ms < MINUTE_MS ? 'under 1 min left' : `${formatDuration(ms)} left`;
}

/** "in 2 h 15 min", "5 min ago", or "now" within half a minute either side. */
export function formatRelative(fromMs: number, to: Instant): string {
  const diffMs = toMs(to) - fromMs;
  if (Math.abs(diffMs) < MINUTE_MS / 2) return 'now';
  const text = formatDuration(diffMs);
  return diffMs > 0 ? `in ${text}` : `${text} ago`;
}

/** A ticking countdown: "1:02:03" or "14:59" (hours unbounded); never negative. */
export function formatCountdown(remainingMs: number): string {
  const totalSec = Math.max(0, Math.ceil(remainingMs / SECOND_MS));
  const h = Math.floor(totalSec / 3600);
  const m = Math.floor((totalSec % 3600) / 60);
  const s = totalSec % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** "New York" for "America/New_York": short enough for a menu, unambiguous enough in context. */
export function zoneLabel(zone: string): string {
  const last = zone.split('/').pop() ?? zone;
  return last.replace(/_/g, ' ');
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const WEEKDAY_CLOCK: Intl.DateTimeFormatOptions = { weekday: 'short', hour: '2-digit', minute: '2-digit' };
const DATE_CLOCK: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
/** A date more than ~11 months away names its year: "1 Jan 2999, 00:00", never a bare "1 Jan" read as next one. */
const YEAR_CLOCK: Intl.DateTimeFormatOptions = { ...DATE_CLOCK, year: 'numeric' };
const YEAR_AWAY_DAYS = 330;
/** The last resort for two ends that would otherwise read the same: "25 Oct, 02:10:30". */
const SECONDS_CLOCK: Intl.DateTimeFormatOptions = { ...DATE_CLOCK, second: '2-digit' };
const DATE_ONLY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const YEAR: Intl.DateTimeFormatOptions = { year: 'numeric' };

/** Builds the formatters a first render needs while the app waits for its first state (idle time anyway). */
export function warmUp(locale: string, zones: readonly (string | undefined)[] = [undefined]): void {
  warmFormats(locale, [CLOCK, WEEKDAY_CLOCK], zones);
}

/** "22:00", with the repeated hour's tag where the clocks go back (for ./day-word.ts too). */
export function clock(w: Wall, locale: string): string {
  return wallText(w, locale, CLOCK) + repeatTag(w, locale);
}

/** A clock with its day (for ./day-word.ts too). */
export function dayClock(w: Wall, locale: string, style: 'weekday' | 'date' | 'year' | 'seconds'): string {
  const options =
    style === 'weekday'
      ? WEEKDAY_CLOCK
      : style === 'year'
        ? YEAR_CLOCK
        : style === 'seconds'
          ? SECONDS_CLOCK
          : DATE_CLOCK;
  return wallText(w, locale, options) + repeatTag(w, locale);
}

/** The schedule zone's view of an instant, or undefined when it reads the same as the local one (or is unknown); for
 *  ./day-word.ts too. */
export function scheduleSide(local: Wall, ms: number, opts: TimeFormatOptions): Wall | undefined {
  if (!opts.scheduleZone) return undefined;
  const there = wallAt(ms, opts.scheduleZone);
  if (!there || there.offsetMin === local.offsetMin) return undefined;
  return there;
}

/** An absolute instant, for text that must read the same whenever it is read (the .ics): "Sun 29 Mar 2026, 09:00"
 *  ("… 09:00 Berlin" with `nameZone`). */
export function formatStamp(instant: Instant, opts: TimeFormatOptions = {}): string {
  const [w, locale] = [localWall(toMs(instant), opts.localZone), opts.locale ?? DEFAULT_LOCALE];
  const text = `${wallText(w, locale, DATE_ONLY)} ${wallText(w, locale, YEAR)}, ${clock(w, locale)}`;
  return opts.nameZone ? `${text} ${zoneLabel(opts.localZone ?? systemZone())}` : text;
}

const systemZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Time alone today (unless `withDay`), the weekday in the coming week, otherwise the date. A past day, yesterday
 *  too, carries its date: its bare weekday is also one of the coming week's, so "ends Wed 12:00" six days ago read
 *  as tomorrow (adv49 r19). */
function localDayText(w: Wall, nowLocal: Wall, locale: string, withDay = false): string {
  const dayDiff = w.dayNumber - nowLocal.dayNumber;
  if (dayDiff === 0 && !withDay) return clock(w, locale);
  if (dayDiff >= 0 && dayDiff < 7) return dayClock(w, locale, 'weekday');
  return dayClock(w, locale, Math.abs(dayDiff) > YEAR_AWAY_DAYS ? 'year' : 'date');
}

/** "09:00" today, "Tue 09:00" in the coming week, "14 Apr, 09:00" further away or in the past. */
export function formatDayTime(instant: Instant, opts: DayFormatOptions): string {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const ms = toMs(instant);
  const local = localWall(ms, opts.localZone);
  const day = localDayText(local, localWall(opts.nowMs, opts.localZone), locale);
  const text = opts.nameZone ? `${day} ${zoneLabel(opts.localZone ?? systemZone())}` : day;
  const there = scheduleSide(local, ms, opts);
  if (!there || !opts.scheduleZone) return text;
  // The schedule's side names its day in the same style as the local side: a weekday within a week, else the
  // date (a bare "Mon" for next week's Monday would read as this week's).
  const thereText =
    there.isoDate === local.isoDate
      ? clock(there, locale)
      : localDayText(there, localWall(opts.nowMs, opts.scheduleZone), locale, true);
  return `${text} (${thereText} ${zoneLabel(opts.scheduleZone)})`;
}

function windowIn(start: Wall, end: Wall, nowLocal: Wall, locale: string, live?: boolean): string {
  // A shift ending at midnight reads as "09:00–00:00" rather than naming the next day.
  const endDay = end.atMidnight ? end.dayNumber - 1 : end.dayNumber;
  const endsSameDay = endDay === start.dayNumber && end.ms - start.ms < DAY_MS;
  const sameInstant = start.ms === end.ms;
  if (endsSameDay && (sameInstant || clock(start, locale) !== clock(end, locale))) {
    // A tagged end ("02:10 CEST") stands apart from its neighbour: "Sun 02:10 CEST – 02:10 CET".
    const dash = repeatTag(start, locale) === '' && repeatTag(end, locale) === '' ? '–' : ' – ';
    return `${localDayText(start, nowLocal, locale)}${dash}${clock(end, locale)}`;
  }
  // Spanning days: both ends name their day, so "Sat 09:00 – Sun 09:00" reads the same whenever it is shown (but a
  // start today on a `live` surface, whose headline gives today's time alone).
  return apart(start, end, nowLocal, locale, live);
}

/** Two different instants never read the same ("Sun 09:00 – Sun 09:00" a week apart): each end in the first style
 *  that tells them apart — its day as near ones read, its date, then its seconds. */
function apart(start: Wall, end: Wall, nowLocal: Wall, locale: string, live?: boolean): string {
  // A week or more apart, two weekdays can name the same day ("Mon 03:00 – Mon 02:00"): dates then.
  const weekApart = Math.abs(end.dayNumber - start.dayNumber) >= 7;
  const today = live && start.dayNumber === nowLocal.dayNumber;
  const styles: ((w: Wall) => string)[] = [
    ...(weekApart ? [] : [(w: Wall) => localDayText(w, nowLocal, locale, true)]),
    (w) => dayClock(w, locale, Math.abs(w.dayNumber - nowLocal.dayNumber) > YEAR_AWAY_DAYS ? 'year' : 'date'),
    (w) => dayClock(w, locale, 'seconds'),
  ];
  for (const style of styles) {
    const [from, to] = [today && style === styles[0] ? clock(start, locale) : style(start), style(end)];
    if (from !== to || start.ms === end.ms) return `${from} – ${to}`;
  }
  return `${dayClock(start, locale, 'seconds')} – ${dayClock(end, locale, 'seconds')}`;
}

/** "09:00–17:00", "Tue 09:00 – Wed 09:00", plus "(03:00–11:00 New York)" when the schedule's zone differs. */
export function formatWindow(start: Instant, end: Instant, opts: DayFormatOptions): string {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const [startMs, endMs] = [toMs(start), toMs(end)];
  const s = localWall(startMs, opts.localZone);
  const text = windowIn(s, localWall(endMs, opts.localZone), localWall(opts.nowMs, opts.localZone), locale, opts.live);
  const there = scheduleSide(s, startMs, opts);
  const zone = opts.scheduleZone;
  if (!there || !zone) return text;
  const thereText = windowIn(there, localWall(endMs, zone), localWall(opts.nowMs, zone), locale, opts.live);
  return `${text} (${thereText} ${zoneLabel(zone)})`;
}

/** Up to two letters for an avatar: first and last word ("Jean-Luc Picard" → "JP"); "?" when empty. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (w: string): string => (Array.from(w)[0] ?? '').toLocaleUpperCase();
  return letter(first) + (last ? letter(last) : '');
}

/** "Alice", "Alice and Bob", "Alice, Bob and Carol". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}
