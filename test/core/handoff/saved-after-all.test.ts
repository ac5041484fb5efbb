// Adversarial round 10 (#1 follow-up): an away item whose answer was lost and that the schedule did not show when it
// was checked reads "Can't confirm it". A service that applies the write late (the simulator's applyAfterMs) shows it
// afterwards: the item keeps being looked at until its block starts, and when the override shows it says once
// "Handed off ✓ (it was saved after all)". Nothing is ever sent again. Real engine, the simulator, a fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-24T10:00:00Z');

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const creates = (x: Harness) => x.sim.requests.all().filter((r) => r.method === 'POST');

describe('a "Can\'t confirm" item whose write the service applies late', () => {
  it.each([
    ['reset', 40_000],
    ['504', 40_000],
    ['reset', 200_000],
  ] as const)(
    'answer %s, applied %i ms late: said handed off once it shows, nothing sent again',
    async (how, lateMs) => {
      h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
      const engine = h.engine();
      await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
      const plan = await h.clock.runWhileAdvancing(
        engine.handlers['handoff:plan']({ range: { from: '2026-03-26', to: '2026-03-26' } }),
      );
      if (!plan.ok) throw new Error('plan failed');
      const items = plan.value.rows
        .filter((r) => r.scheduleId.endsWith('sch_berlin'))
        .map((r) => ({ ...r, email: 'alice@example.com' }));
      h.sim.faults.set(
        'createOverride',
        how === 'reset'
          ? { reset: true, applyAfterMs: lateMs, times: 1 }
          : { status: 504, applyAfterMs: lateMs, times: 1 },
      );
      await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 300);
      const seen: string[] = [];
      for (let s = 0; s < 30; s++) {
        await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 60);
        const got = await engine.handlers['handoff:get'](null);
        const id = got.ok ? (got.value.run?.items[0]?.id ?? '') : '';
        const said = got.ok ? (got.value.said?.items[id] ?? '') : '';
        if (seen.at(-1) !== said) seen.push(said);
        await h.clock.advance(20_000);
      }
      // Said "can't confirm" first, then corrected once, and never changed again.
      expect(seen).toHaveLength(2);
      expect(seen[0]).toMatch(/Can't confirm/);
      expect(seen.at(-1)).toBe('Handed off to Alice Doe ✓ (it was saved after all)');
      expect(creates(h)).toHaveLength(1);
      await engine.stop();
    },
    60_000,
  );
});
