// When notifications are quiet: inside the user's quiet hours (local wall time, read in the zone the machine is in
// now, so travel moves them with the user) or while paused from the tray. Pure: instants in, instants out.
import { DateTime } from 'luxon';
import type { QuietHours, ServiceSettings } from '../../shared/settings';

export interface Span {
  startMs: number;
  endMs: number;
}

export { URGENT_WITHIN_MS } from '../../shared/start-reminders';

function at(day: DateTime, clock: string): DateTime {
  const [h, m] = clock.split(':').map(Number);
  return day.set({ hour: h ?? 0, minute: m ?? 0, second: 0, millisecond: 0 });
}

/** The quiet-hours stretch that begins on `day` (a local date), if quiet hours begin that weekday. */
function stretchOn(day: DateTime, quiet: QuietHours): Span | undefined {
  if (quiet.days.length > 0 && !quiet.days.includes(day.weekday)) return undefined;
  const start = at(day, quiet.start);
  // Past midnight by the wall clock the user set, not by the instants: on the day the clocks go forward 02:30 doesn't
  // exist and becomes 03:30, after a 03:00 end; read as past midnight, 30 minutes grew to 23.5 h (adv52 r14 #1).
  const wraps = quiet.end <= quiet.start;
  const end = at(wraps ? day.plus({ days: 1 }) : day, quiet.end);
  // A stretch the gap swallowed whole is no quiet time that day.
  return { startMs: start.toMillis(), endMs: Math.max(start.toMillis(), end.toMillis()) };
}

/** Stretches by zone, quiet hours and local date: a pure function of them, asked for the same few days on every
 *  replan (each refresh, each block), and each one costs luxon a zone lookup (the quiet property's worlds spent a
 *  sixth of their time here). Bounded: cleared whole when full. */
const stretches = new Map<string, Span | null>();
const MAX_STRETCHES = 2000;

function stretchOnDate(isoDate: string, quiet: QuietHours, zone: string): Span | undefined {
  const key = `${zone}|${quiet.start}|${quiet.end}|${quiet.days.join(',')}|${isoDate}`;
  const known = stretches.get(key);
  if (known !== undefined) return known ?? undefined;
  const span = stretchOn(DateTime.fromISO(isoDate, { zone }), quiet);
  if (stretches.size >= MAX_STRETCHES) stretches.clear();
  stretches.set(key, span ?? null);
  return span;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The quiet-hours stretch containing `ms`, if any: one that begins on its local date or the day before. Its local
 *  date is within a day of its UTC date, so the stretches beginning from two days before that to the day after
 *  are the candidates (no zone lookup for `ms` itself); at most one holds `ms`, as stretches never overlap. */
export function quietHoursAt(ms: number, quiet: QuietHours, zone: string): Span | undefined {
  if (!quiet.enabled || quiet.start === quiet.end) return undefined;
  for (const offset of [-2, -1, 0, 1]) {
    const span = stretchOnDate(utcDate(ms + offset * DAY_MS), quiet, zone);
    if (span && span.startMs <= ms && ms < span.endMs) return span;
  }
  return undefined;
}

/** Until when notifications are quiet at `ms` (pause or quiet hours, whichever lasts longer), or undefined. */
export function quietUntil(
  ms: number,
  settings: Pick<ServiceSettings, 'quietHours' | 'pausedUntil'>,
  zone: string,
): number | undefined {
  const pausedMs = settings.pausedUntil === null ? undefined : Date.parse(settings.pausedUntil);
  const paused = pausedMs !== undefined && pausedMs > ms ? pausedMs : undefined;
  const hours = quietHoursAt(ms, settings.quietHours, zone)?.endMs;
  // Quiet hours that begin when a pause ends carry on from there.
  const afterPause = paused !== undefined ? quietHoursAt(paused, settings.quietHours, zone)?.endMs : undefined;
  const ends = [paused, hours, afterPause].filter((x): x is number => x !== undefined);
  return ends.length === 0 ? undefined : Math.max(...ends);
}
