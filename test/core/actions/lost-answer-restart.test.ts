// adv48 round 11 #1: a restart during the 2-minute settle must not drop it. The first create is answered 504 and
// applied 30 s later; the app restarts 10 s after the write; the user presses again 5 s after the restart.
// The pending lost-answer record (override-again.ts's Doubt) is kept in lost-answers.json (lost-answer-store.ts), so
// the press after the restart still waits out the settle and reads the schedule first (it failed before: created).
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf, threeZoneSeed } from '../support/seeds';
import { overridesOn, pairSeed, START as START_PAIR } from '../handoff/support/pair-world';

const START = Date.parse('2026-03-25T10:00:00Z');
const REQ = {
  scheduleId: 'sch_berlin',
  window: { kind: 'custom' as const, start: '2026-03-25T12:00:00.000Z', end: '2026-03-25T14:00:00.000Z' },
  emails: ['bob@example.com'],
};

/** My Mon 3/23 on Pair (with Alice), handed to Bob. */
const ITEM = {
  scheduleId: 'sch_pair',
  start: '2026-03-23T08:00:00.000Z',
  end: '2026-03-24T08:00:00.000Z',
  email: 'bob@example.com',
};

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

async function started(hh: Harness): Promise<Engine> {
  const e = hh.engine();
  await e.start();
  await hh.clock.advance(1_000);
  return e;
}

describe('a restart during the settle of a lost answer', () => {
  it('form (adv48 r11 #1): the press after the restart sends nothing, and one override is held once the late write applies', async () => {
    h = await createHarness({ startMs: START, seed: threeZoneSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const first = await started(h);
    h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 30_000, times: 1 });
    const a = await h.clock.runWhileAdvancing(first.handlers['override:create'](REQ));
    expect(a.ok && a.value.status).not.toBe('created');
    await h.clock.advance(10_000);
    await first.stop();
    const second = await started(h);
    await h.clock.advance(4_000);
    const b = await h.clock.runWhileAdvancing(second.handlers['override:create'](REQ));
    expect(b.ok && b.value.status).not.toBe('created');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    await h.clock.advance(60_000);
    await h.clock.runWhileAdvancing(second.handlers['override:create'](REQ));
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  });
});

describe('a restart during the settle of a lost answer: take over and away', () => {
  it('take over (adv48 r11 #1): the press after the restart sends nothing; one take-over is held once it applies', async () => {
    const daily = {
      zone: 'Etc/UTC',
      rotationStart: '2026-03-20T08:00:00Z',
      length: { amount: 1, unit: 'days' as const },
    };
    const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily }]);
    h = await createHarness({ startMs: Date.parse('2026-03-21T10:00:00Z'), seed });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
    const take = { scheduleId: 'sch_solo', fromEmail: 'bob@example.com' };
    const first = await started(h);
    h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 30_000, times: 1 });
    const a = await h.clock.runWhileAdvancing(first.handlers['take-over:now'](take));
    expect(a.ok && a.value.outcome.status).not.toBe('created');
    await h.clock.advance(10_000);
    await first.stop();
    const second = await started(h);
    await h.clock.advance(4_000);
    const b = await h.clock.runWhileAdvancing(second.handlers['take-over:now'](take));
    expect(b.ok && b.value.outcome.status).not.toBe('created');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    await h.clock.advance(60_000);
    await h.clock.runWhileAdvancing(second.handlers['take-over:now'](take));
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    expect(overridesOn(h, 'sch_solo')).toHaveLength(1);
  }, 30_000);

  it('away Retry (adv48 r11 #1): the Retry after the restart sends nothing; one hand-off is held once it applies', async () => {
    h = await createHarness({ startMs: START_PAIR, seed: pairSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
    const first = await started(h);
    h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 30_000, times: 1 });
    await h.clock.runWhileAdvancing(first.handlers['handoff:create']({ items: [ITEM] }));
    await h.clock.runWhileAdvancing(first.handoffIdle());
    await h.clock.advance(5_000);
    await first.stop();
    const second = await started(h);
    await h.clock.runWhileAdvancing(second.handoffIdle());
    await h.clock.advance(4_000);
    const retried = await h.clock.runWhileAdvancing(second.handlers['handoff:retry'](null));
    expect(retried.ok && retried.value.run?.items[0]?.state).not.toBe('handed_off');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    await h.clock.advance(60_000);
    await h.clock.runWhileAdvancing(second.handlers['handoff:retry'](null));
    await h.clock.runWhileAdvancing(second.handoffIdle());
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    expect(overridesOn(h, 'sch_pair')).toHaveLength(1);
  }, 30_000);
});
