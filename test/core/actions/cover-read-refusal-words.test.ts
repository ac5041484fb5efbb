// Issue 48, adv48 round 28 #1 (Cover…): the coverage requests are read again just before Cover…'s write. When the
// service refuses that read (403) and says why, nothing is sent, and the answer says what the refusal means and the
// service's own words; a refusal that will not pass by itself is never told as "try again in a moment".
// Real engine, simulator, fake clock.
import { afterEach, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-11-29T10:00:00Z');
const ASKED = { start: '2026-12-01T08:00:00Z', end: '2026-12-02T08:00:00Z' };
const SAID = 'Coverage requests are hidden by ZZQ admin.';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('Cover…: a 403 on the coverage requests read before Create says the key’s rights and the service’s words', async () => {
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
  const cover = { scheduleId: 'sch_db', window: { kind: 'custom' as const, ...ASKED }, emails: [ME] };
  const pv = await h.clock.runWhileAdvancing(engine.handlers['override:preview'](cover));
  if (!pv.ok) throw new Error(pv.error.message);
  h.sim.faults.set('listCoverageRequests', { status: 403, body: { message: SAID } });
  const res = await h.clock.runWhileAdvancing(
    engine.handlers['override:create']({
      ...cover,
      replaces: pv.value.replaces.map((p) => p.email),
      previewed: { start: pv.value.start, end: pv.value.end },
      coverageRequestId: 'main:cov_1',
      coveredShift: ASKED,
    }),
  );
  const said = res.ok ? JSON.stringify(res.value) : res.error.message;
  expect(h.sim.state.schedules.get('sch_db')?.overrides ?? []).toEqual([]);
  expect(said).toContain(`The service said: “${SAID}”`);
  expect(said).toMatch(/not let this API key read the coverage requests/);
  expect(said).not.toMatch(/try again in a moment/i);
}, 60_000);
