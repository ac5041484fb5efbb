// Issue 48, one rule whichever path notices a change: a manager's change already in the app's data (a refresh ran
// between the plan and Create) is said as what changed — "Changed since you planned it: Alice Doe now covers …",
// the words the write path's re-read uses when the app's data is older — never "not a shift of yours", and never a
// raw instant. Swap (either side) and away. It said "that is not a shift of yours the app can read now" (swap) and
// "2026-03-24T08:00:00Z – 2026-03-25T08:00:00Z is not a shift of yours…" (away) before.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness } from '../support/engine-harness';
import { overridesOn, pairSeed, startPairWorld, SWAP, THU, TUE, windowMs as ms } from './support/pair-world';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d/;

/** The world, a manager's change on the service, and (when `refreshed`) the app's data read again after it. */
async function changed(refreshed: boolean, change: (hh: Harness) => void): Promise<Engine> {
  const w = await startPairWorld();
  h = w.h;
  change(w.h);
  if (refreshed) {
    const read = await w.h.clock.runWhileAdvancing(w.engine.handlers['sync:refresh'](null));
    if (!read.ok) throw new Error(read.error.message);
  }
  return w.engine;
}
const aliceOnMyTue = (hh: Harness) =>
  hh.sim.state.addOverride('sch_pair', { ...ms(TUE), userIds: ['usr_alice', 'usr_bob'] }, hh.clock.now());

describe('a change already in the app data is said as the change, as a re-read says it', () => {
  it('swap, my side: said as the change refreshed or not, naming who holds it now, in local words', async () => {
    for (const refreshed of [false, true]) {
      const engine = await changed(refreshed, aliceOnMyTue);
      const answer = await h!.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
      const text = answer.ok ? answer.value.text : answer.error.message;
      // Refreshed, who was planned beside me is no longer known, so Bob (still on call) is named among who holds it.
      expect(text).toMatch(/Changed since you planned it: Alice Doe (and Bob Stone now cover|now covers) Tue 09:00 – /);
      expect(text).not.toMatch(/not a shift of yours/);
      expect(text).not.toMatch(ISO);
      expect(overridesOn(h!, 'sch_solo')).toHaveLength(0);
      await h!.close();
      h = undefined;
    }
  }, 60_000);

  it('swap, their side: Carol no longer holds her Thu in the refreshed data: said as who does', async () => {
    const engine = await changed(true, (hh) =>
      hh.sim.state.addOverride('sch_solo', { ...ms(THU), userIds: ['usr_alice'] }, hh.clock.now()),
    );
    const answer = await h!.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    const text = answer.ok ? answer.value.text : answer.error.message;
    expect(text).toMatch(/Changed since you planned it: Alice Doe now covers Thu /);
    expect(text).not.toMatch(ISO);
    expect(overridesOn(h!, 'sch_pair')).toHaveLength(0);
  }, 60_000);

  it('away: Create after a refresh that shows my Tue gone to Alice says so against the plan shown, in local words', async () => {
    const said: string[] = [];
    for (const refreshed of [false, true]) {
      // Carol is one of Pair's people (an override of hers on Tue 31 Mar, Alice and Bob's day), so the away form could
      // offer her as cover (a cover no schedule of the hand-off lists is refused at Create).
      const carolOnPair = { id: 'ovr_carol', start: '2026-03-31T08:00:00Z', end: '2026-04-01T08:00:00Z' };
      const w = await startPairWorld(pairSeed([{ ...carolOnPair, user_ids: ['usr_carol'] }]));
      h = w.h;
      const plan = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:plan']({}));
      if (!plan.ok) throw new Error(plan.error.message);
      aliceOnMyTue(w.h);
      if (refreshed) await w.h.clock.runWhileAdvancing(w.engine.handlers['sync:refresh'](null));
      const items = [{ scheduleId: 'sch_pair', ...TUE, email: 'carol@example.com' }];
      const made = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }));
      // Unrefreshed, the write path's re-read says it on the item; refreshed, Create says it before anything starts.
      const text = made.ok ? (made.value.run?.items[0]?.message ?? '') : made.error.message;
      expect(text).toMatch(
        /^Changed since you planned it: Alice Doe now covers Tue 09:00 – Wed 09:00 .*, with Bob Stone\. Nothing was sent/,
      );
      expect(text).not.toMatch(ISO);
      expect(overridesOn(w.h, 'sch_pair')).toHaveLength(2);
      said.push(text);
      await w.h.close();
      h = undefined;
    }
    expect(said[1]).toBe(said[0]);
  }, 60_000);
});
