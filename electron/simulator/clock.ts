// The simulator's clock: wall clock by default, frozen at an instant, or driven by a test's fake clock.
import { parseIsoInstant } from './time';

export type NowOption = string | Date | number | (() => number);

export interface SimulatorClock {
  now(): number;
  /** Freezes the clock at this instant (replacing any function it was following). */
  set(instant: string | Date | number): void;
  /** Moves the clock forward (or back, with a negative amount). */
  advance(ms: number): void;
}

/**
 * Epoch ms of an instant; undefined when it names none. Text must carry `Z` or an offset: a time without a zone
 * would be read in the machine's local zone, so the same seed would mean different instants on different machines.
 */
export function toEpochMs(instant: string | Date | number): number | undefined {
  const ms =
    typeof instant === 'number' ? instant : typeof instant === 'string' ? parseIsoInstant(instant) : instant.getTime();
  return ms !== undefined && Number.isFinite(ms) ? ms : undefined;
}

function checkedEpochMs(instant: string | Date | number): number {
  const ms = toEpochMs(instant);
  if (ms !== undefined) return ms;
  const shown = typeof instant === 'string' ? `"${instant}"` : String(instant);
  throw new RangeError(`now must be an ISO 8601 instant with Z or an offset (e.g. 2026-03-04T12:00:00Z), not ${shown}`);
}

/** Throws a RangeError naming the expected form when `now` names no instant (or a time without a zone). */
export function createClock(now?: NowOption): SimulatorClock {
  let base: () => number = Date.now;
  if (typeof now === 'function') base = now;
  else if (now !== undefined) {
    const frozenMs = checkedEpochMs(now);
    base = () => frozenMs;
  }
  let offsetMs = 0;
  return {
    now: () => base() + offsetMs,
    set: (instant) => {
      const ms = checkedEpochMs(instant);
      base = () => ms;
      offsetMs = 0;
    },
    advance: (ms) => void (offsetMs += ms),
  };
}
