// adv48 r44 #4: Take over Bob is answered 504 and applied by the service at 200 s; at 150 s the user presses Hand
// back. Nothing is there to hand back yet, but the take-over may still be applied: that is said (never "nothing is
// running"), and when it lands after the user asked to hand back, the app tells them, once.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { boot, holderAt, solo } from './support/late-own-world';

let h: Harness | undefined;
afterEach(async () => void (await h?.close(), (h = undefined)));

// Alice, Bob, Carol in turn from Fri 20 Mar: Sat 21 is Bob's.
const START = Date.parse('2026-03-21T10:00:00Z');
const BOB_UNTIL = '2026-03-22T08:00:00Z';
const TAKE = { scheduleId: 'sch_solo', seen: { onCall: ['bob@example.com'], until: BOB_UNTIL } };
const BACK = { scheduleId: 'sch_solo', seen: { to: ['bob@example.com'], until: BOB_UNTIL } };

describe('Hand back while my take-over may still land (adv48 r44 #4)', () => {
  for (const restart of [false, true])
    it(`r44-handback-after-late (restart before the press: ${restart}): said may still apply, then told once`, async () => {
      h = await createHarness({ startMs: START, seed: seedOf([solo(['usr_alice', 'usr_bob', 'usr_carol'])]) });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
      let engine = await boot(h);
      h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 200_000, times: 1 });
      const t0 = h.clock.now();
      const take = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](TAKE));
      expect(take.ok && take.value.outcome.status).toBe('not_created');
      if (restart) {
        await h.clock.advance(t0 + 60_000 - h.clock.now());
        await engine.stop();
        engine = await boot(h);
      }
      await h.clock.advance(t0 + 150_000 - h.clock.now());
      const back = await h.clock.runWhileAdvancing(engine.handlers['take-over:hand-back'](BACK));
      expect(back.ok).toBe(false);
      const said = back.ok ? '' : back.error.message;
      expect(said).not.toMatch(/no take-over of yours from this app is running/);
      expect(said).toMatch(
        /^There is nothing to hand back yet: your take-over \(you, .*\) may still be applied by the service; the app watches for it and tells you if it is\.$/,
      );
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
      expect(holderAt(h, '2026-03-21T12:00:00Z', 'sch_solo')).toBe('rotation');
      await h.clock.advance(10 * 60_000);
      await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
      await h.clock.advance(60_000);
      // The service applied the take-over: me on call, after I asked to hand it back.
      expect(holderAt(h, '2026-03-21T12:00:00Z', 'sch_solo')).toBe('usr_me');
      const told = h.notifier.shown.filter((n) => n.id.startsWith('late-own:'));
      expect(told).toHaveLength(1);
      expect(told[0]?.body).toMatch(
        /^The service applied your take-over late: you now cover .*, after you asked to hand it back\./,
      );
      await h.clock.advance(10 * 60_000);
      await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
      expect(h.notifier.shown.filter((n) => n.id.startsWith('late-own:'))).toHaveLength(1);
    }, 60_000);
});
