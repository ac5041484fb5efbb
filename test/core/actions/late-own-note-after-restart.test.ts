// adv48 r44 #3: an own write that may still land late (a 504 applied at 200 s) is read back from disk after a restart
// as a claim; a later write over its window still says "Your earlier request (…) may still be applied": the same
// claim as without the restart.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { boot, create, DB, START } from './support/late-own-world';

let h: Harness | undefined;
afterEach(async () => void (await h?.close(), (h = undefined)));

const NOTE =
  /^Your earlier request \((Bob Stone|bob@example\.com), .*\) may still be applied by the service; the app watches for it and tells you if it is\.$/;

describe('the late-own note across a restart (adv48 r44 #3)', () => {
  for (const [restartAt, pressAt] of [
    [60, 150],
    [130, 180],
  ] as const)
    it(`Bob 504 (applied at 200 s), restart at ${restartAt} s, Carol at ${pressAt} s: the note, then one notice`, async () => {
      h = await createHarness({ startMs: START, seed: seedOf([DB]) });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_db'] });
      let engine = await boot(h, {});
      h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 200_000, times: 1 });
      const t0 = h.clock.now();
      const first = await create(h, engine, 'bob@example.com');
      expect(first.ok && first.value.status).toBe('not_created');
      await h.clock.advance(t0 + restartAt * 1000 - h.clock.now());
      await engine.stop();
      engine = await boot(h, {});
      await h.clock.advance(t0 + pressAt * 1000 - h.clock.now());
      const second = await create(h, engine, 'carol@example.com');
      if (!second.ok || second.value.status !== 'created') throw new Error(JSON.stringify(second));
      expect(second.value.note).toMatch(NOTE);
      await h.clock.advance(10 * 60_000);
      await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
      await h.clock.advance(60_000);
      const told = h.notifier.shown.filter((n) => n.id.includes('late-own'));
      expect(told).toHaveLength(1);
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(2);
    }, 60_000);
});
