// A custom time window as people type it: a day from a short list, a time on the locale's clock ("19:15",
// "7:15 pm"), and a length or an explicit end. Both ways: fields → UTC instants (with the field that is wrong), and
// a UTC window → fields (to prefill a request's shift).
import { toLocalInput } from './local-input';
import { parseClock, type WindowFields } from '../../../electron/shared/typed-window';
import { formatTime } from '../../../electron/shared/day-word';
import { formatDuration, wallParts } from '../../../electron/shared/format';
import { formatDate } from '../../../electron/shared/day-word';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../electron/shared/time';

// Here, not in shared/format.ts with the other words of time: only the forms use it, and format.ts loads first.
/** A length the user chose (a reminder's lead, a form's length), in formatDuration's words but never rounded: two
 *  different choices never read alike ("1 d 2 h 30 min" beside "1 d 2 h"). */
export function formatChosenLength(ms: number): string {
  const rest = Math.round(Math.abs(ms) / MINUTE_MS) % (HOUR_MS / MINUTE_MS);
  const whole = formatDuration(ms);
  return rest === 0 || ms < DAY_MS ? whole : `${whole} ${rest} min`;
}

/** Custom lengths in minutes; 'end' means an explicit end day and time. */
export const LENGTHS: readonly { value: string; label: string }[] = [
  ...[30, 60, 120, 180, 240, 360, 480, 720, 1440, 2880, 4320, 10080].map((min) => ({
    value: String(min),
    // The formatter's words ("1 d", "7 d"), as the preview under the select words the same length.
    label: formatChosenLength(min * MINUTE_MS),
  })),
  { value: 'end', label: 'Until… (set an end)' },
];

export type { WindowFields };

export interface DayOption {
  value: string;
  label: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** A wall reading with no zone of its own is worded in this zone: the same words, no offset. ('UTC' itself takes
 *  another path in wall-clock.ts, whose spacing differs.) */
const WALL = { localZone: 'Etc/UTC' };

/** A form's "HH:MM" as the formatter words a time: "23:00", "11:00 PM" where the locale says so; '' for none. */
export function clockWords(hhmm: string, locale: string): string {
  const ms = /^\d\d:\d\d$/.test(hhmm) ? Date.parse(`1970-01-01T${hhmm}:00Z`) : NaN;
  return Number.isNaN(ms) ? '' : formatTime(ms, { ...WALL, locale });
}

/** A form's "YYYY-MM-DD" as the formatter words a date: "Fri 27 Nov", with its year more than ~11 months from
 *  today (as formatDayTime names it); '' for no day (nor one that isn't, like 2026-02-31). */
export function dayWords(isoDay: string, ctx: { nowMs: number; locale: string; localZone?: string }): string {
  const ms = /^\d{4}-\d\d-\d\d$/.test(isoDay) ? Date.parse(`${isoDay}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== isoDay) return '';
  const w = wallParts(ctx.nowMs, ctx.localZone) ?? wallParts(ctx.nowMs, undefined);
  const today = w ? Date.UTC(w.year, w.month - 1, w.day) : ctx.nowMs;
  return formatDate(ms, { ...WALL, locale: ctx.locale, year: Math.abs(ms - today) > 330 * DAY_MS });
}

/** Whether the locale writes times on a 24-hour clock: as the formatter writes 13:00 in it. */
export function uses24h(locale: string): boolean {
  try {
    return clockWords('13:00', locale).startsWith('13');
  } catch {
    return true;
  }
}

/** "19:15" (24-hour locales) or "07:15 PM": the formatter's clock (shared/format.ts), as every other time reads. */
export function clockText(hour: number, minute: number, h24: boolean): string {
  return clockWords(`${pad(hour)}:${pad(minute)}`, h24 ? 'en-GB' : 'en-US');
}

/** A typed time read as "HH:MM" and as the field then shows it, or why not, quoting what was typed. */
export function readTime(
  text: string,
  locale: string,
): { ok: true; value: string; shown: string } | { ok: false; message: string } {
  const typed = text.trim();
  const clock = clockWords('23:00', locale);
  const like = `${clock} or ${clock === '23:00' ? '11:00 pm' : '23:00'}`;
  const value = parseClock(typed);
  if (value) return { ok: true, value, shown: clockWords(value, locale) };
  if (typed === '') return { ok: false, message: `Enter a time, like ${like}.` };
  const clockLike = /^\d\d?\s*[:.h]?\s*\d{0,2}\s*([ap]\.?m?\.?)?$/i.test(typed);
  const why = clockLike ? 'hours run 0–23 (1–12 with am/pm) and minutes 0–59' : `type one like ${like}`;
  return { ok: false, message: `“${typed}” is not a time: ${why}.` };
}

/** The next two weeks' days (or `count` days), each named as the formatter names a day ("Sat 28 Nov"; never "Today"/"Tomorrow");
 *  `extra` days (a request's shift) are added. */
export function dayOptions(
  nowMs: number,
  locale: string,
  zone?: string,
  extra: readonly string[] = [],
  count = 15,
): DayOption[] {
  const w = wallParts(nowMs, zone) ?? wallParts(nowMs, undefined);
  const today = w ? Date.UTC(w.year, w.month - 1, w.day) : nowMs;
  const label = (day: string): string => dayWords(day, { nowMs, locale, ...(zone ? { localZone: zone } : {}) });
  const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
  const options: DayOption[] = [];
  for (let i = 0; i < count; i++) {
    const day = iso(today + i * DAY_MS);
    options.push({ value: day, label: label(day) });
  }
  for (const day of extra) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || options.some((o) => o.value === day)) continue;
    options.push({ value: day, label: label(day) });
  }
  return options.sort((a, b) => a.value.localeCompare(b.value));
}

/** The local calendar day (YYYY-MM-DD) and "HH:MM" of an instant. */
function localDayTime(ms: number, zone?: string): { day: string; time: string } {
  const [day = '', time = ''] = toLocalInput(ms, zone).split('T');
  return { day, time };
}

/** The fields for a window [startMs, endMs): a listed length when one fits, else an explicit end. */
export function customFields(startMs: number, endMs: number, zone: string | undefined, h24: boolean): WindowFields {
  const start = localDayTime(startMs, zone);
  const end = localDayTime(endMs, zone);
  const minutes = Math.round((endMs - startMs) / MINUTE_MS);
  const listed = LENGTHS.some((l) => l.value === String(minutes));
  const clock = (t: string): string => {
    const [h = 0, m = 0] = t.split(':').map(Number);
    return clockText(h, m, h24);
  };
  return {
    startDay: start.day,
    startTime: clock(start.time),
    length: listed ? String(minutes) : 'end',
    endDay: end.day,
    endTime: clock(end.time),
  };
}
