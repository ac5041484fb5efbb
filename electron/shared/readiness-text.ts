// The readiness line as every surface words it (tray menu, popover, `status`): "Ready for your shift at 22:00 ✓",
// or "Not ready for your shift at 22:00: notifications are paused", naming what can't be checked. Zod-free.
import type { Readiness, ReadinessCheck } from './view-state';

export interface ReadinessLine {
  ready: boolean;
  text: string;
  /** The check that stands in the way, with its action (absent when ready). */
  problem?: ReadinessCheck;
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/** A check's message inside the line: lower-cased after the colon, but never a schedule's name (a schedule check
 *  starts with it: "Platform primary shows…"); its own colon becomes a semicolon, so the line has one colon. */
const inLine = (c: ReadinessCheck): string =>
  (c.id === 'schedule' ? c.message : lowerFirst(c.message)).replace(/\.$/, '').replace(/: /g, '; ');

export function readinessLine(r: Readiness, time: (iso: string) => string): ReadinessLine {
  const when = `your shift at ${time(r.shift.start)}`;
  const problem = r.checks.find((c) => c.result === 'problem');
  if (problem) return { ready: false, text: `Not ready for ${when}: ${inLine(problem)}`, problem };
  const unknown = r.checks.filter((c) => c.result === 'unknown');
  const note = unknown.length > 0 ? ` (can't tell: ${unknown.map(inLine).join(' · ')})` : '';
  return { ready: true, text: `Ready for ${when} ✓${note}` };
}
