// Words of the popover's lists below its glance (My shifts, the coverage list): a day, and a shift's window in its
// schedule's own time. Apart from ./glance so the popover's first-loaded JS leaves them out (vite.config.ts
// BELOW_GLANCE). Pure, unit-tested without a browser.
import { endIsKnown } from '../../../electron/shared/basis';
import { formatDayTime, formatWindow, zoneLabel } from '../../../electron/shared/format';
import { formatDay } from '../../../electron/shared/day-word';
import type { MyShift } from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';
import { spanText } from './glance';

/** A row's day, as every surface names a day: "Sun" today and in the coming week, otherwise "Mon 3 Dec". */
export function dayWord(ms: number, ctx: FormatContext): string {
  return formatDay(ms, { nowMs: ctx.nowMs, locale: ctx.locale, localZone: ctx.localZone });
}

/** The schedule's own wall time of a window when its zone's offset differs: "(17:05 → Sun 17:05 New York)". */
export function zoneText(
  shift: Pick<MyShift, 'start' | 'end'> & Partial<Pick<MyShift, 'endBasis'>>,
  zone: string | null | undefined,
  ctx: FormatContext,
): string | undefined {
  if (!zone) return undefined;
  const opts = { nowMs: ctx.nowMs, locale: ctx.locale, localZone: ctx.localZone };
  const local = formatWindow(shift.start, shift.end, opts);
  const both = formatWindow(shift.start, shift.end, { ...opts, scheduleZone: zone });
  if (both === local) return undefined;
  // An end the read doesn't cover is no end there either: "(5 Apr, 09:00 – at least 11 Apr, 05:00 New York)".
  if (shift.endBasis && !endIsKnown({ endBasis: shift.endBasis })) {
    const there = { ...opts, localZone: zone };
    return `(${formatDayTime(shift.start, there)} – at least ${formatDayTime(shift.end, there)} ${zoneLabel(zone)})`;
  }
  return both.slice(local.length).trim() || `(${zoneLabel(zone)})`;
}

/** A shift in the one window wording: "Thu 09:00 – Fri 09:00", plus the schedule's own time. */
export function windowWords(start: string, end: string, ctx: FormatContext, zone?: string | null): string {
  const own = zoneText({ start, end }, zone, ctx);
  return `${spanText(Date.parse(start), Date.parse(end), ctx)}${own ? ` ${own}` : ''}`;
}
