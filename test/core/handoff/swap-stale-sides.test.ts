// Issue 48, adversarial round 2: a swap reads BOTH sides before it writes anything. Their shift already changed (or
// its schedule gone) when Swap is pressed: nothing is sent, mine included, and the answer says what changed. A
// Retry after a manager undid the side that landed: the second side is not written (I would hold both) and the
// answer says the first is no longer in place, never "Swapped". Pair world: my Tue 3/24 is with Bob; Carol is alone
// on Solo.
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { overridesOn, startPairWorld, SWAP, THU, TUE, windowMs as ms } from './support/pair-world';

let h: Harness | undefined;
describe('swap: their side already stale when Swap is pressed', () => {
  it('their Thu went to Alice: nothing is written on either side, and it says Alice now covers it', async () => {
    const w = await startPairWorld();
    h = w.h;
    h.sim.state.addOverride('sch_solo', { ...ms(THU), userIds: ['usr_alice'] }, h.clock.now());
    const res = await h.clock.runWhileAdvancing(w.engine.handlers['swap:create'](SWAP));
    if (!res.ok) throw new Error(res.error.message);
    expect([res.value.mine.state, res.value.theirs.state]).toEqual(['not_sent', 'changed']);
    expect(res.value.text).toMatch(/^Nothing was swapped: .*Changed since you planned it: Alice Doe now covers Thu/);
    expect(overridesOn(h, 'sch_pair')).toHaveLength(0);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);

  it('their schedule was deleted: nothing is written on my side either', async () => {
    const w = await startPairWorld();
    h = w.h;
    h.sim.state.deleteSchedule('sch_solo');
    const res = await h.clock.runWhileAdvancing(w.engine.handlers['swap:create'](SWAP));
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value.mine.state).toBe('not_sent');
    expect(res.value.text).toMatch(/^Nothing was swapped: .*could not be read/);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);
});

describe('swap Retry after the landed side was undone by a manager', () => {
  it('does not write my cover of Carol, and says Carol no longer covers my Tue', async () => {
    const w = await startPairWorld();
    h = w.h;
    const { engine } = w;
    h.sim.faults.set('createOverride', { status: 502, times: 1, pathIncludes: 'sch_solo' });
    const half = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!half.ok) throw new Error(half.error.message);
    expect([half.value.mine.state, half.value.theirs.state]).toEqual(['handed_off', 'unknown']);
    // Manager: me and Bob on my Tue again (Carol's cover of me is gone).
    h.sim.state.addOverride('sch_pair', { ...ms(TUE), userIds: ['usr_bob', 'usr_me'] }, h.clock.now());
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    const retried = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'retry', ...half.value }));
    if (!retried.ok) throw new Error(retried.error.message);
    // It landed (201): in place under the manager's change, said as changed since it landed (adv48 r16 #2).
    expect(retried.value.mine.state).toBe('handed_off');
    expect(retried.value.text).toMatch(
      /^Carol Lee's cover of your Tue .* landed, and a later change covers it now, so your cover of Carol Lee's Thu .* was not sent\. Changed since it landed: you are now on call with Bob Stone Tue/,
    );
    expect(overridesOn(h, 'sch_solo')).toHaveLength(0);
  }, 60_000);
});

// Adversarial round 4 #1: the same rule at Swap itself. Side 1 lands, then a manager undoes it before side 2 is
// sent: side 1 is read again just before side 2 (as Retry does), side 2 is not written, and it is never "Swapped".
describe('swap: the first side undone by a manager between the two writes', () => {
  it.each([
    ['puts me back on my Tue', ['usr_bob', 'usr_me'], /you are now on call with Bob Stone Tue/],
    ['gives my Tue to Alice', ['usr_bob', 'usr_alice'], /Alice Doe is now on call with Bob Stone Tue/],
  ])(
    'a manager %s: my cover of Carol is not sent',
    async (_, userIds, said) => {
      const w = await startPairWorld();
      h = w.h;
      const sim = h.sim.state;
      const add = sim.addOverride.bind(sim);
      let n = 0;
      // Right after the app's first side lands, a manager's override over my Tue.
      sim.addOverride = (id, o, at) => {
        const made = add(id, o, at);
        if (++n === 1) add('sch_pair', { ...ms(TUE), userIds }, at);
        return made;
      };
      const res = await h.clock.runWhileAdvancing(w.engine.handlers['swap:create'](SWAP));
      if (!res.ok) throw new Error(res.error.message);
      // Side 1 landed: kept as landed with what holds now, so a Retry never calls it "not sent" (adv48 r18 #3).
      expect([res.value.mine.state, res.value.theirs.state]).toEqual(['handed_off', 'not_sent']);
      expect(res.value.mine.message).toMatch(/^Changed since it landed: /);
      expect(res.value.text).toMatch(
        /^Carol Lee's cover of your Tue .* is no longer in place, so your cover of Carol Lee's Thu .* was not sent\. Changed since you planned it: /,
      );
      expect(res.value.text).toMatch(said);
      expect(overridesOn(h, 'sch_solo')).toHaveLength(0);
    },
    60_000,
  );
});
