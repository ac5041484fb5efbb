// The reference the shared formats are held to: how electron/shared/format.ts wrote times when it ran on luxon
// (kept verbatim from that version). The app formats on Intl alone now (the renderer can't afford luxon); luxon
// computes the expected text independently, down to the day names across DST changes and locales.
import { DateTime } from 'luxon';
import type { DayFormatOptions, Instant, TimeFormatOptions } from '../../../electron/shared/format';

const DEFAULT_LOCALE = 'en-GB';
const MINUTE_MS = 60_000;
const HOUR_MIN = 60;

const zoneLabel = (zone: string): string => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

function toMs(instant: Instant): number {
  return typeof instant === 'number' ? instant : Date.parse(instant);
}

function inZone(instant: Instant, zone: string | undefined): DateTime {
  const dt = DateTime.fromMillis(toMs(instant));
  return zone ? dt.setZone(zone) : dt;
}

/** Issue 47: a wall time the clocks repeat (autumn's fall back) names its zone there: " CEST", " CET" (luxon's own
 *  reading of which local times have two offsets). */
function repeatTag(dt: DateTime, locale: string): string {
  const near = [+dt - 3 * HOUR_MIN * MINUTE_MS, +dt + 3 * HOUR_MIN * MINUTE_MS].map((ms) => dt.zone.offset(ms));
  if (near[0] === near[1] || dt.getPossibleOffsets().length < 2) return '';
  return ` ${dt.setLocale(locale).offsetNameShort ?? ''}`;
}

function clock(dt: DateTime, locale: string): string {
  return dt.toLocaleString({ hour: '2-digit', minute: '2-digit' }, { locale }) + repeatTag(dt, locale);
}

function dayClock(dt: DateTime, locale: string, style: 'weekday' | 'date'): string {
  const fmt: Intl.DateTimeFormatOptions =
    style === 'weekday'
      ? { weekday: 'short', hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  return dt.toLocaleString(fmt, { locale }) + repeatTag(dt, locale);
}

/** The schedule zone's view of an instant, or undefined when it reads the same as the local one. */
function scheduleSide(local: DateTime, instant: Instant, opts: TimeFormatOptions): DateTime | undefined {
  if (!opts.scheduleZone) return undefined;
  const there = inZone(instant, opts.scheduleZone);
  if (!there.isValid || there.offset === local.offset) return undefined;
  return there;
}

/** "17:00", or "17:00 (09:00 New York)" — with the weekday there when the schedule's date differs. */
export function formatTime(instant: Instant, opts: TimeFormatOptions = {}): string {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const local = inZone(instant, opts.localZone);
  const text = clock(local, locale);
  const there = scheduleSide(local, instant, opts);
  if (!there) return text;
  const sameDate = dayNumber(there) === dayNumber(local);
  const thereText = sameDate ? clock(there, locale) : dayClock(there, locale, 'weekday');
  return `${text} (${thereText} ${zoneLabel(opts.scheduleZone ?? '')})`;
}

/** Days since the epoch of a zoned date's calendar day: cheap to compare (luxon's startOf is slow). */
function dayNumber(dt: DateTime): number {
  return Date.UTC(dt.year, dt.month - 1, dt.day) / 86_400_000;
}

/** Time alone today (unless `withDay`), the weekday in the coming week, otherwise (a past day too) the date. */
function localDayText(dt: DateTime, nowLocal: DateTime, locale: string, withDay = false): string {
  const dayDiff = dayNumber(dt) - dayNumber(nowLocal);
  if (dayDiff === 0 && !withDay) return clock(dt, locale);
  if (dayDiff >= 0 && dayDiff < 7) return dayClock(dt, locale, 'weekday');
  return dayClock(dt, locale, 'date');
}

const DATE_ONLY = { weekday: 'short', day: 'numeric', month: 'short' } as const;

/** The local date alone: "Mon 16 Nov" (en-GB). */
export function formatDate(instant: Instant, opts: TimeFormatOptions = {}): string {
  return inZone(instant, opts.localZone).toLocaleString(DATE_ONLY, { locale: opts.locale ?? DEFAULT_LOCALE });
}

/** "09:00" today, "Tue 09:00" within a week either side, "14 Apr, 09:00" further away. */
export function formatDayTime(instant: Instant, opts: DayFormatOptions): string {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const local = inZone(instant, opts.localZone);
  const nowLocal = inZone(opts.nowMs, opts.localZone);
  const text = localDayText(local, nowLocal, locale);
  const there = scheduleSide(local, instant, opts);
  if (!there) return text;
  // The schedule's side names its day in the same style as the local side: a weekday within a week, else the
  // date (a bare "Mon" for next week's Monday would read as this week's).
  const sameDate = dayNumber(there) === dayNumber(local);
  const thereText = sameDate
    ? clock(there, locale)
    : localDayText(there, inZone(opts.nowMs, opts.scheduleZone), locale, true);
  return `${text} (${thereText} ${zoneLabel(opts.scheduleZone ?? '')})`;
}

function windowIn(start: DateTime, end: DateTime, nowLocal: DateTime, locale: string): string {
  // A shift ending at midnight reads as "09:00–00:00" rather than naming the next day.
  const endsAtMidnight = end.hour === 0 && end.minute === 0 && end.second === 0 && end.millisecond === 0;
  const endDay = dayNumber(end) - (endsAtMidnight ? 1 : 0);
  const endsSameDay = endDay === dayNumber(start) && +end - +start < 24 * HOUR_MIN * MINUTE_MS;
  const dash = repeatTag(start, locale) === '' && repeatTag(end, locale) === '' ? '–' : ' – ';
  if (endsSameDay) return `${localDayText(start, nowLocal, locale)}${dash}${clock(end, locale)}`;
  // Spanning days: both ends name their day, so "Sat 09:00 – Sun 09:00" reads the same whenever it is shown.
  return `${localDayText(start, nowLocal, locale, true)} – ${localDayText(end, nowLocal, locale, true)}`;
}

/** "09:00–17:00", "Tue 09:00 – Wed 09:00", plus "(03:00–11:00 New York)" when the schedule's zone differs. */
export function formatWindow(start: Instant, end: Instant, opts: DayFormatOptions): string {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const nowLocal = inZone(opts.nowMs, opts.localZone);
  const s = inZone(start, opts.localZone);
  const e = inZone(end, opts.localZone);
  const text = windowIn(s, e, nowLocal, locale);
  const there = scheduleSide(s, start, opts);
  if (!there || !opts.scheduleZone) return text;
  const nowThere = inZone(opts.nowMs, opts.scheduleZone);
  const thereText = windowIn(there, inZone(end, opts.scheduleZone), nowThere, locale);
  return `${text} (${thereText} ${zoneLabel(opts.scheduleZone)})`;
}
