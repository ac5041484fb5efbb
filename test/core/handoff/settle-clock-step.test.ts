// adv48 round 31 #1: I'm away and swap, a write answered 503 that the service applies 40 s later, then the machine's
// wall clock steps 10 min forward (NTP) while the service's does not. Retry 5 s on must not send it again: the 2
// minutes the service is given are real minutes. Real engine, simulator over loopback (on its own steady clock), fake
// clock; the count is read from the simulator's own state.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const LATE_503 = { status: 503, applyAfterMs: 40_000, times: 1 };
const STEP_MS = 10 * 60_000;
const overridesOn = (h: Harness, id: string) => h.sim.state.schedules.get(id)?.overrides.length ?? 0;

async function started(scheduleId: string) {
  const h = await createHarness({ startMs: START, seed: threeZoneSeed(), serviceClock: 'steady' });
  await seedSettings(h, { email: ME, scheduleIds: [scheduleId] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

describe('the settle after a 503 is real minutes, whatever the wall clock does', () => {
  it("I'm away: the wall clock steps 10 min forward after the 503, Retry 5 s on writes the block once", async () => {
    const { h, engine } = await started('sch_berlin');
    const plan = await h.clock.runWhileAdvancing(
      engine.handlers['handoff:plan']({ range: { from: '2026-03-26', to: '2026-03-26' } }),
    );
    if (!plan.ok) throw new Error(plan.error.message);
    const items = plan.value.rows.map((x) => ({ ...x, email: 'alice@example.com' }));
    expect(items).toHaveLength(1);
    h.sim.faults.set('createOverride', LATE_503);
    await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
    h.clock.stepWall(STEP_MS);
    await h.clock.advance(5_000);
    await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    await h.clock.advance(3 * 60_000);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await h.clock.advance(20_000);
    await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    expect(overridesOn(h, 'sch_berlin')).toBe(1);
    await h.close();
  });

  it('swap: the second side answered 503, the wall clock steps 10 min forward, Retry 5 s on sends nothing', async () => {
    const { h, engine } = await started('sch_tokyo');
    const args = {
      mine: { scheduleId: 'sch_tokyo', start: '2026-03-26T01:00:00.000Z', end: '2026-03-28T01:00:00.000Z' },
      theirs: {
        scheduleId: 'sch_tokyo',
        start: '2026-03-28T01:00:00.000Z',
        end: '2026-03-30T01:00:00.000Z',
        email: 'carol@example.com',
      },
    };
    // the first side goes through; the second is answered 503 and applied 40 s later
    const made = engine.handlers['swap:create'](args);
    const arm = setInterval(() => {
      if (h.sim.requests.count({ route: 'createOverride' }) < 1) return;
      h.sim.faults.set('createOverride', LATE_503);
      clearInterval(arm);
    }, 0);
    const first = await h.clock.runWhileAdvancing(made);
    clearInterval(arm);
    if (!first.ok) throw new Error(first.error.message);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(2);
    h.clock.stepWall(STEP_MS);
    await h.clock.advance(5_000);
    const { mine, theirs, back } = first.value;
    await h.clock.runWhileAdvancing(
      engine.handlers['swap:settle']({ action: 'retry', mine, theirs, back: back ?? null }),
    );
    await h.clock.advance(60_000);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(2);
    expect(overridesOn(h, 'sch_tokyo')).toBe(2);
    await h.close();
  });
});
