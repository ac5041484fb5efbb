// The registry's whole surfaces: each (the tray's tooltip and menu, the popover, `status`, the hand-off) as one text,
// which the statements must appear in. Apart from text-registry.ts, which lists every text, since it reads each
// surface's whole wording (the popover's many parts most of all).
import { formatStatus } from '../../electron/cli/status-format';
import { buildHandoffSummary } from '../../electron/core/state/handoff-summary';
import { buildTrayMenu, trayTooltip, type TrayMenuItem } from '../../electron/core/state/tray-menu';
import { readinessLine } from '../../electron/shared/readiness-text';
import { formatDayTime } from '../../electron/shared/format';
import type { AppState } from '../../electron/shared/view-state';
import { alarmAskRows } from '../../renderer/src/lib/alarm-asks';
import { stillRingRows } from '../../renderer/src/lib/still-ring-rows';
import { askRows, countsText, staleLine, uncoveredText } from '../../renderer/src/lib/glance';
import { coverageItems } from '../../renderer/src/lib/coverage';
import { hasData } from '../../electron/shared/freshness';
import { myListRows, myShiftsNote } from '../../renderer/src/lib/my-shift-rows';
import { asksHeading, cardLines, coverageBadge, coverageNote, myStateLine } from '../../renderer/src/lib/status-model';
import { timelineModel } from '../../renderer/src/lib/timeline';

/** The state and the time a surface is worded at (the registry's input, in part). */
export interface WholeInput {
  state: AppState;
  nowMs: number;
  localZone: string;
}

function labels(items: readonly TrayMenuItem[]): string[] {
  return items.flatMap((i) => [
    ...('label' in i && typeof i.label === 'string' ? [i.label] : []),
    ...(i.type === 'submenu' ? labels(i.items) : []),
  ]);
}

/** Each whole surface as one text (what the statements must appear in). */
export function wholeSurfaces(input: WholeInput) {
  const { state, nowMs, localZone } = input;
  const ctx = { nowMs, locale: 'en-GB', localZone };
  const me = myStateLine(state, ctx);
  const note = myShiftsNote(state, ctx);
  const r = state.me.readiness;
  const popover = [
    me.title,
    me.detail,
    staleLine(state, ctx)?.text ?? '',
    r
      ? readinessLine(r, (iso, z) => formatDayTime(iso, { ...ctx, ...(z ? { scheduleZone: z } : {}) }), state).text
      : '',
    // My shifts shows its empty line only with no row (components/MyShifts.svelte), never beside listed shifts.
    myListRows(state, ctx).length === 0 ? note.empty : '',
    note.missing ?? '',
    coverageNote(state, ctx) ?? '',
    hasData(state.coverage.status) ? countsText(state, ctx) : '',
    ...coverageItems(state, ctx).map((i) => i.coveredText ?? ''),
    ...state.schedules.flatMap((s) => {
      const lines = cardLines(s, ctx);
      return [s.name, lines.now, lines.next, lines.status ?? '', uncoveredText(s, ctx) ?? ''];
    }),
    ...myListRows(state, ctx).map((row) =>
      [row.scheduleName, row.day, row.span, row.length, row.basis, row.zone ?? ''].join(' '),
    ),
    ...alarmAskRows(state, ctx).flatMap((row) => [row.text, row.phone ?? '']),
    ...stillRingRows(state, ctx).map((row) => row.text),
    // The "Asks you" heading (components/AsksYou.svelte, shown with a row) and the Coverage button's badge.
    askRows(state, ctx).length > 0 ? asksHeading(state) : '',
    coverageBadge(state) ? `Coverage ${coverageBadge(state) ?? ''}` : '',
    ...askRows(state, ctx).map((row) => JSON.stringify(row)),
    ...timelineModel(state, ctx).rows.map((row) => JSON.stringify(row)),
  ].filter((t) => t !== '');
  return {
    'tray-tooltip': trayTooltip(state, nowMs, localZone),
    'tray-menu': labels(buildTrayMenu(state, nowMs, localZone)).join('\n'),
    popover: popover.join('\n'),
    status: formatStatus(state, { nowMs, localZone }),
    handoff: buildHandoffSummary(state, { nowMs, localZone }),
  } as const;
}

/** Each whole surface's text, by surface. */
export type WholeSurfaces = ReturnType<typeof wholeSurfaces>;
