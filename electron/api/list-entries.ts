// Turns list elements read one by one into what callers use: the readable items, plus what couldn't be read, so
// one unreadable element never hides the others and is never silently dropped.
import type { CoverageEntry, CoverageList, ShiftEntry, ShiftList } from './schemas';

/**
 * The shifts of a window [from, to) and its holes. An unreadable shift with both instants leaves a hole over its own
 * window; one without them leaves a hole from the end of the readable shift before it (or the window's start) to
 * the start of the readable one after it (or the window's end): the service lists shifts in order of start.
 */
export function shiftList(entries: readonly ShiftEntry[], window: { from: string; to: string }): ShiftList {
  const shifts: ShiftList['shifts'] = [];
  const holes: ShiftList['holes'] = [];
  entries.forEach((entry, i) => {
    if (entry.ok) {
      shifts.push(entry.shift);
      return;
    }
    const before = entries
      .slice(0, i)
      .reverse()
      .find((e) => e.ok);
    const after = entries.slice(i + 1).find((e) => e.ok);
    const from = entry.start ?? (before?.ok ? before.shift.end : window.from);
    const to = entry.end ?? (after?.ok ? after.shift.start : window.to);
    holes.push(Date.parse(to) > Date.parse(from) ? { from, to } : { from: window.from, to: window.to });
  });
  return { shifts, holes };
}

export function coverageList(entries: readonly CoverageEntry[]): CoverageList {
  const list: CoverageList = { requests: [], unreadable: [] };
  for (const entry of entries) {
    if (entry.ok) list.requests.push(entry.request);
    else if (entry.issue) list.unreadable.push(entry.issue);
  }
  return list;
}
