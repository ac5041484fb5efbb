// adv48 r44 #2 (swap): the form's Carol over Sun 12:00–14:00 UTC is answered 504 and applied by the service at 200 s;
// at 150 s the user swaps that Sunday (mine) for Bob's Monday. The swap is made, and says, as the form and take over
// do, that the earlier request may still be applied; when Carol lands over Bob, the late-own notice says so, once.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { boot, createOn, holderAt, solo } from './support/late-own-world';

let h: Harness | undefined;
afterEach(async () => void (await h?.close(), (h = undefined)));

// Me, Bob, Carol in turn from Fri 20 Mar: Sun 29 is mine, Mon 30 Bob's.
const START = Date.parse('2026-03-26T10:00:00Z');
const CAROL = { start: '2026-03-29T12:00:00Z', end: '2026-03-29T14:00:00Z' };
const SWAP = {
  mine: { scheduleId: 'sch_solo', start: '2026-03-29T08:00:00Z', end: '2026-03-30T08:00:00Z' },
  theirs: {
    scheduleId: 'sch_solo',
    start: '2026-03-30T08:00:00Z',
    end: '2026-03-31T08:00:00Z',
    email: 'bob@example.com',
  },
};
const NOTE =
  /Your earlier request \(Carol Lee, .*\) may still be applied by the service; the app watches for it and tells you if it is\.$/;

describe('a swap over an own write that may still land (adv48 r44 #2)', () => {
  for (const restart of [false, true])
    it(`r44-swap-after-late (restart before the press: ${restart}): swapped, with the note`, async () => {
      h = await createHarness({ startMs: START, seed: seedOf([solo(['usr_me', 'usr_bob', 'usr_carol'])]) });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
      let engine = await boot(h);
      h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 200_000, times: 1 });
      const t0 = h.clock.now();
      const form = await createOn(h, engine, 'sch_solo', CAROL, 'carol@example.com');
      expect(form.ok && form.value.status).toBe('not_created');
      if (restart) {
        await h.clock.advance(t0 + 60_000 - h.clock.now());
        await engine.stop();
        engine = await boot(h);
      }
      await h.clock.advance(t0 + 150_000 - h.clock.now());
      const sw = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP), 1000, 300);
      if (!sw.ok) throw new Error(sw.error.message);
      expect([sw.value.mine.state, sw.value.theirs.state]).toEqual(['handed_off', 'handed_off']);
      expect(sw.value.text).toMatch(/^Swapped: Bob Stone covers your /);
      expect(sw.value.text).toMatch(NOTE);
      expect(holderAt(h, '2026-03-29T13:00:00Z', 'sch_solo')).toBe('usr_bob');
      await h.clock.advance(10 * 60_000);
      await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
      await h.clock.advance(60_000);
      expect(holderAt(h, '2026-03-29T13:00:00Z', 'sch_solo')).toBe('usr_carol');
      expect(h.notifier.shown.filter((n) => n.id.startsWith('late-own:'))).toHaveLength(1);
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(3);
    }, 60_000);
});
