// Issue 47, adversarial round 16, finding 4: an "I'm away" write that gets a 504 and that the service applies 20
// minutes later is my own hand-off. Its landing corrects the reminder already shown, in the own-override wording
// ("Not on call at 20:00 after all | Alice Doe covers Desk 20:00–00:00 … instead of you"), never "Your shift was
// changed" as if someone else had done it. Real engine, the simulator, a fake clock (the harness is in Berlin).
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

describe('adv47 r16 #4: an away write that lands late', () => {
  it('corrects the shown reminder as my own hand-off, not as a change by someone else', async () => {
    h = await createHarness({ startMs: START, seed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_desk'] });
    const engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advance(MIN);
    // The reminder of my Desk block (Tue 20:00 Berlin) was shown: it is what a correction corrects.
    expect(h.notifier.shown.some((n) => /20:00/.test(n.body) && n.id.includes('sch_desk'))).toBe(true);
    const plan = await h.clock.runWhileAdvancing(
      engine.handlers['handoff:plan']({ range: { from: '2026-03-10', to: '2026-03-10' } }),
    );
    if (!plan.ok) throw new Error('plan failed');
    const items = plan.value.rows.map((r) => ({ ...r, email: 'alice@example.com' }));
    expect(items.map((i) => [i.start, i.end])).toEqual([['2026-03-10T19:00:00.000Z', '2026-03-10T23:00:00.000Z']]);
    h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 20 * MIN, times: 1 });
    const sentMs = h.clock.now();
    await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 300);
    await h.clock.advance(30 * MIN);
    await engine.handlers['sync:refresh'](null);
    await h.clock.advance(2 * MIN);

    const after = h.notifier.shown.filter((n) => n.atMs > sentMs);
    expect(after.map((n) => n.title)).not.toContain('Your shift was changed');
    const corrections = after.filter((n) => /^Not on call at 20:00 .*after all$/.test(n.title));
    expect(corrections).toHaveLength(1);
    expect(corrections[0]?.body).toMatch(/^Alice Doe covers Desk 20:00–00:00 .*instead of you/);
    await engine.stop();
  }, 60_000);
});
