// The shared clean-up test files rely on instead of their own afterEach: what one test opened is closed before the
// next begins, newest first, and one failing close neither stops the others nor goes unreported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../core/support/engine-harness';
import { closeAfterTest, closeAll, testStarted } from './closing';
import { seedOf } from '../core/support/seeds';

let opened: Harness | undefined;

describe('what a test opens is closed after it', () => {
  it('opens a harness and leaves it open', async () => {
    opened = await createHarness({ startMs: Date.parse('2026-03-01T00:00:00Z'), seed: seedOf([]) });
    const answer = await fetch(`${opened.sim.url}/api/v1/schedules/`).catch(() => undefined);
    expect(answer).toBeDefined();
  });

  it('finds the simulator of that harness closed by the time the next test runs', async () => {
    expect(opened).toBeDefined();
    const answer = await fetch(`${opened?.sim.url ?? ''}/api/v1/schedules/`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(answer).toBe('refused');
  });

  it('closes newest first, runs every close and reports a failure', async () => {
    testStarted();
    const order: string[] = [];
    closeAfterTest({ close: () => void order.push('first') });
    closeAfterTest({
      close: async () => {
        order.push('second');
        throw new Error('boom');
      },
    });
    closeAfterTest({ close: () => void order.push('third') });
    await expect(closeAll()).rejects.toThrow('1 clean-up(s) failed');
    expect(order).toEqual(['third', 'second', 'first']);
  });
});

describe('what a file opens before its tests lives for the whole file', () => {
  let shared: Harness | undefined;
  beforeAll(async () => {
    shared = await createHarness({ startMs: Date.parse('2026-03-01T00:00:00Z'), seed: seedOf([]) });
  });
  afterAll(() => shared?.close());

  for (const n of [1, 2]) {
    it(`finds the harness of beforeAll still serving in test ${n}`, async () => {
      const answer = await fetch(`${shared?.sim.url ?? ''}/api/v1/schedules/`).then(
        () => 'answered',
        () => 'refused',
      );
      expect(answer).toBe('answered');
    });
  }
});
