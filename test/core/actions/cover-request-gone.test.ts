// Issue 48 (adv48 r18 #5): Cover… answers a coverage request. Withdrawn (or no longer pending) between opening the
// form and Create, the override was still written over the requester's shift with no word. Create now re-reads the
// coverage requests (GET /user/coverage_requests/) just before the write: no longer pending, it says so and nothing
// is sent. Real engine, simulator on loopback, fake clock; the simulator's overrides counted on its own state.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-11-29T10:00:00Z');
const ASKED = { start: '2026-12-01T08:00:00Z', end: '2026-12-02T08:00:00Z' };
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function started(): Promise<{ h: Harness; engine: Engine }> {
  const seed = seedOf(
    [
      {
        id: 'sch_db',
        name: 'Database',
        zone: 'Etc/UTC',
        rotationStart: '2026-11-20T08:00:00Z',
        userIds: ['usr_me', 'usr_alice'],
        length: { amount: 1, unit: 'days' },
      },
    ],
    [{ id: 'cov_1', user_id: 'usr_alice', reason: 'Dentist', shifts: [{ ...ASKED, schedule_id: 'sch_db' }] }],
  );
  h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_db'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  expect(engine.getState().coverage.askingMe.map((r) => r.id)).toEqual(['main:cov_1']);
  return { h, engine };
}

const overrides = (h: Harness) => h.sim.state.schedules.get('sch_db')?.overrides.length ?? 0;
const cover = { scheduleId: 'sch_db', window: { kind: 'custom' as const, ...ASKED }, emails: [ME] };

async function create(h: Harness, engine: Engine) {
  const pv = await h.clock.runWhileAdvancing(engine.handlers['override:preview'](cover));
  if (!pv.ok) throw new Error(pv.error.message);
  const replaces = pv.value.replaces.map((p) => p.email);
  const request = { ...cover, replaces, previewed: { start: pv.value.start, end: pv.value.end } };
  return h.clock.runWhileAdvancing(engine.handlers['override:create']({ ...request, coverageRequestId: 'main:cov_1' }));
}

describe('Cover… on a request that no longer asks', () => {
  it('withdrawn after the form opened: nothing is sent, and it says so', async () => {
    const { h, engine } = await started();
    h.sim.state.coverageRequests.splice(0, 1);
    const res = await create(h, engine);
    expect(res.ok).toBe(false);
    expect(!res.ok && res.error.message).toMatch(/withdrawn.*since you opened it.*nothing was sent/i);
    expect(overrides(h)).toBe(0);
  }, 60_000);

  it('no longer pending (covered): nothing is sent, and its status is said', async () => {
    const { h, engine } = await started();
    h.sim.state.coverageRequests[0]!.status = 'covered';
    const res = await create(h, engine);
    expect(res.ok).toBe(false);
    expect(!res.ok && res.error.message).toMatch(/no longer asks.*covered.*nothing was sent/i);
    expect(overrides(h)).toBe(0);
  }, 60_000);

  it('the requests cannot be read just before: nothing is sent', async () => {
    const { h, engine } = await started();
    h.sim.faults.set('listCoverageRequests', { status: 503 });
    const res = await create(h, engine);
    expect(res.ok).toBe(false);
    expect(overrides(h)).toBe(0);
  }, 60_000);

  it('still pending: written once', async () => {
    const { h, engine } = await started();
    const res = await create(h, engine);
    expect(res.ok && res.value.status).toBe('created');
    expect(overrides(h)).toBe(1);
  }, 60_000);
});
