// What reminders and change notices may rest on, per schedule: the latest read of its shifts, and over time that
// read couldn't read (a hole, beyond its range) the last read that did cover it, kept by sync with its read time.
import type { Shift } from '../../api/schemas';
import type { ScheduleSnapshot } from '../model/snapshot';
import { answeredSchedule } from '../model/answered';
import { clipShifts, readCovers, subtract, type Span } from '../sync/kept';

export interface Known {
  /** The latest read's shifts, and the kept ones over what it left unknown. */
  shifts: Shift[];
  /** The time known: covered by the latest read, or kept from an earlier one. */
  covers: Span[];
  /** The kept spans, each with when it was read. */
  kept: (Span & { readAtMs: number })[];
}

const memo = new WeakMap<ScheduleSnapshot, Known>();

export function knownOf(read: ScheduleSnapshot): Known {
  const hit = memo.get(read);
  if (hit) return hit;
  // As the state reads it: the service's answer over holes in its shift list (model/answered.ts).
  const s = answeredSchedule(read);
  // A kept span speaks only where no fresh read does: the answer's shifts laid over a hole are fresh over their span
  // (adv47 r34). Kept beneath them, an older read's "me" reminded me of a shift the answer gives to Alice.
  const fresh = readCovers(s);
  const kept = (s.shiftsKept ?? []).flatMap((k) =>
    subtract([{ fromMs: Date.parse(k.from), toMs: Date.parse(k.to) }], fresh).map((span) => ({
      ...span,
      readAtMs: Date.parse(k.readAt),
      shifts: k.shifts,
    })),
  );
  // No kept time: the snapshot's own array, so everything keyed on it (segments) stays cached.
  const shifts =
    kept.length === 0
      ? s.shifts
      : [...s.shifts, ...kept.flatMap((k) => clipShifts(k.shifts, k))].sort(
          (a, b) => Date.parse(a.start) - Date.parse(b.start),
        );
  const covers = [...fresh, ...kept.map(({ fromMs, toMs }) => ({ fromMs, toMs }))].sort((a, b) => a.fromMs - b.fromMs);
  const known: Known = { shifts, covers, kept: kept.map(({ fromMs, toMs, readAtMs }) => ({ fromMs, toMs, readAtMs })) };
  memo.set(read, known);
  return known;
}
