// A fake Clock for tests that also do real I/O (loopback HTTP to the simulator, files). Like FakeClock, it fires
// due timers in order, each at its own instant; in addition, after each timer it waits until every tracked
// operation (client calls, file writes) has finished, so fake time never runs ahead of a request in flight.
import type { Clock } from '../../../electron/core/ports';

interface Timer {
  id: number;
  dueMs: number;
  callback: () => void;
}

export class InFlight {
  count = 0;
  track<T>(promise: Promise<T>): Promise<T> {
    this.count++;
    return promise.finally(() => {
      this.count--;
    });
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class IoClock implements Clock {
  private timers: Timer[] = [];
  private nextId = 1;
  readonly inFlight = new InFlight();

  constructor(private wallMs: number) {}

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

  /** Waits (in real time) until no tracked operation is running and the promise chains behind them ran. */
  async settle(maxRealMs = 15_000): Promise<void> {
    const giveUpAt = Date.now() + maxRealMs;
    let quiet = 0;
    while (quiet < 3) {
      await turn();
      quiet = this.inFlight.count === 0 ? quiet + 1 : 0;
      if (Date.now() > giveUpAt) throw new Error(`IoClock.settle: ${this.inFlight.count} operation(s) still running`);
    }
  }

  async advance(ms: number): Promise<void> {
    await this.advanceTo(this.wallMs + ms);
  }

  async advanceTo(targetMs: number): Promise<void> {
    await this.settle();
    for (;;) {
      const due = this.timers.filter((t) => t.dueMs <= targetMs).sort((a, b) => a.dueMs - b.dueMs || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.wallMs = Math.max(this.wallMs, due.dueMs);
      due.callback();
      await this.settle();
    }
    this.wallMs = Math.max(this.wallMs, targetMs);
    await this.settle();
  }

  /** Suspend: wall time jumps by `ms`, nothing fires, pending timers come due `ms` later (monotonic timers). */
  sleep(ms: number): void {
    this.wallMs += ms;
    for (const t of this.timers) t.dueMs += ms;
  }

  /** Runs `work` while fake time keeps moving in `stepMs` steps, for work that itself waits on the clock. */
  async runWhileAdvancing<T>(work: Promise<T>, stepMs = 1_000, maxSteps = 600): Promise<T> {
    let done = false;
    const result = work.finally(() => (done = true));
    for (let i = 0; i < maxSteps && !done; i++) {
      await this.settle();
      if (!done) await this.advance(stepMs);
    }
    return result;
  }
}
