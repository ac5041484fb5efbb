// adv52 r25 (every Retry-After gate): the wall clock a year ahead for a moment, the service answers 429 with
// Retry-After: 60 then, and the clock is put back. The wait is 60 s from when it was asked: the sources are read
// again within it once the clock is right, and the app never says it waits "until" a year-ahead instant. Real
// engine, simulator, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MIN } from '../../support/time';
import { formatTime } from '../../../electron/shared/day-word';

const START = Date.parse('2026-03-25T10:00:00Z');
const YEAR = 365 * 24 * 60 * MIN;
const WAIT_MS = 60_000;
/** The loop's jitter on an unattended poll is at most 15 s (loop.ts). */
const JITTER_MS = 15_000;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The engine after one 429 (Retry-After: 60) met by a refresh; `stepMs`: the wall clock that far ahead while it was
 *  met, then put back (0: the world without the step, the control). */
async function waitTaken(stepMs: number) {
  const w = await createHarness({ startMs: START, seed: threeZoneSeed() });
  h = w;
  await seedSettings(w, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const engine = w.engine();
  await engine.start();
  await w.clock.advance(10 * MIN);
  w.clock.stepWall(stepMs);
  w.sim.faults.set('*', { status: 429, retryAfter: String(WAIT_MS / 1000) });
  await engine.handlers['sync:refresh'](null);
  expect(w.sim.requests.count({ status: 429 })).toBeGreaterThan(0);
  w.sim.faults.clear();
  w.sim.requests.clear();
  w.clock.stepWall(-stepMs);
  return { h: w, engine };
}

/** How long after the 429 the first schedule is read again (the loop's own backoff after the Retry-After). */
async function firstReadAfter(stepMs: number): Promise<number> {
  const { h: w } = await waitTaken(stepMs);
  const fromMs = w.clock.now();
  while (w.sim.requests.count({ route: 'getSchedule' }) === 0 && w.clock.now() - fromMs < 30 * MIN)
    await w.clock.advance(5_000);
  const tookMs = w.clock.now() - fromMs;
  await w.close();
  h = undefined;
  return tookMs;
}

describe('a service wait taken while the clock was a year ahead, after the clock is put back', () => {
  it('says no wait past what was asked, from now', async () => {
    const { h, engine } = await waitTaken(YEAR);
    const sync = engine.getState().sync;
    const said = sync.kind === 'error' ? sync.message : '';
    expect(said).not.toMatch(/2027/);
    // The instant it does say is within the asked wait from now (to the minute, rounded up).
    const until = /wait until (\d\d:\d\d)/.exec(said)?.[1];
    const latest = formatTime(Math.ceil((h.clock.now() + WAIT_MS) / MIN) * MIN, { localZone: 'Europe/Berlin' });
    if (until !== undefined) expect(until <= latest).toBe(true);
  });

  it('reads the sources again as soon as it would have without the clock step', async () => {
    const control = await firstReadAfter(0);
    const stepped = await firstReadAfter(YEAR);
    expect(control).toBeLessThan(30 * MIN);
    expect(stepped).toBeLessThanOrEqual(control + JITTER_MS);
  });
});
