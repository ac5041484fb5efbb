// adv48 round 17, side observation: after a 5xx the override form never says the first attempt's answer "never
// came" (the service answered it, with an error): a press again over a window the schedule already showed with these
// people (so the 503 is "can't confirm") says "the service answered the first attempt with an error". Before, it said
// "(its answer never came, …)". Simulator, real engine, fake clock.
import { afterEach, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

it('a press again after a 503 over a window already showing Carol: "answered … with an error", never "never came"', async () => {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_bob', 'usr_carol'], ...daily }]);
  h = await createHarness({ startMs: Date.parse('2026-03-21T10:00:00Z'), seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  const engine: Engine = h.engine();
  await engine.start();
  await h.clock.settle();
  // Carol is on call all Sunday 3/22 by the rotation: Carol over 10:00–14:00 then can't be told from the schedule.
  const form = {
    scheduleId: 'sch_solo',
    window: { kind: 'custom' as const, start: '2026-03-22T10:00:00Z', end: '2026-03-22T14:00:00Z' },
    emails: ['carol@example.com'],
  };
  h.sim.faults.set('createOverride', { status: 503, times: 1 });
  const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](form));
  expect(first.ok && first.value.status).toBe('unknown');
  for (const waitMs of [5_000, 200_000]) {
    await h.clock.advance(waitMs);
    const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](form));
    const said = !again.ok ? again.error.message : 'message' in again.value ? again.value.message : '';
    expect(said).not.toMatch(/never came/);
    expect(said).toMatch(/the service answered the first attempt with an error/);
  }
  expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
}, 30_000);
