// Issue 48, adv48 r40 F1: a manager gives my Tue (with Bob) to Carol + someone just before I press Swap (my Tue for
// Carol's Thu). Pressed once the app's data had aged (~10 min: the swap re-reads first), the schedule showing Carol
// over my Tue without me was taken for "Already in place from an earlier press" (there was none) and my cover of
// Carol's Thu was written; at 3 min the same world was refused. "In place from an earlier press" is proven only by
// the app's own-write record: at any age nothing is written and the change is said, in the same words.
// Real engine, the simulator, a fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { SEED_USERS } from '../support/seeds';
import { overridesOn, startPairWorld, SWAP, TUE, windowMs } from './support/pair-world';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const nameOf = (id: string) => Object.values(SEED_USERS).find((u) => u.id === id)?.name ?? id;

/** The pair world after `minutes`, a manager's override over my exact Tue with `users`, then Swap pressed. */
async function pressAfter(minutes: number, users: string[]) {
  const w = await startPairWorld();
  h = w.h;
  await w.h.clock.advance(minutes * 60_000);
  w.h.sim.state.addOverride('sch_pair', { ...windowMs(TUE), userIds: users }, w.h.clock.now());
  const posts = w.h.sim.requests.count({ route: 'createOverride' });
  const r = await w.h.clock.runWhileAdvancing(w.engine.handlers['swap:create'](SWAP));
  const said = r.ok ? [r.value.mine.message, r.value.theirs.message].filter((m) => m !== '') : [r.error.message];
  const states = r.ok ? [r.value.mine.state, r.value.theirs.state] : [];
  return { posts: w.h.sim.requests.count({ route: 'createOverride' }) - posts, said, states };
}

describe('Swap after a manager gave my Tue to Carol, at any age of the app', () => {
  it.each([
    [3, ['usr_carol', 'usr_alice']],
    [11, ['usr_carol', 'usr_alice']],
    [11, ['usr_carol', 'usr_bob']],
    [30, ['usr_carol', 'usr_alice']],
  ])(
    'at %i min, Tue now %j: nothing written, the change said',
    async (minutes, users) => {
      const { posts, said, states } = await pressAfter(minutes, users);
      expect(posts).toBe(0);
      expect(overridesOn(h!, 'sch_solo')).toEqual([]);
      expect(states).not.toContain('handed_off');
      expect(said.join()).not.toMatch(/earlier press|in place/);
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/^Changed since you planned it: /);
      for (const id of users) expect(said[0]).toContain(nameOf(id));
    },
    60_000,
  );

  it('says the same words at 3 and at 11 min (one world, one answer)', async () => {
    const early = await pressAfter(3, ['usr_carol', 'usr_alice']);
    await h?.close();
    const late = await pressAfter(11, ['usr_carol', 'usr_alice']);
    expect(late.said).toEqual(early.said);
  }, 60_000);

  it.each([3, 11])(
    'control at %i min, nothing changed: both sides written',
    async (minutes) => {
      const w = await startPairWorld();
      h = w.h;
      await w.h.clock.advance(minutes * 60_000);
      const r = await w.h.clock.runWhileAdvancing(w.engine.handlers['swap:create'](SWAP));
      if (!r.ok) throw new Error(r.error.message);
      expect([r.value.mine.state, r.value.theirs.state]).toEqual(['handed_off', 'handed_off']);
      expect(w.h.sim.requests.count({ route: 'createOverride' })).toBe(2);
    },
    60_000,
  );
});
