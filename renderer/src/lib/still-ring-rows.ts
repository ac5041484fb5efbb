// The phone alerts that must not ring and may still (issue 50, adv50 r8 #3), as the popover's "asks me" area says
// them under the shift-start alarms: "Your phone may still ring at 09:03 for the Ops shift you no longer have
// (cancelling it hasn't gone through: could not connect)", its fix in Settings → Phone. Apart from ./alarm-asks so the
// popover's first-loaded JS leaves their words out: they load just after the glance (vite.config.ts).
import { stillRingLine } from '../../../electron/shared/still-ring-text';
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
