// The phone alerts that must not ring and may still (issue 50, adv50 r8 #3), as the popover's "asks me" area says
// them under the shift-start alarms: "Your phone may still ring at 09:03 for the Ops shift you no longer have
// (cancelling it hasn't gone through: could not connect)", its fix in Settings → Phone. Apart from ./alarm-asks so the
// popover's first-loaded JS leaves their words out: they load just after the glance (vite.config.ts).
import { stillRingLine } from '../../../electron/shared/still-ring-text';
import type { StillRing } from '../../../electron/shared/phone-intent';
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

/** Several such alerts in one line, so they don't push what asks me under the bar (adv49 r9 F1): "3 phone alerts may
 *  ring" (or "may have rung", or both, as they are), the count first and short, so it stays whole beside its fix at
 *  360 px and on a line of its own at 125 % and 150 % zoom (adv49 r10 #4); each one's own line is behind it. */
export function stillRingFold(all: readonly StillRing[]): string {
  const passed = all.filter((s) => s.passed).length;
  const may = passed === 0 ? 'may ring' : passed === all.length ? 'may have rung' : 'may ring or have rung';
  return `${all.length} phone alert${all.length === 1 ? '' : 's'} ${may}`;
}

/** The little of an element askedBelow reads (this module is also type-checked without the DOM's types). */
interface Box {
  getBoundingClientRect(): { bottom: number };
}

/** Whether the phone lines, opened, push what asks me under the button bar: a shift-start alarm (its "I'm on it") or
 *  Asks you ending past the scrolling area's visible bottom, as lib/now-fit.ts measures the glance. */
export function askedBelow(scroll: Box & { querySelectorAll(selector: string): Iterable<Box> }): boolean {
  const bottom = scroll.getBoundingClientRect().bottom + 0.5;
  return [...scroll.querySelectorAll(':scope>:is(.alarm,.asks)')].some(
    (p) => p.getBoundingClientRect().bottom > bottom,
  );
}
