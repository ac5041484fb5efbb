// The zone-aware formats of electron/shared/format.ts, re-done on the browser's own Intl so the renderer does not
// ship luxon (≈23 KB gzip, a third of its bundle budget). Same signatures, same text: a parity test runs both over
// zones, DST changes and locales (test/renderer/zoned-format.test.ts). Zone-free helpers are imported from
// format.ts directly (that does not pull luxon in: it is side-effect free and tree-shaken).
import {
  zoneLabel,
  type DayFormatOptions,
  type Instant,
  type TimeFormatOptions,
} from '../../../electron/shared/format';

const DEFAULT_LOCALE = 'en-GB';
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A wall-clock reading of an instant in a zone (undefined zone = the system zone). */
interface Wall {
  ms: number;
  /** The wall-clock reading as if it were UTC: formatted in 'UTC' it reads as the zone's local time. */
  wallMs: number;
  zone: string | undefined;
  /** Days since 1970-01-01 of the wall date; compares calendar days across DST. */
  dayNumber: number;
  isoDate: string;
  offsetMin: number;
  atMidnight: boolean;
}

const partsCache = new Map<string, Intl.DateTimeFormat>();
const textCache = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string | undefined): Intl.DateTimeFormat {
  const key = zone ?? '';
  let dtf = partsCache.get(key);
  if (!dtf) {
    dtf = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsCache.set(key, dtf);
  }
  return dtf;
}

function toMs(instant: Instant): number {
  return typeof instant === 'number' ? instant : Date.parse(instant);
}

export interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC at that instant. */
  offsetMin: number;
}

/** The wall clock of an instant in a zone (undefined = the system zone); undefined for a zone Intl does not know. */
export function wallParts(ms: number, zone: string | undefined): WallParts | undefined {
  // The system zone is what Date's own getters read: no Intl formatter to build for it.
  if (zone === undefined) return Number.isFinite(ms) ? systemWall(ms) : undefined;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = partsFormat(zone).formatToParts(ms);
  } catch {
    return undefined;
  }
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  const w = {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
  const wholeSecondMs = ms - (((ms % 1000) + 1000) % 1000);
  const wallMs = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return { ...w, offsetMin: Math.round((wallMs - wholeSecondMs) / MINUTE_MS) };
}

function systemWall(ms: number): WallParts {
  const d = new Date(ms);
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
    offsetMin: -d.getTimezoneOffset(),
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function wallAt(ms: number, zone: string | undefined): Wall | undefined {
  const w = wallParts(ms, zone);
  if (!w) return undefined;
  const dayNumber = Math.floor(Date.UTC(w.year, w.month - 1, w.day) / DAY_MS);
  const isoDate = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  const atMidnight = w.hour === 0 && w.minute === 0 && w.second === 0 && ms % 1000 === 0;
  const wallMs = ms + w.offsetMin * MINUTE_MS;
  return { ms, wallMs, zone, dayNumber, isoDate, offsetMin: w.offsetMin, atMidnight };
}

// Text is formatted from the wall-clock reading in 'UTC', so one formatter per locale and style serves every zone:
// building an Intl formatter for a zone costs milliseconds on first use, which the first render would pay.
function textFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let dtf = textCache.get(key);
  if (!dtf) {
    dtf = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    textCache.set(key, dtf);
  }
  return dtf;
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const WEEKDAY_CLOCK: Intl.DateTimeFormatOptions = { weekday: 'short', hour: '2-digit', minute: '2-digit' };
const DATE_CLOCK: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };

/** Builds the formatters a first render needs while the app waits for its first state (idle time anyway). */
export function warmUp(locale: string, zones: readonly (string | undefined)[] = [undefined]): void {
  for (const zone of zones) wallParts(0, zone);
  for (const options of [CLOCK, WEEKDAY_CLOCK]) textFormat(locale, options).format(0);
}

// luxon treats "UTC"/"GMT" as a fixed-offset zone and formats those through formatToParts, whose spacing (e.g.
// U+202F before "AM") differs from format()'s in V8; follow it so both read the same.
function render(dtf: Intl.DateTimeFormat, w: Wall): string {
  const fixed = w.zone !== undefined && /^(utc|gmt)$/i.test(w.zone);
  return fixed
    ? dtf
        .formatToParts(w.wallMs)
        .map((p) => p.value)
        .join('')
    : dtf.format(w.wallMs);
}

function clock(w: Wall, locale: string): string {
  return render(textFormat(locale, CLOCK), w);
}

function dayClock(w: Wall, locale: string, style: 'weekday' | 'date'): string {
  return render(textFormat(locale, style === 'weekday' ? WEEKDAY_CLOCK : DATE_CLOCK), w);
}

