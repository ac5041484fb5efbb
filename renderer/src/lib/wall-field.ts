// What a time or day field in a form shows and reads (issue 47: one formatter, form inputs included). It shows its
// value as every other time is worded (shared/format.ts: "23:00", "Fri 27 Nov"), reads what people type ("2300",
// "11 pm", "27 nov", "2026-11-27") and, when it can't, says what is wrong with the typed text kept as typed.
import { formatCalendarDay, formatClock, wallParts } from '../../../electron/shared/format';
import { DAY_MS } from '../../../electron/shared/time';
import type { FormatContext } from './format-context';
import { parseClock } from './time-input';

/** 'time': "HH:MM" (24-hour, as settings keep it); 'date': "YYYY-MM-DD" (a local calendar day). */
export type WallKind = 'time' | 'date';

export type FieldRead = { ok: true; value: string; shown: string } | { ok: false; message: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The value as the field shows it ('' for none). */
export function shownValue(kind: WallKind, value: string, ctx: FormatContext): string {
  return kind === 'time' ? formatClock(value, ctx) : formatCalendarDay(value, ctx);
}

/** Today's local calendar day as a day number (days since 1970-01-01). */
function todayNumber(ctx: FormatContext): number {
  const w = wallParts(ctx.nowMs, ctx.localZone) ?? wallParts(ctx.nowMs, undefined);
  return w ? Math.floor(Date.UTC(w.year, w.month - 1, w.day) / DAY_MS) : Math.floor(ctx.nowMs / DAY_MS);
}

const isoOf = (y: number, m: number, d: number): string | undefined => {
  const iso = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === iso ? iso : undefined;
};

/** A day read, or why it isn't one (undefined: not the shape of a day at all). */
type DayRead = { value: string } | { why: string } | undefined;

/** "2026-11-27", "27 Nov 2026", "Fri 27 Nov", "Nov 27, 2026" → "2026-11-27"; a day without a year is the one
 *  nearest today (typed in December, "3 Jan" is next year's). A 31 Feb, or a weekday that is not that day's, says so. */
export function parseDay(text: string, ctx: FormatContext): DayRead {
  const t = text.trim().toLowerCase().replace(/[,.]/g, ' ').replace(/\s+/g, ' ');
  const noSuchDay = { why: 'there is no such day in the calendar' };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (iso) {
    const value = isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return value ? { value } : noSuchDay;
  }
  const m = /^(?:([a-z]{3})[a-z]* )?(?:(\d{1,2}) ([a-z]{3})[a-z]*|([a-z]{3})[a-z]* (\d{1,2}))(?: (\d{4}))?$/.exec(t);
  const month = MONTHS.indexOf(m?.[3] ?? m?.[4] ?? '') + 1;
  if (!m || month === 0) return undefined;
  const day = Number(m[2] ?? m[5]);
  const today = todayNumber(ctx);
  const thisYear = new Date(today * DAY_MS).getUTCFullYear();
  const years = m[6] ? [Number(m[6])] : [thisYear - 1, thisYear, thisYear + 1];
  const away = (d: string): number => Math.abs(Date.parse(`${d}T00:00:00Z`) / DAY_MS - today);
  const found = years.flatMap((y) => isoOf(y, month, day) ?? []).sort((a, b) => away(a) - away(b))[0];
  if (!found) return noSuchDay;
  const weekday = WEEKDAYS[new Date(`${found}T00:00:00Z`).getUTCDay()] ?? '';
  if (m[1] && weekday !== m[1]) return { why: `that day is ${formatCalendarDay(found, ctx)}` };
  return { value: found };
}

/** Shaped as a time ("25:00", "13 pm") but not one on the clock. */
const CLOCK_SHAPE = /^\s*\d{1,2}\s*[:.h]?\s*\d{0,2}\s*(a\.?m\.?|p\.?m\.?|a|p)?\s*$/i;

/** The typed text read as the field's value, or why it can't be (naming what was typed and what would do). */
export function readField(kind: WallKind, text: string, ctx: FormatContext): FieldRead {
  const read = kind === 'time' ? parseClock(text) : parseDay(text, ctx);
  const value = typeof read === 'string' ? read : read && 'value' in read ? read.value : undefined;
  if (value !== undefined) return { ok: true, value, shown: shownValue(kind, value, ctx) };
  const clock = formatClock('23:00', ctx);
  const like =
    kind === 'time'
      ? `${clock} or ${clock === '23:00' ? '11:00 pm' : '23:00'}`
      : `${formatCalendarDay('2026-11-27', { ...ctx, nowMs: Date.parse('2026-11-27T12:00:00Z') })} or 2026-11-27`;
  const what = kind === 'time' ? 'a time' : 'a day';
  const typed = text.trim();
  if (typed === '') return { ok: false, message: `Enter ${what}, like ${like}.` };
  const why =
    read && typeof read === 'object' && 'why' in read
      ? read.why
      : kind === 'time' && CLOCK_SHAPE.test(typed)
        ? 'hours run 0–23 (1–12 with am/pm) and minutes 0–59'
        : `type ${what} like ${like}`;
  return { ok: false, message: `“${typed}” is not ${what}: ${why}.` };
}
