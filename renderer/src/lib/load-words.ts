// The popover's on-call load line ("This month: 62 h · 3 nights (since Mon 16 Nov, 10:00)"), worded here and not in
// ScheduleCards.svelte's markup so the text registry reads it as the popover shows it (adv47 r23 #5).
import { formatDayTime } from '../../../electron/shared/format';
import { formatDate } from '../../../electron/shared/day-word';
import { loadLine } from '../../../electron/shared/load-text';
import type { AppState } from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';

export function popoverLoadLine(state: Pick<AppState, 'me'>, ctx: FormatContext): string | undefined {
  return loadLine(state.me.load, {
    dateTime: (iso) => formatDate(iso, { ...ctx, clock: true }),
    time: (iso) => formatDayTime(iso, ctx),
  });
}
