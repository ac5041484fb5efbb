// Whether a schedule's shifts show exactly the covering people throughout a window: the one question both the
// preview ("already on call") and the outcome check of a write ask. Its own module, so neither imports the other.
import type { Shift } from '../../api/schemas';

/** Whether the clipped shifts cover [startMs, endMs) with exactly the covering people throughout. */
export function windowCoveredBy(
  shifts: readonly Shift[],
  startMs: number,
  endMs: number,
  covering: readonly string[],
): boolean {
  const want = [...new Set(covering.map((e) => e.toLowerCase()))].sort().join(',');
  const sorted = [...shifts].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  let reached = startMs;
  for (const s of sorted) {
    const sStart = Date.parse(s.start);
    const sEnd = Date.parse(s.end);
    if (sEnd <= startMs || sStart >= endMs) continue;
    if (sStart > reached) return false;
    const have = [...new Set(s.users.map((u) => u.email.toLowerCase()))].sort().join(',');
    if (have !== want) return false;
    reached = Math.max(reached, sEnd);
  }
  return reached >= endMs;
}
