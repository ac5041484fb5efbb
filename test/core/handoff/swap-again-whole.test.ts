// Issue 48, adversarial round 19 #4 (wording): a swap of my Solo Thu for Bob's Solo Tue answered "Swapped", both sides
// landed; "Swap" pressed again said "Changed since you planned it: you are now on call Tue …" of my own second side.
// The docs: "Your own write is never told as 'changed since you planned it'"; pressed again, the swap finds both sides
// in place and answers "Swapped: …", sending nothing. Real engine, the simulator, a fake clock, a restart too.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

// Solo: one a day from Mon 2 March 08:00Z in the order me, Bob, Carol (me Mon and Thu, Bob Tue).
const seed = seedOf([
  {
    id: 'sch_solo',
    name: 'Solo',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-02T08:00:00Z',
    userIds: ['usr_me', 'usr_bob', 'usr_carol'],
    length: { amount: 1, unit: 'days' as const },
  },
]);
const SWAP = {
  mine: { scheduleId: 'sch_solo', start: '2026-03-05T08:00:00Z', end: '2026-03-06T08:00:00Z' },
  theirs: {
    scheduleId: 'sch_solo',
    start: '2026-03-03T08:00:00Z',
    end: '2026-03-04T08:00:00Z',
    email: 'bob@example.com',
  },
};

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('swap pressed again once it is whole', () => {
  it('finds both sides in place and answers "Swapped", sending nothing (also after a restart)', async () => {
    const hh = (h = await createHarness({ startMs: Date.parse('2026-03-02T10:00:00Z'), seed, files: 'fs' }));
    await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
    let engine = hh.engine({ alarms: false });
    await engine.start();
    await hh.clock.advance(1_000);
    const creates = () => hh.sim.requests.count({ route: 'createOverride' });
    const press = async () => {
      const got = await hh.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP), 1000, 300);
      if (!got.ok) throw new Error(got.error.message);
      return got.value;
    };
    expect((await press()).text).toMatch(/^Swapped: /);
    expect(creates()).toBe(2);
    await hh.clock.advance(10_000);
    const again = await press();
    expect(again.text).not.toMatch(/Changed since/);
    expect(again.text).toMatch(/^Swapped: /);
    expect([again.mine.state, again.theirs.state]).toEqual(['handed_off', 'handed_off']);
    expect(creates()).toBe(2);
    await engine.stop();
    await hh.clock.advance(10_000);
    engine = hh.engine({ alarms: false });
    await engine.start();
    await hh.clock.advance(1_000);
    const restarted = await press();
    expect(restarted.text).not.toMatch(/Changed since/);
    expect(restarted.text).toMatch(/^Swapped: /);
    expect(creates()).toBe(2);
    expect(hh.sim.state.schedules.get('sch_solo')?.overrides).toHaveLength(2);
    await engine.stop();
  }, 30_000);
});
