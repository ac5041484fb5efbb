// adv48 r18 #3: a swap on a two-person schedule whose first side landed (201), and a manager puts [Bob, Carol] over
// that block before the second side's read. The press rightly sends no second side; but Retry then said "Nothing was
// swapped: Bob's cover of your Mon … was not sent". It was sent and landed: on every Retry it stays in place with
// "Changed since it landed: …", never "not sent", and nothing more is written. Real engine, the simulator, a fake
// clock; overrides counted in the simulator's own state.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { overridesOn, pairSeed, START, windowMs as ms } from './support/pair-world';

// Pair: Mon 3/23 me+Alice, Wed 3/25 Alice+Bob. My Mon for Bob's Wed.
const MON = { start: '2026-03-23T08:00:00Z', end: '2026-03-24T08:00:00Z' };
const WED = { start: '2026-03-25T08:00:00Z', end: '2026-03-26T08:00:00Z' };
const SWAP = {
  mine: { scheduleId: 'sch_pair', ...MON },
  theirs: { scheduleId: 'sch_pair', ...WED, email: 'bob@example.com' },
};

describe('a swap side that landed, then a manager put others over it before the second side', () => {
  it('Retry says it landed and changed since, never "not sent"; nothing more is written', async () => {
    const h = await createHarness({ startMs: START, seed: pairSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
    let n = 0;
    const engine = h.engine({
      wrapClient: (c) => ({
        ...c,
        createOverride: async (id, input) => {
          const answer = await c.createOverride(id, input);
          // Just after side 1 landed, a manager puts Bob and Carol over my Mon.
          if (++n === 1)
            h.sim.state.addOverride('sch_pair', { ...ms(MON), userIds: ['usr_bob', 'usr_carol'] }, h.clock.now());
          return answer;
        },
      }),
    });
    await engine.start();
    await h.clock.advance(1_000);
    const made = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP), 1000, 300);
    if (!made.ok) throw new Error(made.error.message);
    expect(made.value.text).toMatch(/no longer in place, so your cover of .* was not sent/);
    const held = () => overridesOn(h, 'sch_pair').map((o) => [o.startMs, [...o.userIds].sort()]);
    const expected = [
      [ms(MON).startMs, ['usr_alice', 'usr_bob']],
      [ms(MON).startMs, ['usr_bob', 'usr_carol']],
    ];
    expect(held()).toEqual(expected);
    await h.clock.advance(60_000);
    let asked = made.value;
    for (let k = 0; k < 2; k++) {
      const told = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'retry', ...asked }));
      if (!told.ok) throw new Error(told.error.message);
      expect(told.value.text).not.toMatch(/Nothing was swapped/);
      expect(told.value.text).toMatch(/^Bob Stone's cover of your Mon [^,]* landed, and a later change covers it now/);
      expect(told.value.text).toMatch(/Changed since it landed: /);
      expect(told.value.mine.state).toBe('handed_off');
      expect(told.value.theirs.state).not.toBe('handed_off');
      asked = told.value;
    }
    expect(held()).toEqual(expected);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    await engine.stop();
  }, 60_000);
});
