// Corrections of reminders already shown for time I handed off myself (away mode, a swap, an override of mine).
// My own override is never told as a change someone else made (changes.ts), but an "On call in 15 min" shown
// before it landed now says something false: it is corrected once, naming who covers that time instead. Only a
// start that no longer holds is corrected (I am not on call then any more); the correction is kept only
// while a reminder of that block is on record as spoken (delivery's `saidKey`; the scheduler drops it otherwise).
import { isoOf, type Block, type Segment } from '../model/segments';
import type { ScheduleSnapshot } from '../model/snapshot';
import { saidKey } from './delivery';
import { correctionWords } from './correction-words';
import { coveringOf } from './covering';
import { shiftRef, type PlanInput, type PlannedReminder } from './types';

export interface CorrectionSides {
  before: ScheduleSnapshot;
  after: ScheduleSnapshot;
  beforeSegs: readonly Segment[];
  afterSegs: readonly Segment[];
  me: string;
  zone: string;
}

/** For a change my own override made: one correction per block of mine not begun yet whose start no longer holds. */
export function correctionsOf(
  c: { before: readonly Block[]; after: readonly Block[] },
  sides: CorrectionSides,
  input: PlanInput,
): PlannedReminder[] {
  const { before, after, beforeSegs, afterSegs, me, zone } = sides;
  return (
    c.before
      // Still on call at that start (the block only grew or joined another): the reminder holds.
      .filter((b) => b.startMs > input.nowMs && !c.after.some((a) => a.startMs <= b.startMs && b.startMs < a.endMs))
      .map((b) => {
        const was = shiftRef(before, beforeSegs, b, zone);
        // What is still mine of it: the first block of the new data starting inside it.
        const laterBlock = c.after.find((a) => a.startMs > b.startMs && a.startMs < b.endMs);
        const later = laterBlock ? shiftRef(after, afterSegs, laterBlock, zone) : undefined;
        const lostEndMs = laterBlock?.startMs ?? b.endMs;
        const key = `correction:${after.id}:${isoOf(b.startMs)}`;
        const covering = coveringOf(afterSegs, [{ startMs: b.startMs, endMs: lostEndMs }], me);
        const correction = { was, lostEndMs, ...covering, ...(later ? { later } : {}) };
        const notification = correctionWords(key, correction, input.nowMs, input);
        return {
          key,
          atMs: input.nowMs,
          kind: 'correction' as const,
          untilMs: b.endMs,
          notification,
          correction,
          corrects: [saidKey(was.group)],
          // As urgent through quiet hours as the reminders it corrects.
          startsAtMs: b.startMs,
          mustPrecedeMs: b.startMs,
        };
      })
  );
}
