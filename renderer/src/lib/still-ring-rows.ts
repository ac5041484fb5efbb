// The phone alerts that must not ring and may still (issue 50, adv50 r8 #3), as the popover's "asks me" area says
// them under the shift-start alarms: "Your phone may still ring at 09:03 for the Ops shift you no longer have
// (cancelling it hasn't gone through: could not connect)", its fix in Settings → Phone. Apart from ./alarm-asks so the
// popover's first-loaded JS leaves their words out: they load just after the glance (vite.config.ts).
import { stillRingLine, stillRingMay } from '../../../electron/shared/still-ring-text';
import type { AppState } from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';

export interface StillRingRow {
  key: string;
  text: string;
}

/** One row per such alert, soonest first. */
export function stillRingRows(state: AppState, ctx: FormatContext): StillRingRow[] {
  const phone = [...(state.phone?.stillRing ?? [])].sort((a, b) => a.at.localeCompare(b.at));
  const o = { nowMs: ctx.nowMs, locale: ctx.locale, ...(ctx.localZone ? { localZone: ctx.localZone } : {}) };
  return phone.map((s) => ({ key: `phone:${s.key}`, text: stillRingLine(s, o) }));
}

/** Several such alerts in one line, so they don't push what asks me under the bar (adv49 r9 F1): "Phone may still
 *  ring: 3 shifts" (or "may have rung", or both, as they are), short enough for one line at 360 px with its fix;
 *  each one's own line is behind it. */
export function stillRingFold(state: AppState): string {
  const all = state.phone?.stillRing ?? [];
  return `Phone ${stillRingMay(all)}: ${all.length} shift${all.length === 1 ? '' : 's'}`;
}
