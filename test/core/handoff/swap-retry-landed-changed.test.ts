// Issue 48, adversarial round 16 #2: a swap whose first side landed (201) and whose second did not (a 409, or a 503
// the service applies late), then a manager changes my block. Retry says the first side as landed and changed since
// ("Changed since it landed: …"), never "changed since you planned it" or "not sent"; a second Retry never says
// "Nothing was swapped … was not sent"; and a second side that may have landed is read before it is called not sent.
// Real engine, the simulator (applyAfterMs), a fake clock.
import { describe, expect, it } from 'vitest';
import { overridesOn, startPairWorld, SWAP, TUE, windowMs as ms } from './support/pair-world';

describe('swap Retry after a manager changed the side that landed', () => {
  it.each([
    ['refused (409)', { status: 409, times: 1, pathIncludes: 'sch_solo' }, false],
    ['answered 503 and applied late', { status: 503, times: 1, pathIncludes: 'sch_solo', applyAfterMs: 200_000 }, true],
  ] as const)(
    'second side %s: Retry says the first landed and changed since',
    async (_what, fault, lands) => {
      const { h, engine } = await startPairWorld();
      h.sim.faults.set('createOverride', { ...fault });
      const made = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP), 1000, 300);
      if (!made.ok) throw new Error(made.error.message);
      expect(made.value.mine.state).toBe('handed_off');
      await h.clock.runWhileAdvancing(h.clock.advance(150_000), 1000, 300);
      // A manager puts Alice (with Bob) over my Tue, on top of Carol's cover.
      h.sim.state.addOverride('sch_pair', { ...ms(TUE), userIds: ['usr_alice', 'usr_bob'] }, h.clock.now());
      await h.clock.runWhileAdvancing(h.clock.advance(100_000), 1000, 300);
      const posts = h.sim.requests.count({ route: 'createOverride' });
      let asked = made.value;
      for (let n = 0; n < 2; n++) {
        const told = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'retry', ...asked }));
        if (!told.ok) throw new Error(told.error.message);
        expect(told.value.text).toMatch(
          /Changed since it landed: Alice Doe (now covers|is now on call with Bob Stone)/,
        );
        expect(told.value.text).not.toMatch(/changed since you planned it/i);
        expect(told.value.text).not.toMatch(/Nothing was swapped/);
        expect(told.value.mine.state).toBe('handed_off');
        if (lands) expect(told.value.theirs.state).toBe('handed_off');
        asked = told.value;
      }
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(posts);
      expect(overridesOn(h, 'sch_solo')).toHaveLength(lands ? 1 : 0);
    },
    60_000,
  );
});
