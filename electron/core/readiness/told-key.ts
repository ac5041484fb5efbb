// The record key a readiness warning is told under: the shift and the problem as it stands (which check, its
// sentence), never the mark it was found at, so the same warning at the 24 h and the 1 h check is told once, and a
// changed problem (saved data became unknown, reminders were turned off too) is told anew.
import type { Readiness, ReadinessCheck } from '../../shared/view-state';

/** FNV-1a, 32 bits: a short, stable tag for a sentence (the record keeps keys, not prose). */
function tag(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

export function readinessToldKey(r: Readiness, problem: ReadinessCheck): string {
  return `readiness:${r.shift.scheduleId}:${r.shift.start}:${problem.id}:${tag(problem.message)}`;
}
