// Saved schedule data naming me on a block the app never had as mine (issue 52, adv52 r58 #1). Online, a change found
// against such a block is not told (reminders-vouched.ts); offline the saved data is all there is, and Alice's block
// named mine in cache.json was shown as my next shift and published in the .ics, merged with my real one, with
// nothing said. The app's record of my blocks (reminders.json `mine:`, held-read.ts) has every block of mine of every
// read it made, kept a week past its end, so a cache the app wrote agrees with it; a block that became mine while the
// app was closed comes with a fresh read, never from the file. So at load, time the file names as mine that the record
// lacks is taken out before anything is derived from it: its shifts cut there and the time left unknown (a hole, read
// again), never shown, alarmed or published as mine; said once with the file's other refused entries.
import type { Shift } from '../../api/schemas';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';
import { blocksOf, isoOf, segmentsOf } from '../model/segments';
import { knownOf } from '../reminders/known';
import { recordedMine } from '../reminders/held-read';
import { LATE_END_MAX_MS } from '../reminders/judge';
import { clipShifts, intersect, subtract, type Span } from '../sync/kept';
import { NOT_ON_RECORD } from './reminders-vouched';

/** The time of `s` the saved data names as mine and the record lacks: from as far back as the record is sure to hold
 *  my blocks (a block still ending late enough to be planned for when it was read). */
function unrecorded(s: ScheduleSnapshot, emailLower: string, mineKeys: readonly string[], nowMs: number): Span[] {
  const sinceMs = nowMs - LATE_END_MAX_MS;
  const mine = blocksOf(segmentsOf(knownOf(s).shifts), emailLower).map((b) => ({
    fromMs: Math.max(b.startMs, sinceMs),
    toMs: b.endMs,
  }));
  return subtract(mine, recordedMine(mineKeys, s.id));
}

/** The shifts with `cuts` taken out of each (the rest of a shift stays as it was). */
function cutShifts(shifts: readonly Shift[], cuts: readonly Span[]): Shift[] {
  return shifts.flatMap((sh) => {
    const span = { fromMs: Date.parse(sh.start), toMs: Date.parse(sh.end) };
    return subtract([span], cuts).flatMap((part) => clipShifts([sh], part));
  });
}

const spanOf = (x: { start: string; end: string } | null | undefined): Span[] =>
  x ? [{ fromMs: Date.parse(x.start), toMs: Date.parse(x.end) }] : [];

/** The schedule with `cuts` unknown: cut from its shifts and kept reads, a hole over its read's range, and the
 *  service's answer left out where it speaks there (it is laid over holes: model/answered.ts). */
function withUnknown(s: ScheduleSnapshot, cuts: readonly Span[]): ScheduleSnapshot {
  const range = s.shiftsFrom === null || s.shiftsTo === null ? [] : spanOf({ start: s.shiftsFrom, end: s.shiftsTo });
  const known = s.shiftHoles.flatMap((h) => spanOf({ start: h.from, end: h.to }));
  // Each time once among the holes: only what isn't one already.
  const holes = subtract(intersect(cuts, range), known).map((c) => ({ from: isoOf(c.fromMs), to: isoOf(c.toMs) }));
  const shiftsKept = s.shiftsKept?.flatMap((k) =>
    subtract(spanOf({ start: k.from, end: k.to }), cuts).map((part) => ({
      ...k,
      from: isoOf(part.fromMs),
      to: isoOf(part.toMs),
      shifts: clipShifts(k.shifts, part),
    })),
  );
  const spoken = (x: Shift | null | undefined): boolean => intersect(spanOf(x), cuts).length > 0;
  const d = s.details;
  const details =
    d && (spoken(d.current_oncall_shift) || spoken(d.next_oncall_shift))
      ? {
          ...d,
          ...(spoken(d.current_oncall_shift) ? { current_oncall_shift: null } : {}),
          ...(spoken(d.next_oncall_shift) ? { next_oncall_shift: null } : {}),
        }
      : d;
  return {
    ...s,
    details,
    shifts: cutShifts(s.shifts, cuts),
    shiftHoles: [...s.shiftHoles, ...holes].sort((a, b) => Date.parse(a.from) - Date.parse(b.from)),
    ...(shiftsKept === undefined ? {} : { shiftsKept }),
  };
}

/** The saved data with the time it names as mine that the record of my blocks (`mineKeys`: one account's `mine:`
 *  keys) lacks left unknown, and one reason per schedule where some was (NOT_ON_RECORD, the online check's words). */
export function mineOnRecord(
  snapshot: Snapshot,
  email: string,
  mineKeys: readonly string[],
  nowMs: number,
): { snapshot: Snapshot; dropped: string[] } {
  const emailLower = email.trim().toLowerCase();
  const dropped: string[] = [];
  const schedules = snapshot.schedules.map((s) => {
    const cuts = unrecorded(s, emailLower, mineKeys, nowMs);
    if (cuts.length === 0) return s;
    dropped.push(NOT_ON_RECORD);
    return withUnknown(s, cuts);
  });
  return dropped.length === 0 ? { snapshot, dropped } : { snapshot: { ...snapshot, schedules }, dropped };
}
