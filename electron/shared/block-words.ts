// A block of mine's window and length as every surface words them, from what its end rests on (`endBasis`): an end
// the read doesn't cover (the end of the read, a hole) is never said as a plain end, nor a length over it as known
// (issue 47: My shifts, `status` and the hand-off said "15:00 – 11 Apr, 11:00 · 5 d 20 h" for a block running past
// the read, and the calendar a fourth end). The surfaces give their own window, time and length wording.
import { endIsKnown, untilPhrase } from './basis';
import type { Basis } from './view-state';

type Block = { start: string; end: string; endBasis: Basis };

/** "Sat 23:05 – Sun 23:05" where the time after the end was read; "from 5 Apr, 15:00 until at least 11 Apr, 11:00,
 *  then unknown" where it wasn't. */
export function blockWindow(
  b: Block,
  window: (start: string, end: string) => string,
  time: (iso: string) => string,
): string {
  return endIsKnown(b) ? window(b.start, b.end) : `from ${time(b.start)} ${untilPhrase(b, time)}`;
}

/** "8 h" where the end was read; "at least 5 d 20 h" where it wasn't. */
export function blockLength(b: Block, length: (start: string, end: string) => string): string {
  return endIsKnown(b) ? length(b.start, b.end) : `at least ${length(b.start, b.end)}`;
}

/** Whether a block is running now as far as it is known: begun, and its known part not over. Past the end of what
 *  was read it is unknown, never "now" (adv47 r38 #2: `status` said "— now" beside "On call now: unknown"). */
export function blockRunning(b: { start: string; end: string }, nowMs: number): boolean {
  return Date.parse(b.start) <= nowMs && nowMs < Date.parse(b.end);
}
