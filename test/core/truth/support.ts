// The surfaces a user reads, all at once, for the truth tests: tray tooltip and menu, the popover's words (its view
// model), `status` text, the hand-off text. Each text is tagged with its surface, so a failure says where.
import { formatStatus } from '../../../electron/cli/status-format';
import { buildHandoffSummary } from '../../../electron/core/state/handoff-summary';
import { buildTrayMenu, trayTooltip, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import type { AppState } from '../../../electron/shared/view-state';
import { staleLine } from '../../../renderer/src/lib/glance';
import { myListRows } from '../../../renderer/src/lib/my-shift-rows';
import { myStateLine } from '../../../renderer/src/lib/status-model';
import { readinessLine } from '../../../electron/shared/readiness-text';
import { formatDayTime } from '../../../electron/shared/format';

export const ZONE = 'Europe/Berlin';

export function labels(items: readonly TrayMenuItem[]): string[] {
  return items.flatMap((i) => [
    ...('label' in i && typeof i.label === 'string' ? [i.label] : []),
    ...(i.type === 'submenu' ? labels(i.items) : []),
  ]);
}

export interface SurfaceTexts {
  tooltip: string;
  menu: string;
  popover: string;
  status: string;
  handoff: string;
}

export function surfaces(state: AppState, nowMs: number): SurfaceTexts {
  const ctx = { nowMs, locale: 'en-GB', localZone: ZONE };
  const line = myStateLine(state, ctx);
  const r = state.me.readiness;
  const popover = [
    line.title,
    line.detail,
    staleLine(state, ctx)?.text ?? '',
    ...(r ? [readinessLine(r, (iso) => formatDayTime(iso, ctx), state).text] : []),
    ...myListRows(state, ctx).map((row) => JSON.stringify(row)),
  ].join('\n');
  return {
    tooltip: trayTooltip(state, nowMs, ZONE),
    menu: labels(buildTrayMenu(state, nowMs, ZONE)).join('\n'),
    popover,
    status: formatStatus(state, { nowMs, localZone: ZONE }),
    handoff: buildHandoffSummary(state, { nowMs, localZone: ZONE }),
  };
}
