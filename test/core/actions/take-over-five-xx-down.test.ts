// Issue 48, adversarial round 19 #2: Take over answered 503 (not applied) while the service is down just after (its
// check read fails too) was never sent again, and every press once the service was back said "Changed since you
// created it: Bob now covers it … its answer never came", though nobody changed anything. The away rule (adv48 r18
// #1) holds for take over too: the service answered, so it is an error answer; inside the 2 minutes a press says it
// is checking, and after them, not shown with the revision unmoved, it is sent once. Real engine, the simulator (down
// from the POST for 30 s), a fake clock; overrides counted in the simulator's own state.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

// Solo: one a day from Mon 2 March 08:00Z in the order me, Bob, Carol (Bob on Tue).
const seed = seedOf([
  {
    id: 'sch_solo',
    name: 'Solo',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-02T08:00:00Z',
    userIds: ['usr_me', 'usr_bob', 'usr_carol'],
    length: { amount: 1, unit: 'days' as const },
  },
]);
const TAKE = { scheduleId: 'sch_solo', fromEmail: 'bob@example.com' };

describe('take over answered 503 whose check read failed (the service down just after)', () => {
  it('is checked once the schedule reads again and, after the 2 minutes, sent once; never "never came"', async () => {
    const h = await createHarness({ startMs: Date.parse('2026-03-03T10:00:00Z'), seed });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
    let first = true;
    const engine = h.engine({
      alarms: false,
      wrapClient: (c) => ({
        ...c,
        createOverride: (id, input) => {
          if (first) h.sim.faults.set('*', { status: 503 });
          first = false;
          return c.createOverride(id, input);
        },
      }),
    });
    await engine.start();
    await h.clock.advance(1_000);
    const creates = () => h.sim.requests.count({ route: 'createOverride' });
    const overrides = () => h.sim.state.schedules.get('sch_solo')?.overrides ?? [];
    const press = async () => JSON.stringify(await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](TAKE)));

    expect(await press()).toMatch(/HTTP 503\) and the schedule could not be checked/);
    await h.clock.advance(30_000);
    h.sim.faults.clear();
    await h.clock.advance(30_000);
    // Inside the 2 minutes: nothing sent, still checking (an error answer, not a change).
    const inside = await press();
    expect(inside).not.toMatch(/never came|Changed since/);
    expect(inside).toMatch(/checking/i);
    expect(creates()).toBe(1);
    await h.clock.advance(90_000);
    const after = await press();
    expect(after).not.toMatch(/never came|Changed since/);
    expect(creates()).toBe(2);
    const held = overrides();
    expect(held).toHaveLength(1);
    expect(held[0]?.userIds).toEqual(['usr_me']);
    // Pressed again: nothing more is sent.
    await press();
    expect(creates()).toBe(2);
    expect(overrides()).toHaveLength(1);
    await engine.stop();
  }, 30_000);

  it('hand back the same: checked once the schedule reads again, sent once after the 2 minutes', async () => {
    const h = await createHarness({ startMs: Date.parse('2026-03-03T10:00:00Z'), seed });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
    let n = 0;
    const engine = h.engine({
      alarms: false,
      wrapClient: (c) => ({
        ...c,
        createOverride: (id, input) => {
          if (++n === 2) h.sim.faults.set('*', { status: 503 });
          return c.createOverride(id, input);
        },
      }),
    });
    await engine.start();
    await h.clock.advance(1_000);
    const creates = () => h.sim.requests.count({ route: 'createOverride' });
    const overrides = () => h.sim.state.schedules.get('sch_solo')?.overrides ?? [];
    const took = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](TAKE));
    expect(took.ok && took.value.outcome.status).toBe('created');
    await h.clock.advance(60_000);
    const back = async () =>
      JSON.stringify(
        await h.clock.runWhileAdvancing(engine.handlers['take-over:hand-back']({ scheduleId: 'sch_solo' })),
      );
    expect(await back()).toMatch(/HTTP 503\) and the schedule could not be checked/);
    await h.clock.advance(30_000);
    h.sim.faults.clear();
    await h.clock.advance(30_000);
    const inside = await back();
    expect(inside).not.toMatch(/never came|Changed since/);
    expect(creates()).toBe(2);
    await h.clock.advance(90_000);
    const after = await back();
    expect(after).not.toMatch(/never came|Changed since/);
    expect(creates()).toBe(3);
    const last = overrides().at(-1);
    expect(last?.userIds).toEqual(['usr_bob']);
    await back();
    expect(creates()).toBe(3);
    await engine.stop();
  }, 30_000);
});
