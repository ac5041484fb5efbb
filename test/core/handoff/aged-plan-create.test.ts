// Issue 48, adversarial round 6 #3: an away plan made days ahead, Create pressed after my block began (nothing
// changed on a one-person schedule) was refused "who else is on call changes within …": the app judged the item on
// its own aged data (a read older than the last one) instead of what the service holds now. Create reads again and
// writes it once when it is unchanged. Real engine, simulator, fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

// Solo, one at a time, daily at 08:00 UTC: 3/20 me, 3/21 Alice, 3/22 Bob, 3/23 me (until 3/24 08:00Z). The app's
// zone is Berlin: Tue 3/24 is 3/23 23:00Z on.
const START = Date.parse('2026-03-21T10:00:00Z');
const RANGE = { from: '2026-03-24', to: '2026-03-24' };
const ROW = { start: '2026-03-23T23:00:00.000Z', end: '2026-03-24T08:00:00.000Z' };

async function world() {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_alice', 'usr_bob'], ...daily }]);
  const h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

describe('away: Create on a plan made days ahead, after my block began', () => {
  it('five minutes before the row (my block long begun), nothing changed: written once', async () => {
    const offsetMs = -5 * 60_000;
    const { h, engine } = await world();
    const plan = await h.clock.runWhileAdvancing(engine.handlers['handoff:plan']({ range: RANGE }));
    const row = plan.ok ? plan.value.rows.find((r) => r.scheduleId === 'sch_solo') : undefined;
    expect([row?.start, row?.end]).toEqual([ROW.start, ROW.end]);
    await h.clock.advance(Date.parse(ROW.start) + offsetMs - h.clock.now());
    const items = [{ scheduleId: 'sch_solo', ...ROW, email: 'bob@example.com' }];
    const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
    expect(made.ok ? made.value.run?.items.map((i) => i.state) : made.error.message).toEqual(['handed_off']);
    const overrides = h.sim.state.schedules.get('sch_solo')?.overrides ?? [];
    expect(overrides).toHaveLength(1);
  }, 60_000);
});
