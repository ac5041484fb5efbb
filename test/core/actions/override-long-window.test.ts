// Issue 48, adversarial round 1 (finding 3): the override form's Create over a window longer than one shifts read may
// span (the service takes at most 366 days) read only the first year, never saw the identical override it had made,
// and wrote it again on every Create and after a restart. The window is read whole, in pieces: one override, ever.
// Solo, daily from 08:00 UTC (Alice, Bob, Carol).
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const DAY = 86_400_000;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function started(): Promise<Harness> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily }]);
  h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  return h;
}

const windowOf = (days: number) => {
  const startMs = Date.parse('2026-04-04T08:00:00Z');
  return {
    kind: 'custom' as const,
    start: new Date(startMs).toISOString(),
    end: new Date(startMs + days * DAY).toISOString(),
  };
};

describe('override form Create over a window longer than one read', () => {
  for (const days of [365, 366, 400])
    it(`${days} days without a preview: a second Create and one after a restart send nothing`, async () => {
      const hh = await started();
      let engine = hh.engine();
      await engine.start();
      await hh.clock.advance(1_000);
      const request = { scheduleId: 'sch_solo', window: windowOf(days), emails: ['carol@example.com'] };
      const first = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](request));
      expect(first.ok && first.value.status).toBe('created');
      await hh.clock.advance(60_000);
      const again = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](request));
      expect(again.ok && again.value.status).toBe('created_unconfirmed');
      await engine.stop();
      engine = hh.engine();
      await engine.start();
      await hh.clock.advance(1_000);
      const later = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](request));
      expect(later.ok && later.value.status).toBe('created_unconfirmed');
      expect(later.ok && 'message' in later.value && later.value.message).toMatch(/already in place.*nothing was sent/);
      expect(hh.sim.state.schedules.get('sch_solo')?.overrides).toHaveLength(1);
      await engine.stop();
    }, 60_000);

  it('400 days with a preview (replaces): read whole, sent once, then already in place', async () => {
    const hh = await started();
    const engine = hh.engine();
    await engine.start();
    await hh.clock.advance(1_000);
    const request = { scheduleId: 'sch_solo', window: windowOf(400), emails: ['carol@example.com'] };
    const preview = await hh.clock.runWhileAdvancing(engine.handlers['override:preview'](request));
    expect(preview.ok).toBe(true);
    const replaces = preview.ok ? preview.value.replaces.map((p) => p.email) : [];
    const first = await hh.clock.runWhileAdvancing(engine.handlers['override:create']({ ...request, replaces }));
    expect(first.ok && first.value.status).toBe('created');
    const again = await hh.clock.runWhileAdvancing(engine.handlers['override:create']({ ...request, replaces }));
    expect(again.ok && again.value.status).toBe('created_unconfirmed');
    expect(hh.sim.state.schedules.get('sch_solo')?.overrides).toHaveLength(1);
  }, 60_000);
});
