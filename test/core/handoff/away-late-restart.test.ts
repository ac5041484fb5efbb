// Issue 48, adversarial round 16 #1: an away item answered 503 that the service applies within its settle, with the
// app stopped and started again around it. The write is mine after the restart too: never announced as someone
// else's change ("Your shift was removed" / "Your shift was changed"). Real engine, the simulator (applyAfterMs), a
// real data folder, a fake clock, a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { MIN } from '../../support/time';

const START = Date.parse('2026-03-10T06:00:00Z');
// Desk on New York time: me 19–03Z, Bob 03–11Z, Alice 11–19Z, every day.
const seed = seedOf([
  {
    id: 'sch_desk',
    name: 'Desk',
    zone: 'America/New_York',
    rotationStart: '2026-03-01T19:00:00Z',
    userIds: ['usr_me', 'usr_bob', 'usr_alice'],
    length: { amount: 8, unit: 'hours' as const },
  },
]);

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ANOTHERS = /^Your shift was (removed|changed)/;

describe('adv48 r16 #1: an away write answered 503 and applied late, across a restart', () => {
  it.each([
    ['applied before the stop (said saved after all)', 30_000, 60_000],
    ['applied while the app is down', 90_000, 60_000],
  ])(
    '%s: no notice of someone else’s change',
    async (_what, lateMs, stopMs) => {
      h = await createHarness({ startMs: START, seed, files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_desk'] });
      let engine = h.engine({ alarms: false });
      await engine.start();
      await h.clock.advance(MIN);
      const plan = await h.clock.runWhileAdvancing(
        engine.handlers['handoff:plan']({ range: { from: '2026-03-11', to: '2026-03-11' } }),
      );
      if (!plan.ok) throw new Error('plan failed');
      const items = plan.value.rows.map((r) => ({ ...r, email: 'alice@example.com' }));
      h.sim.faults.set('createOverride', { status: 503, applyAfterMs: lateMs, times: 1 });
      const sentMs = h.clock.now();
      await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 300);
      await h.clock.runWhileAdvancing(h.clock.advance(stopMs - (h.clock.now() - sentMs)), 1000, 300);
      await engine.stop();
      await h.clock.advance(10 * MIN);

      engine = h.engine({ alarms: false });
      await engine.start();
      await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 60);
      await h.clock.advance(5 * MIN);
      await engine.handlers['sync:refresh'](null);
      await h.clock.advance(2 * MIN);
      await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 60);

      const after = h.notifier.shown.filter((n) => n.atMs > sentMs);
      expect(after.map((n) => n.title).filter((t) => ANOTHERS.test(t))).toEqual([]);
      const got = await engine.handlers['handoff:get'](null);
      // Settled as handed off (the file goes then), or still shown as such: never "did not land".
      const states = got.ok ? (got.value.run?.items.map((i) => [i.state, i.message]) ?? []) : [['unread', '']];
      for (const [state] of states) expect(state).toBe('handed_off');
      expect(states.some(([, m]) => m === 'Handed off ✓ (it was saved after all)') || states.length === 0).toBe(true);
      // One POST per item (the first answered 503): nothing sent again.
      expect(h.sim.requests.all().filter((r) => r.method === 'POST')).toHaveLength(items.length);
      await engine.stop();
    },
    60_000,
  );
});
