// The words for saved data, one wording on every surface (issue 47: the popover said "saved data from 13:00" for
// yesterday's 13:00 where the tray and `status` said "Wed 13:00"): when it was read, worded as a day and time (the
// day when not today), on every surface (the coverage list's freshness line: coverage-words.ts). Zod-free (the
// popover imports it).
import { formatDayTime, type DayFormatOptions } from './format';

/** "saved data from Wed 13:00" ("…from 13:00" today). */
export function savedDataFrom(iso: string, opts: DayFormatOptions): string {
  return `saved data from ${formatDayTime(iso, opts)}`;
}
