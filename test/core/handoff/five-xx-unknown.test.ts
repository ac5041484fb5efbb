// Adversarial round 16 (#3): an away item whose write got a 5xx and that the schedule does not show yet may still be
// applied by the service. It is "outcome unknown (checking…)" in the run's summary and in its own headline, never
// "did not land" (which it would contradict, and which is false once it lands late). Real engine, the simulator, a
// fake clock; the expected words are written out here, not taken from the app's text module.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-24T10:00:00Z');

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('an away item answered with a 5xx', () => {
  it.each([500, 504])(
    'HTTP %i: summary and headline say outcome unknown, never did not land',
    async (status) => {
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
      expect(items).toHaveLength(1);
      h.sim.faults.set('createOverride', { status, times: 1 });
      const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 300);
      if (!made.ok) throw new Error('create failed');
      const said = made.value.said;
      if (!said) throw new Error('nothing said');
      const id = made.value.run?.items[0]?.id ?? '';
      expect(said.summary).toBe('0 of 1 handed off · 1 outcome unknown (checking…)');
      expect(said.items[id]).toMatch(/^Outcome unknown \(checking…\): /);
      expect(said.items[id]).toContain(`HTTP ${status}`);
      expect(said.summary + said.items[id]).not.toMatch(/did not land/i);
      await engine.stop();
    },
    30_000,
  );
});
