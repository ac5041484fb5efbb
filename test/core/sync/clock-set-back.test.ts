// adv47 r21 #1: the wall clock set back 90 min while the app runs (NTP, the user setting it right). Timers run on
// monotonic delays, but the loop's due times were wall-clock instants after its last probe, so it slept until the
// clock caught up again (45 min without a read while a manager gave my shift away), and a read dated ahead of the
// clock was shown as fresh, "updated in 1 h 19 min". Now a stamp ahead of the clock makes its source due at once,
// and until it is read again it is not fresh and has no age in the future.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { surfaces } from '../truth/support';
import { MIN } from '../../support/time';

const START = Date.parse('2026-03-10T07:30:00Z');
const STEP_AT = Date.parse('2026-03-10T09:10:00Z');
const STEP_MS = -90 * MIN;
/** Tomorrow's 09–17 UTC, mine in the seed (Ops in UTC: Bob 01–09, me 09–17, Alice 17–01). */
const WED = { startMs: Date.parse('2026-03-11T09:00:00Z'), endMs: Date.parse('2026-03-11T17:00:00Z') };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function steppedBack(): Promise<{ h: Harness; engine: ReturnType<Harness['engine']> }> {
  h = await createHarness({ startMs: START, seed: opsSeed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advanceTo(STEP_AT);
  h.clock.stepWall(STEP_MS);
  return { h, engine };
}

describe('the wall clock set back while the app runs', () => {
  it('keeps reading: a manager giving my shift away after the step is seen within the refresh interval', async () => {
    const { h, engine } = await steppedBack();
    // The default idle interval (settings.ts), as the harness's settings leave it.
    const intervalMs = 5 * MIN;
    const before = h.sim.requests.count({ route: 'getSchedule' });
    await h.clock.advance(5 * MIN);
    h.sim.state.addOverride(OPS_ID, { ...WED, userIds: ['usr_alice'] }, h.clock.now());
    // One interval and its jitter (at most 15 s) after the change, it is read.
    await h.clock.advance(intervalMs + 15_000 + 1_000);
    // Probes go on at their cadence: about one per interval over the time since the step, not none.
    const probes = h.sim.requests.count({ route: 'getSchedule' }) - before;
    expect(probes).toBeGreaterThanOrEqual(Math.floor((5 * MIN + intervalMs) / (intervalMs + 15_000)));
    const mine = engine.getState().me.shifts.map((s) => Date.parse(s.start));
    expect(mine).not.toContain(WED.startMs);
    expect(surfaces(engine.getState(), h.clock.now()).status).not.toMatch(/updated in /);
  });

  it('a read dated ahead of the clock is not fresh and says no age in the future until it is read again', async () => {
    const { h, engine } = await steppedBack();
    // Right after the step, before any timer fires: the last read is dated ahead of the clock.
    const lastRead = engine.getState().lastSuccessAt;
    expect(lastRead).not.toBeNull();
    expect(Date.parse(lastRead ?? '')).toBeGreaterThan(h.clock.now());
    const t = surfaces(engine.getState(), h.clock.now());
    expect(engine.getState().schedules.map((s) => s.status.kind)).toEqual(['stale']);
    expect(t.status).not.toMatch(/updated in |— fresh/);
    expect(t.status).toContain('Sync: stale');
  });
});
