// The block a write of a plan was made for, checked whole: the planned window may still show what was planned while
// the block around it grew (a manager put me on the hours just before it, inside my away range), so the write would
// hand off part of it and say "handed off" while I stay on call. A plan's write may carry the stretch around its
// window where the plan had its person off call (`within`); the re-read spans it, and time there with that person on
// call now is a change since the plan, said, never written past.

/** A stretch of a read: who is on call over it (lower-cased), as plan-held.ts reads it. */
interface Stretch {
  startMs: number;
  endMs: number;
  emails: readonly string[];
}

export interface Within {
  startMs: number;
  endMs: number;
}

/** The stretches clipped to [startMs, endMs) (a stretch may straddle an edge when the read was wider). */
export function clipHeld<T extends Stretch>(held: readonly T[], startMs: number, endMs: number): T[] {
  return held.flatMap((h) => {
    const a = Math.max(h.startMs, startMs);
    const b = Math.min(h.endMs, endMs);
    return b > a ? [{ ...h, startMs: a, endMs: b }] : [];
  });
}

/** Time outside the window (inside `within`) with `who` on call now: where the block grew past what was planned. */
export function grownPast<T extends Stretch>(held: readonly T[], startMs: number, endMs: number, who: string): T[] {
  const person = who.toLowerCase();
  const outside = [...clipHeld(held, Number.NEGATIVE_INFINITY, startMs), ...clipHeld(held, endMs, Infinity)];
  return outside.filter((h) => h.emails.includes(person));
}

/** Whether `within` reaches past the window (else there is nothing around it to check). */
export const reachesPast = (w: Within | undefined, startMs: number, endMs: number): w is Within =>
  w !== undefined && (w.startMs < startMs || w.endMs > endMs);

/** The window's surroundings, as a timeline of a schedule last read: from `bounds`, up to the nearest time around
 *  the window where `who` was on call or the timeline didn't know (another block, or time the plan never read). */
export function withinOf(
  timeline: readonly { kind: string; start: string; end: string; users: readonly { email: string }[] }[],
  who: string,
  window: Within,
  bounds: Within,
): Within {
  const person = who.toLowerCase();
  let lo = Math.min(bounds.startMs, window.startMs);
  let hi = Math.max(bounds.endMs, window.endMs);
  // Stops at a stretch with `who` on call or unknown, and at time the timeline skips (unknown too).
  const stop = (a: number, b: number) => {
    if (a < window.startMs) lo = Math.max(lo, Math.min(b, window.startMs));
    if (b > window.endMs) hi = Math.min(hi, Math.max(a, window.endMs));
  };
  let reached = lo;
  for (const t of timeline) {
    const a = Date.parse(t.start);
    const b = Date.parse(t.end);
    if (b <= lo || a >= hi) continue;
    if (a > reached) stop(reached, a);
    if (t.kind === 'unknown' || t.users.some((u) => u.email.toLowerCase() === person)) stop(a, b);
    reached = Math.max(reached, b);
  }
  if (reached < hi) stop(reached, hi);
  return { startMs: lo, endMs: hi };
}
