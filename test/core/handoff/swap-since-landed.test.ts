// Issue 48, adversarial round 3 F3: Check and Retry on a swap that landed say what the service holds now, not what
// the app remembers. After a restart (the form holds the swap; the engine is new), a manager gave the Thu I took over
// to Alice: Check said "Swapped" from memory. Pair world: my Tue on Pair (with Bob) for Carol's Thu on Solo.
import { describe, expect, it } from 'vitest';
import { overridesOn, startPairWorld, SWAP, THU, windowMs as ms } from './support/pair-world';

describe('a swap that landed, changed since by a manager', () => {
  for (const action of ['check', 'retry'] as const)
    it(`${action} after a restart re-reads both sides and says what changed, sending nothing`, async () => {
      const { h, engine } = await startPairWorld();
      const made = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
      if (!made.ok) throw new Error(made.error.message);
      expect(made.value.text).toMatch(/^Swapped: /);
      await engine.stop();
      const again = h.engine();
      await again.start();
      await h.clock.advance(1_000);
      h.sim.state.addOverride('sch_solo', { ...ms(THU), userIds: ['usr_alice'] }, h.clock.now());
      const posts = h.sim.requests.count({ route: 'createOverride' });
      const told = await h.clock.runWhileAdvancing(again.handlers['swap:settle']({ action, ...made.value }));
      if (!told.ok) throw new Error(told.error.message);
      expect(told.value.text).toMatch(/Changed since it landed: Alice Doe now covers Thu 09:00 – Fri 09:00/);
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(posts);
      expect(overridesOn(h, 'sch_pair')).toHaveLength(1);
    }, 60_000);

  it('check with nothing changed says only what landed (both sides read, still in place)', async () => {
    const { h, engine } = await startPairWorld();
    const made = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!made.ok) throw new Error(made.error.message);
    const told = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'check', ...made.value }));
    expect(told.ok && told.value.text).toBe(made.value.text);
  }, 60_000);
});
