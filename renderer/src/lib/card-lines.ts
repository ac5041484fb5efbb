// Each schedule card's lines (who is on call now, what comes next, the status line when its data is not fresh): apart
// from status-model.ts, my own state line, since a card speaks of one schedule's timeline, not of me. Pure (schedule +
// now + locale in, text out), so the wording is unit-tested without a browser.
import { untilPhrase } from '../../../electron/shared/basis';
import { formatDayTime } from '../../../electron/shared/format';
import { hasData } from '../../../electron/shared/freshness';
import { savedDataFrom } from '../../../electron/shared/saved-words';
import { basisAt, whoAt, nothingPlannedUntil, nowEnd, thenUnknown } from '../../../electron/shared/knowledge';
import type { ScheduleView } from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';

export interface CardLines {
  /** False while the schedule's on-call data is unknown: the card then names nobody. */
  known: boolean;
  now: string;
  next: string;
  status: string | undefined;
}

/** "until 17:00 (09:00 New York)" / "from Tue 09:00"; the status line only when the data is not fresh. With
 *  `brief` (the banner already gives the reason for all schedules) a stale card only says since when. */
export function cardLines(schedule: ScheduleView, ctx: FormatContext, brief = false): CardLines {
  const opts = {
    locale: ctx.locale,
    localZone: ctx.localZone,
    nowMs: ctx.nowMs,
    scheduleZone: schedule.timeZone ?? undefined,
  };
  const status = statusText(schedule, ctx, brief);
  if (!hasData(schedule.status)) return { known: false, now: 'Unknown', next: 'Unknown', status };
  // "No one" and "nothing planned" only about time the schedule's data covers.
  const ended =
    schedule.known && Date.parse(schedule.known.to) <= ctx.nowMs
      ? ` (saved data ends ${formatDayTime(schedule.known.to, opts)})`
      : '';
  // Now's end is stated only where the time after it was read: else "until at least 17:00, then unknown".
  // Who is on call now, or "No one" where the timeline read now, else unknown: worded from its basis (whoAt).
  const [nowKnown, now] = schedule.now
    ? [true, untilPhrase(nowEnd(schedule, schedule.now), (iso) => formatDayTime(iso, opts))]
    : whoAt<[boolean, string]>(
        basisAt(schedule, ctx.nowMs),
        () => [true, 'No one is on call'],
        () => [false, `Unknown${ended}`],
      );
  const until = nothingPlannedUntil(schedule, ctx.nowMs);
  const next = schedule.next
    ? `from ${formatDayTime(schedule.next.start, opts)}`
    : until
      ? `Nothing planned until ${formatDayTime(until.until, opts)}${thenUnknown(until.after)}`
      : 'Unknown';
  return { known: nowKnown, now, next, status };
}

function statusText(schedule: ScheduleView, ctx: FormatContext, brief: boolean): string | undefined {
  const s = schedule.status;
  // A day and time, as every surface words an instant that may not be today's ("saved data from Wed 13:00").
  const time = (iso: string): string => formatDayTime(iso, ctx);
  switch (s.kind) {
    case 'fresh':
      return undefined;
    case 'loading':
      return 'Loading…';
    case 'not_read':
      return `Not read: ${s.reason}`;
    case 'stale':
      // Brief: the popover's one stale line already says "showing saved data from …" for every card.
      return brief ? undefined : `Showing ${savedDataFrom(s.since, ctx)}: ${s.reason}`;
    case 'error':
      return brief ? "Couldn't load" : `Couldn't load: ${s.reason}`;
    case 'not_found': {
      const since = s.since ? ` since ${time(s.since)}` : '';
      const saved = typeof s.savedAt === 'string' ? `; showing ${savedDataFrom(s.savedAt, ctx)}` : '';
      return `Not found on the service${since}${saved}`;
    }
  }
}