const DATE_ONLY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

/** The local date alone: "Mon 16 Nov" (en-GB). */
export function formatDate(instant: Instant, opts: TimeFormatOptions = {}): string {
  return render(textFormat(opts.locale ?? DEFAULT_LOCALE, DATE_ONLY), required(toMs(instant), opts.localZone));
}

function required(ms: number, zone: string | undefined): Wall {
  // The local zone is the system's (or one a test names); an unknown one falls back to the system zone.
  return (
    wallAt(ms, zone) ??
    wallAt(ms, undefined) ?? {
      ms,
      wallMs: ms,
      zone: undefined,
      dayNumber: 0,
      isoDate: '',
      offsetMin: 0,
      atMidnight: false,
    }
  );
}

function scheduleSide(local: Wall, ms: number, opts: TimeFormatOptions): Wall | undefined {
  if (!opts.scheduleZone) return undefined;
  const there = wallAt(ms, opts.scheduleZone);
  if (!there || there.offsetMin === local.offsetMin) return undefined;
  return there;
}

function thereSuffix(local: Wall, there: Wall, locale: string, zone: string): string {
  const thereText = there.isoDate === local.isoDate ? clock(there, locale) : dayClock(there, locale, 'weekday');
  return ` (${thereText} ${zoneLabel(zone)})`;
}

/** "17:00", or "17:00 (09:00 New York)" — with the weekday there when the schedule's date differs. */
export function formatTime(instant: Instant, opts: TimeFormatOptions = {}): string {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const ms = toMs(instant);
  const local = required(ms, opts.localZone);
  const there = scheduleSide(local, ms, opts);
  const text = clock(local, locale);
  return there && opts.scheduleZone ? text + thereSuffix(local, there, locale, opts.scheduleZone) : text;
}

/** Time alone today (unless `withDay`), weekday within a week either side, otherwise the date. */
function localDayText(w: Wall, nowLocal: Wall, locale: string, withDay = false): string {
  const dayDiff = w.dayNumber - nowLocal.dayNumber;
  if (dayDiff === 0 && !withDay) return clock(w, locale);
  if (Math.abs(dayDiff) < 7) return dayClock(w, locale, 'weekday');
  return dayClock(w, locale, 'date');
}

/** "09:00" today, "Tue 09:00" within a week either side, "14 Apr, 09:00" further away. */
export function formatDayTime(instant: Instant, opts: DayFormatOptions): string {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const ms = toMs(instant);
  const local = required(ms, opts.localZone);
  const text = localDayText(local, required(opts.nowMs, opts.localZone), locale);
  const there = scheduleSide(local, ms, opts);
  if (!there || !opts.scheduleZone) return text;
  // The schedule's side names its day like the local side: a weekday within a week, else the date.
  const thereText =
    there.isoDate === local.isoDate
      ? clock(there, locale)
      : localDayText(there, required(opts.nowMs, opts.scheduleZone), locale, true);
  return `${text} (${thereText} ${zoneLabel(opts.scheduleZone)})`;
}

function windowIn(start: Wall, end: Wall, nowLocal: Wall, locale: string): string {
  // A shift ending at midnight reads as "09:00–00:00" rather than naming the next day.
  const endDay = end.atMidnight ? end.dayNumber - 1 : end.dayNumber;
  const endsSameDay = endDay === start.dayNumber && end.ms - start.ms < DAY_MS;
  if (endsSameDay) return `${localDayText(start, nowLocal, locale)}–${clock(end, locale)}`;
  // Spanning days: both ends name their day, so "Sat 09:00 – Sun 09:00" reads the same whenever it is shown.
  return `${localDayText(start, nowLocal, locale, true)} – ${localDayText(end, nowLocal, locale, true)}`;
}

/** "09:00–17:00", "Tue 09:00 – Wed 09:00", plus "(03:00–11:00 New York)" when the schedule's zone differs. */
export function formatWindow(start: Instant, end: Instant, opts: DayFormatOptions): string {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const [startMs, endMs] = [toMs(start), toMs(end)];
  const s = required(startMs, opts.localZone);
  const text = windowIn(s, required(endMs, opts.localZone), required(opts.nowMs, opts.localZone), locale);
  const there = scheduleSide(s, startMs, opts);
  const zone = opts.scheduleZone;
  if (!there || !zone) return text;
  const thereText = windowIn(there, required(endMs, zone), required(opts.nowMs, zone), locale);
  return `${text} (${thereText} ${zoneLabel(zone)})`;
}
