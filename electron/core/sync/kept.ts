// What a read of shifts leaves unknown, and what earlier reads knew there. A read covers its range [from, to)
// minus its holes (shifts the service sent that couldn't be read). Where a new read is blind, the last read that
// covered the time is kept (with its shifts and when it was made), so an unreadable shift is never taken for a
// removal and its reminders still come, saying they rest on saved data.
import type { Shift } from '../../api/schemas';
import { isoOf } from '../model/segments';
import type { KeptShifts, ScheduleSnapshot } from '../model/snapshot';

export interface Span {
  fromMs: number;
  toMs: number;
}

/** `spans` minus `cuts`; both lists of half-open spans, the result sorted and disjoint where `spans` were. */
export function subtract(spans: readonly Span[], cuts: readonly Span[]): Span[] {
  let out = spans.filter((s) => s.fromMs < s.toMs).map((s) => ({ ...s }));
  for (const c of cuts) {
    out = out.flatMap((s) => {
      if (c.toMs <= s.fromMs || c.fromMs >= s.toMs) return [s];
      const parts: Span[] = [];
      if (s.fromMs < c.fromMs) parts.push({ fromMs: s.fromMs, toMs: c.fromMs });
      if (c.toMs < s.toMs) parts.push({ fromMs: c.toMs, toMs: s.toMs });
      return parts;
    });
  }
  return out.sort((a, b) => a.fromMs - b.fromMs);
}

export function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const x of a)
    for (const y of b) {
      const fromMs = Math.max(x.fromMs, y.fromMs);
      const toMs = Math.min(x.toMs, y.toMs);
      if (fromMs < toMs) out.push({ fromMs, toMs });
    }
  return out.sort((p, q) => p.fromMs - q.fromMs);
}

/** Kept time stays this long after it ended: a shift's end may still be told late (reminders' LATE_END_MAX_MS). */
export const KEEP_AFTER_END_MS = 12 * 60 * 60_000;

const EVER: Span = { fromMs: -8.64e15, toMs: 8.64e15 };
const spanOf = (x: { from: string; to: string }): Span => ({ fromMs: Date.parse(x.from), toMs: Date.parse(x.to) });

/** The time the latest read of a schedule's shifts covers: its range minus its holes (nothing before a read). */
export function readCovers(s: Pick<ScheduleSnapshot, 'shiftsFrom' | 'shiftsTo' | 'shiftHoles'>): Span[] {
  if (s.shiftsFrom === null || s.shiftsTo === null) return [];
  return subtract([spanOf({ from: s.shiftsFrom, to: s.shiftsTo })], s.shiftHoles.map(spanOf));
}

/** Shifts overlapping a span, cut to it. */
export function clipShifts(shifts: readonly Shift[], span: Span): Shift[] {
  return shifts.flatMap((sh) => {
    const fromMs = Math.max(Date.parse(sh.start), span.fromMs);
    const toMs = Math.min(Date.parse(sh.end), span.toMs);
    if (fromMs >= toMs) return [];
    return [{ ...sh, start: isoOf(fromMs), end: isoOf(toMs) }];
  });
}

/** What a schedule's data knew before a new read: the latest read's cover, then what it had kept itself. */
function knownBefore(entry: ScheduleSnapshot): KeptShifts[] {
  const readAt = entry.shiftsReadAt ?? entry.shiftsFetchedAt;
  const own =
    readAt === null
      ? []
      : readCovers(entry).map((span) => ({
          from: isoOf(span.fromMs),
          to: isoOf(span.toMs),
          readAt,
          shifts: clipShifts(entry.shifts, span),
        }));
  return [...own, ...(entry.shiftsKept ?? [])];
}

/**
 * What to keep after a new read of `next` (range, holes) made at `atMs`: over the time it leaves unknown and that is
 * not long over, whatever the data before it knew there (the latest read's cover wins over what older ones kept).
 */
export function keptAfterRead(
  entry: ScheduleSnapshot,
  next: Pick<ScheduleSnapshot, 'shiftsFrom' | 'shiftsTo' | 'shiftHoles'>,
  atMs: number,
): KeptShifts[] | undefined {
  // Before the new range's start is the past it no longer reads on purpose (its start moves with now): not kept.
  const fromMs = next.shiftsFrom === null ? EVER.fromMs : Date.parse(next.shiftsFrom);
  let blind = subtract([{ fromMs, toMs: EVER.toMs }], readCovers(next));
  const kept: KeptShifts[] = [];
  // Whole spans, not cut at now: a shift kept while it runs keeps its start (and its reminders their keys).
  for (const piece of knownBefore(entry)) {
    const parts = intersect([spanOf(piece)], blind).filter((span) => span.toMs > atMs - KEEP_AFTER_END_MS);
    for (const span of parts)
      kept.push({
        from: isoOf(span.fromMs),
        to: isoOf(span.toMs),
        readAt: piece.readAt,
        shifts: clipShifts(piece.shifts, span),
      });
    blind = subtract(blind, parts);
  }
  return kept.length === 0 ? undefined : kept.sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
}
