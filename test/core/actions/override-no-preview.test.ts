// Issue 48, adversarial round 2: the override form's "Create" with no preview (the preview call failed, so no
// `replaces`) re-reads the window too. When the service already shows exactly these people then (a manager put me
// there), nothing is sent and it says so: no duplicate override. When it doesn't, the override is sent once.
// Solo, daily: 3/25 Carol, 3/26 Alice, 3/27 Bob.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const WINDOW = { kind: 'custom' as const, start: '2026-03-25T14:00:00Z', end: '2026-03-25T18:00:00Z' };
let h: Harness | undefined;
async function started(): Promise<{ h: Harness; engine: Engine }> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily }]);
  h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

describe('override form Create without a preview', () => {
  it('a manager already put me there: nothing is sent, and it says the schedule shows it', async () => {
    const { h, engine } = await started();
    const [startMs, endMs] = [Date.parse(WINDOW.start), Date.parse(WINDOW.end)];
    h.sim.state.addOverride('sch_solo', { startMs, endMs, userIds: ['usr_me'] }, h.clock.now());
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window: WINDOW, emails: [] }),
    );
    expect(res.ok && res.value.status).toBe('created_unconfirmed');
    expect(res.ok && 'message' in res.value && res.value.message).toMatch(/already shows .*nothing was sent/);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);

  it('not in place yet: it is sent once', async () => {
    const { h, engine } = await started();
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window: WINDOW, emails: [] }),
    );
    expect(res.ok && res.value.status).toBe('created');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 60_000);
});
