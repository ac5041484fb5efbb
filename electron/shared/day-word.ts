// A day as a heading names it, and a date alone ("Mon 16 Nov"), apart from shared/format.ts (whose words they use):
// only the week, the cards' zone words, the load's words and the forms name days so, all loaded after the popover's
// first frame, and format.ts loads with it (issue 49's first-load budget).
import {
  clock,
  dayClock,
  DISPLAY_LOCALE,
  scheduleSide,
  toMs,
  zoneLabel,
  type DayFormatOptions,
  type Instant,
  type TimeFormatOptions,
} from './format';
import { localWall, wallText } from './wall-clock';

// Module constants, not literals per call: wall-clock caches each Intl formatter by its options object.
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short' };
const DATE_ONLY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const YEAR: Intl.DateTimeFormatOptions = { year: 'numeric' };

/** A day as a heading names it, in the day-and-time wording's words: "Sat" today and in the coming week, else
 *  the date ("Mon 14 Dec"; a past day too, as its weekday would read as the coming one). */
export function formatDay(instant: Instant, opts: DayFormatOptions): string {
  const locale = opts.locale ?? DISPLAY_LOCALE;
  const w = localWall(typeof instant === 'number' ? instant : Date.parse(instant), opts.localZone);
  const dayDiff = w.dayNumber - localWall(opts.nowMs, opts.localZone).dayNumber;
  const near = dayDiff >= 0 && dayDiff < 7;
  return wallText(w, locale, near ? WEEKDAY : DATE_ONLY);
}

/** The local date alone: "Mon 16 Nov" (en-GB); "Mon 16 Nov 2026" with `year`; "Mon 16 Nov, 10:00" with `clock`, for an
 *  instant that must not read as the whole day (at the day's start, the day: "since Mon 16 Nov"). */
export function formatDate(
  instant: Instant,
  opts: TimeFormatOptions & { year?: boolean; clock?: boolean } = {},
): string {
  const [w, locale] = [
    localWall(typeof instant === 'number' ? instant : Date.parse(instant), opts.localZone),
    opts.locale ?? DISPLAY_LOCALE,
  ];
  const date = wallText(w, locale, DATE_ONLY);
  const dated = opts.year ? `${date} ${wallText(w, locale, YEAR)}` : date;
  return opts.clock && !w.atMidnight ? `${dated}, ${clock(w, locale)}` : dated;
}

/** A form's time (only the forms and main word a time alone so, loaded after the popover's first frame): "17:00", or "17:00 (09:00 New York)" — with the weekday there when the schedule's date differs. */
export function formatTime(instant: Instant, opts: TimeFormatOptions = {}): string {
  const locale = opts.locale ?? DISPLAY_LOCALE;
  const ms = toMs(instant);
  const local = localWall(ms, opts.localZone);
  const text = clock(local, locale);
  const there = scheduleSide(local, ms, opts);
  if (!there || !opts.scheduleZone) return text;
  const thereText = there.isoDate === local.isoDate ? clock(there, locale) : dayClock(there, locale, 'weekday');
  return `${text} (${thereText} ${zoneLabel(opts.scheduleZone)})`;
}
