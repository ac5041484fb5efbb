// The simulator's clock: wall clock by default, frozen at an instant, or driven by a test's fake clock.

export type NowOption = string | Date | number | (() => number);

export interface SimulatorClock {
  now(): number;
  /** Freezes the clock at this instant (replacing any function it was following). */
  set(instant: string | Date | number): void;
  /** Moves the clock forward (or back, with a negative amount). */
  advance(ms: number): void;
}

export function toEpochMs(instant: string | Date | number): number | undefined {
  const ms = typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

/** Undefined when `now` is a string or Date that names no instant. */
export function createClock(now?: NowOption): SimulatorClock | undefined {
  let base: () => number = Date.now;
  if (typeof now === 'function') base = now;
  else if (now !== undefined) {
    const frozenMs = toEpochMs(now);
    if (frozenMs === undefined) return undefined;
    base = () => frozenMs;
  }
  let offsetMs = 0;
  return {
    now: () => base() + offsetMs,
    set: (instant) => {
      const ms = toEpochMs(instant);
      if (ms === undefined) return;
      base = () => ms;
      offsetMs = 0;
    },
    advance: (ms) => void (offsetMs += ms),
  };
}
