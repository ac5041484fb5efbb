// A fake Clock for tests that also do real I/O (loopback HTTP to the simulator, files). Like FakeClock, it fires
// due timers in order, each at its own instant; in addition, after each timer it waits until every tracked
// operation (client calls, file writes) has finished, so fake time never runs ahead of a request in flight.
import { FakeClock } from './fake-clock';

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

export class IoClock extends FakeClock {
  readonly inFlight = new InFlight();

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

  protected override settleAfterTimer(): Promise<void> {
    return this.settle();
  }

  override async advanceTo(targetMs: number): Promise<void> {
    await this.settle();
    await super.advanceTo(targetMs);
    await this.settle();
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
