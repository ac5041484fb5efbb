// A controllable Clock. `advance` moves time forward and fires due timers in order, each at its own instant;
// `sleep` models a suspended laptop: wall time jumps and no timer fires, and pending timers are pushed back by
// the sleep (like real timers, which run on a monotonic clock that stops during suspend).
import type { Clock } from '../../../electron/core/ports';

interface Timer {
  id: number;
  dueMs: number;
  callback: () => void;
}

/** Lets promise chains started by a callback (notify, persist) settle before the next timer. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export class FakeClock implements Clock {
  protected timers: Timer[] = [];
  private nextId = 1;

  /** Monotonic time: moves with `advance`, stands still during `sleep` (as CLOCK_MONOTONIC does in suspend). */
  private sleptMs = 0;

  constructor(protected wallMs: number) {}

  monotonicMs(): number {
    return this.wallMs - this.sleptMs;
  }

  /** What runs after each timer fires, before the next one: here, a few turns of the event loop. */
  protected settleAfterTimer(): Promise<void> {
    return flush();
  }

  now(): number {
    return this.wallMs;
  }

  setTimer(delayMs: number, callback: () => void): () => void {
    const timer = { id: this.nextId++, dueMs: this.wallMs + Math.max(0, delayMs), callback };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  pendingTimers(): number {
    return this.timers.length;
  }

  /** When the pending timers are due, earliest first. */
  pendingDueMs(): number[] {
    return this.timers.map((t) => t.dueMs).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, firing every timer that falls due (also ones armed meanwhile), in order. */
  async advance(ms: number): Promise<void> {
    await this.advanceTo(this.wallMs + ms);
  }

  async advanceTo(targetMs: number): Promise<void> {
    for (;;) {
      const due = this.timers.filter((t) => t.dueMs <= targetMs).sort((a, b) => a.dueMs - b.dueMs || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.wallMs = Math.max(this.wallMs, due.dueMs);
      due.callback();
      await this.settleAfterTimer();
    }
    this.wallMs = Math.max(this.wallMs, targetMs);
  }

  /** Suspend: wall time jumps by `ms`, nothing fires, pending timers come due `ms` later. */
  sleep(ms: number): void {
    this.wallMs += ms;
    this.sleptMs += ms;
    for (const t of this.timers) t.dueMs += ms;
  }

  /** The wall clock is set by `deltaMs` (NTP, the user; negative: back): monotonic time and the timers' delays
   *  don't move, as with a real clock change. */
  stepWall(deltaMs: number): void {
    this.sleep(deltaMs);
  }
}
