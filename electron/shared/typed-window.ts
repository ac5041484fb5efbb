// A custom time window as the override form's fields hold it (a day, a time as typed, a length or an explicit end),
// read into UTC instants in the form's zone: main reads it as it checks the form (override-check.ts), so the renderer
// carries no copy of the reading (issue 49). parseClock is the renderer's too (its time fields say what they read).
import { wallParts } from './wall-clock';
import { MINUTE_MS } from './time';

const pad = (n: number): string => String(n).padStart(2, '0');
/** The last instant a Date can hold. */
const MAX_INSTANT_MS = 8.64e15;

/** The custom window's fields. */
export interface WindowFields {
  /** Start: a local calendar day (YYYY-MM-DD) and a time as typed ("19:15", "7:15 pm"). */
  startDay: string;
  startTime: string;
  /** Minutes (one of the form's lengths) or 'end'. */
  length: string;
  endDay: string;
  endTime: string;
}

/** A typed time → "HH:MM" (24-hour): "19:15", "19.15", "1915", "915", "19", "7:15 pm", "7pm". */
export function parseClock(text: string): string | undefined {
  const m = /^\s*(\d{1,2})(?:\s*[:.h]?\s*(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|a|p)?\s*$/i.exec(text);
  if (!m) return undefined;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  const half = m[3]?.[0]?.toLowerCase();
  if (half) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return undefined;
  return `${pad(hour)}:${pad(minute)}`;
}

/** The instant a `datetime-local` value ("2026-03-02T10:00") means in that zone; a time skipped by a DST jump moves
 *  forward. */
export function fromLocalInput(value: string, zone?: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((x) => Number(x ?? 0));
  const wallMs = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, sec ?? 0);
  if (Number.isNaN(wallMs) || new Date(wallMs).getUTCDate() !== d) return undefined;
  const offsetAt = (ms: number): number => (wallParts(ms, zone) ?? wallParts(ms, undefined))?.offsetMin ?? 0;
  const guess = wallMs - offsetAt(wallMs) * MINUTE_MS;
  const exact = wallMs - offsetAt(guess) * MINUTE_MS;
  if (offsetAt(exact) * MINUTE_MS === wallMs - exact) return exact;
  // In a gap the wall time does not exist: read it with the offset before the jump, which lands after it.
  return wallMs - Math.min(offsetAt(guess), offsetAt(exact)) * MINUTE_MS;
}

/** The instant a local day and a typed time mean in the zone, or undefined while the time is unreadable. */
export function instantOf(day: string, time: string, zone?: string): number | undefined {
  const clock = parseClock(time);
  return clock ? fromLocalInput(`${day}T${clock}`, zone) : undefined;
}

/** A read window, or one problem (the start's first) keyed as CustomWindow shows it: customStart / customEnd. */
export type WindowRead =
  { ok: true; startMs: number; endMs: number } | { ok: false; field: 'customStart' | 'customEnd'; message: string };

/** The end instant from a length or an explicit end, or why there is none. */
function endOf(f: WindowFields, startMs: number, zone?: string): number | string {
  if (f.length === 'end') {
    const endMs = instantOf(f.endDay, f.endTime, zone);
    if (endMs !== undefined) return endMs;
    return f.endTime.trim() === '' ? 'Enter an end time.' : 'Enter a time like 21:15 or 9:15 pm.';
  }
  const minutes = Number(f.length);
  const endMs = startMs + minutes * MINUTE_MS;
  // Within the dates an instant can name (a length sent as "1e20" is no length: never a thrown RangeError in main).
  return minutes > 0 && endMs <= MAX_INSTANT_MS ? endMs : 'Choose a length.';
}

/** The typed window as instants, or the field that is wrong and why (an end must follow the start and now). */
export function readWindow(f: WindowFields, nowMs: number, zone?: string): WindowRead {
  const startMs = instantOf(f.startDay, f.startTime, zone);
  if (startMs === undefined) {
    const message =
      f.startTime.trim() === '' ? 'Enter a start time, like 19:15.' : 'Enter a time like 19:15 or 7:15 pm.';
    return { ok: false, field: 'customStart', message };
  }
  const endMs = endOf(f, startMs, zone);
  const end = (message: string): WindowRead => ({ ok: false, field: 'customEnd', message });
  if (typeof endMs === 'string') return end(endMs);
  if (endMs <= startMs) return end('The end must be after the start.');
  if (endMs <= nowMs) return end('This window is already over.');
  return { ok: true, startMs, endMs };
}
