// The one measure every write flow uses for "has the service had its 2 minutes to apply a write it answered with an
// error (or never answered)": elapsed time that does not jump. The wall clock can step (an NTP correction, the user)
// while the service's own clock does not; a forward step taken as the service's time made a press again send a
// second override while the first was still pending there (adv48 r31 #1). So within a run the settle is counted on
// the monotonic clock from the moment the write was answered. A record from an earlier run has no monotonic base:
// the wall time up to when this run first measures it counts (the rule before), and only monotonic time after it.
// Records keep their wall time (said to the user, saved to disk); this module maps it to its monotonic start.
import type { Clock } from '../ports';

/** How long a service may take to apply a write it took without answering (seen: 15–40 s; adv48 round 10 #1). */
export const SETTLE_MS = 2 * 60_000;

/** Per clock: a write's wall time as its record keeps it → the monotonic time its settle is counted from. */
const starts = new WeakMap<Clock, Map<number, number>>();

function startsOf(clock: Clock): Map<number, number> {
  let map = starts.get(clock);
  if (!map) starts.set(clock, (map = new Map<number, number>()));
  return map;
}

/** A write was answered (or a wait began) now: its wall time, to keep in its record; its settle counts from here. */
export function answeredAt(clock: Clock): number {
  const atMs = clock.now();
  const monoMs = clock.monotonicMs?.();
  // The same wall instant again (after a backward step): the later start, so neither write's wait is cut short.
  if (monoMs !== undefined) startsOf(clock).set(atMs, Math.max(monoMs, startsOf(clock).get(atMs) ?? monoMs));
  return atMs;
}

/** How long the service has had since the write answered at wall time `atMs`, never counting a wall-clock step. */
export function hadMs(clock: Clock, atMs: number): number {
  const wallMs = clock.now() - atMs;
  const monoMs = clock.monotonicMs?.();
  if (monoMs === undefined) return wallMs;
  const map = startsOf(clock);
  let from = map.get(atMs);
  // First measured in this run (read back after a restart): the wall time until now counts, no more after it.
  if (from === undefined) map.set(atMs, (from = monoMs - Math.max(0, wallMs)));
  return monoMs - from;
}

/** How much of the settle of a write answered at `atMs` is left (0: over). */
export const settleLeftMs = (clock: Clock, atMs: number): number => Math.max(0, SETTLE_MS - hadMs(clock, atMs));

/** The wall time the settle of a write answered at `atMs` ends, as the user's clock will show it (for the words). */
export const settleEndsAt = (clock: Clock, atMs: number): number => clock.now() + settleLeftMs(clock, atMs);
