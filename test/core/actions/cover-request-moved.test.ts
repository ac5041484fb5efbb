// Issue 48 (adv48 r22 #1): Cover… wrote the window the form opened with, though the coverage request re-read just
// before the write (still pending) now asked for other hours: the requester was taken off time she no longer asked
// to be covered for, said "created". Create now holds the write to the request as read then: its shift on the
// schedule must still be the one the form opened on, else nothing is sent and what it asks now is said. Real engine,
// simulator on loopback, fake clock; the writes counted on the simulator's own state.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-11-29T10:00:00Z');
const ASKED = { start: '2026-12-01T08:00:00Z', end: '2026-12-02T08:00:00Z' };
const OTHER = { start: '2026-12-05T08:00:00Z', end: '2026-12-06T08:00:00Z' };
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Shift = { start: string; end: string; schedule_id: string };

async function started(shifts: Shift[]): Promise<{ h: Harness; engine: Engine }> {
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
    [{ id: 'cov_1', user_id: 'usr_alice', reason: 'Dentist', shifts }],
  );
  h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_db'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  expect(engine.getState().coverage.askingMe.map((r) => r.id)).toEqual(['main:cov_1']);
  return { h, engine };
}

/** The form opened on `shift` of the request, previewed, then (after `between`, a minute later) Create. */
async function coverFromForm(h: Harness, engine: Engine, shift: typeof ASKED, between: () => void, named = true) {
  const cover = { scheduleId: 'sch_db', window: { kind: 'custom' as const, ...shift }, emails: [ME] };
  const pv = await h.clock.runWhileAdvancing(engine.handlers['override:preview'](cover));
  if (!pv.ok) throw new Error(pv.error.message);
  between();
  await h.clock.advance(60_000);
  const replaces = pv.value.replaces.map((p) => p.email);
  const request = { ...cover, replaces, previewed: { start: pv.value.start, end: pv.value.end } };
  const answering = { coverageRequestId: 'main:cov_1', ...(named ? { coveredShift: shift } : {}) };
  return h.clock.runWhileAdvancing(engine.handlers['override:create']({ ...request, ...answering }));
}

const written = (h: Harness) =>
  (h.sim.state.schedules.get('sch_db')?.overrides ?? []).map(
    (o) => `${new Date(o.startMs).toISOString()}..${new Date(o.endMs).toISOString()} ${o.userIds.join(',')}`,
  );
/** The requester changes shift `i` of her request (the simulator keeps instants as ms). */
function askNow(h: Harness, i: number, s: Partial<typeof ASKED>): void {
  const shift = h.sim.state.coverageRequests[0]!.shifts[i]!;
  if (s.start) shift.startMs = Date.parse(s.start);
  if (s.end) shift.endMs = Date.parse(s.end);
}
const refused = (res: Awaited<ReturnType<typeof coverFromForm>>) =>
  res.ok ? JSON.stringify(res.value) : res.error.message;

describe('Cover… after the request itself changed (still pending)', () => {
  for (const named of [true, false])
    it(`moved to Thu: nothing over Tue is written, and the new day is said (shift named by the form: ${named})`, async () => {
      const { h, engine } = await started([{ ...ASKED, schedule_id: 'sch_db' }]);
      const res = await coverFromForm(
        h,
        engine,
        ASKED,
        () => askNow(h, 0, { start: '2026-12-03T08:00:00Z', end: '2026-12-04T08:00:00Z' }),
        named,
      );
      expect(written(h)).toEqual([]);
      expect(res.ok).toBe(false);
      expect(refused(res)).toMatch(
        /Changed since you planned it: Alice.* now asks for cover .*Thu 08:00 – Fri 08:00 UTC.*, not .*Tue 08:00 – Wed 08:00 UTC/,
      );
      expect(refused(res)).toMatch(/Nothing was sent/);
    }, 60_000);

  it('narrowed to Tue 08:00–12:00: Alice is not taken off 12:00–Wed 08:00', async () => {
    const { h, engine } = await started([{ ...ASKED, schedule_id: 'sch_db' }]);
    const res = await coverFromForm(h, engine, ASKED, () => askNow(h, 0, { end: '2026-12-01T12:00:00Z' }));
    expect(written(h)).toEqual([]);
    expect(refused(res)).toMatch(/now asks for cover .*Tue 08:00–12:00 UTC/);
  }, 60_000);

  it('widened to Wed 20:00: the day asked is not written as if it were all she asks', async () => {
    const { h, engine } = await started([{ ...ASKED, schedule_id: 'sch_db' }]);
    const res = await coverFromForm(h, engine, ASKED, () => askNow(h, 0, { end: '2026-12-02T20:00:00Z' }));
    expect(written(h)).toEqual([]);
    expect(refused(res)).toMatch(/now asks for cover .*Tue 08:00 – Wed 20:00 UTC/);
  }, 60_000);

  it('several shifts: another of them moved, the one the form covers did not: written once, as asked', async () => {
    const { h, engine } = await started([
      { ...ASKED, schedule_id: 'sch_db' },
      { ...OTHER, schedule_id: 'sch_db' },
    ]);
    const res = await coverFromForm(h, engine, ASKED, () =>
      askNow(h, 1, { start: '2026-12-07T08:00:00Z', end: '2026-12-08T08:00:00Z' }),
    );
    expect(res.ok && res.value.status).toBe('created');
    expect(written(h)).toEqual([`${new Date(ASKED.start).toISOString()}..${new Date(ASKED.end).toISOString()} usr_me`]);
  }, 60_000);

  it('unchanged: written once, as asked', async () => {
    const { h, engine } = await started([{ ...ASKED, schedule_id: 'sch_db' }]);
    const res = await coverFromForm(h, engine, ASKED, () => undefined);
    expect(res.ok && res.value.status).toBe('created');
    expect(written(h)).toHaveLength(1);
  }, 60_000);
});
