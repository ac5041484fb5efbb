// adv48 r43 #1, take over: a take-over answered 504 and applied by the service after the app's 2-minute settle.
// Pressed again in between, the result says the earlier one may still be applied (the app watches for it).
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const TAKE = { scheduleId: 'sch_solo', seen: { onCall: ['bob@example.com'], until: '2026-03-22T08:00:00Z' } };
const DAILY = { zone: 'Etc/UTC', rotationStart: '2026-03-20T08:00:00Z', length: { amount: 1, unit: 'days' as const } };
let h: Harness | undefined;
afterEach(async () => void (await h?.close(), (h = undefined)));

describe('take over: 504 applied after the settle (adv48 r43 #1)', () => {
  for (const lateS of [200, 300])
    it(`applied at ${lateS} s, pressed again at 150 s: its result says the earlier take-over may still be applied`, async () => {
      const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...DAILY }]);
      h = await createHarness({ startMs: Date.parse('2026-03-21T10:00:00Z'), seed });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
      const engine = h.engine();
      await engine.start();
      await h.clock.advance(1_000);
      h.sim.faults.set('createOverride', { status: 504, applyAfterMs: lateS * 1000, times: 1 });
      await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](TAKE));
      await h.clock.advance(150_000);
      const again = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](TAKE));
      if (!again.ok || again.value.outcome.status !== 'created') throw new Error(JSON.stringify(again));
      // Sent (the house's rule after the settle), but never in silence: the earlier one may still be applied.
      expect(again.value.outcome.note).toMatch(
        /^Your earlier request \(you, .*\) may still be applied by the service; the app watches for it and tells you if it is\.$/,
      );
    }, 60_000);
});
