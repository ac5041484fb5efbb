// A day as a heading names it, apart from shared/format.ts (whose words it uses): only the week, the cards' zone
// words and the swap form name days so, all loaded after the popover's first frame, and format.ts loads with it
// (issue 49's first-load budget).
import { DISPLAY_LOCALE, type DayFormatOptions, type Instant } from './format';
import { localWall, wallText } from './wall-clock';

// Module constants, not literals per call: wall-clock caches each Intl formatter by its options object.
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short' };
const DATE_ONLY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

/** A day as a heading names it, in the day-and-time wording's words: "Sat" today and in the coming week, else
 *  the date ("Mon 14 Dec"; a past day too, as its weekday would read as the coming one). */
export function formatDay(instant: Instant, opts: DayFormatOptions): string {
  const locale = opts.locale ?? DISPLAY_LOCALE;
  const w = localWall(typeof instant === 'number' ? instant : Date.parse(instant), opts.localZone);
  const dayDiff = w.dayNumber - localWall(opts.nowMs, opts.localZone).dayNumber;
  const near = dayDiff >= 0 && dayDiff < 7;
  return wallText(w, locale, near ? WEEKDAY : DATE_ONLY);
}
