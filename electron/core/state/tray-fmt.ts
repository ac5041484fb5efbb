// How the tray formats a time: the options every tray line's day-and-time is worded with.
import { formatDayTime, type DayFormatOptions } from '../../shared/format';

/** Everything a time in the tray is formatted with. */
export interface Fmt {
  nowMs: number;
  localZone: string;
  locale: string | undefined;
}

export type TrayLabel = { type: 'label'; label: string };

/** The tray's day-and-time options (with the schedule's zone where its own time is shown too). */
export const dayOpts = (f: Fmt, scheduleZone?: string | null): DayFormatOptions => ({
  nowMs: f.nowMs,
  localZone: f.localZone,
  ...(f.locale ? { locale: f.locale } : {}),
  ...(scheduleZone ? { scheduleZone } : {}),
});

export function fmt(instant: string, f: Fmt, scheduleZone?: string | null): string {
  return formatDayTime(instant, dayOpts(f, scheduleZone));
}
