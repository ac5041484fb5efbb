// Issue 48 (adv48 r32 #1): Cover… on Alice's request answered 504 (or no answer at all); the service applied it 20 s
// later, so I cover her Tuesday. Then she moved her request to Thursday (or withdrew it). Pressing Create again after
// the 2-minute settle said only the request's change ("… Nothing was sent"), never that my first write landed: the
// user thought Tuesday was never taken. Now the app's own earlier write is settled and said first, then the change,
// with the way out; nothing is sent again. Real engine, simulator on loopback, fake clock; what the schedule holds and
// the POSTs are read from the simulator's own state.
import { afterEach, describe, expect, it } from 'vitest';
import type { Fault } from '../../../electron/simulator/faults';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-11-29T10:00:00Z');
const ASKED = { start: '2026-12-01T08:00:00Z', end: '2026-12-02T08:00:00Z' };
const MOVED = { start: '2026-12-03T08:00:00Z', end: '2026-12-04T08:00:00Z' };
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const onSchedule = (hh: Harness) =>
  (hh.sim.state.schedules.get('sch_db')?.overrides ?? []).map(
    (o) => `${new Date(o.startMs).toISOString()}..${new Date(o.endMs).toISOString()} ${o.userIds.join(',')}`,
  );
const posts = (hh: Harness) => hh.sim.requests.count({ route: 'createOverride' });

/** Cover… on the request, Create answered by `fault`; `change` after 30 s; Create again `againAfterMs` later. */
async function coverThenChange(fault: Fault, change: (hh: Harness) => void, againAfterMs = 180_000) {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-11-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf(
    [{ id: 'sch_db', name: 'Database', userIds: ['usr_me', 'usr_alice'], ...daily }],
    [{ id: 'cov_1', user_id: 'usr_alice', reason: 'Dentist', shifts: [{ ...ASKED, schedule_id: 'sch_db' }] }],
  );
  const hh = await createHarness({ startMs: START, seed });
  h = hh;
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_db'] });
  const engine = hh.engine();
  await engine.start();
  await hh.clock.advance(1_000);
  const cover = { scheduleId: 'sch_db', window: { kind: 'custom' as const, ...ASKED }, emails: [ME] };
  const pv = await hh.clock.runWhileAdvancing(engine.handlers['override:preview'](cover));
  if (!pv.ok) throw new Error(pv.error.message);
  const previewed = { start: pv.value.start, end: pv.value.end };
  const replaces = pv.value.replaces.map((p) => p.email);
  const req = { ...cover, replaces, previewed, coverageRequestId: 'main:cov_1', coveredShift: ASKED };
  hh.sim.faults.set('createOverride', { ...fault, times: 1 });
  const first = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](req));
  expect(first.ok && first.value.status).not.toBe('created');
  await hh.clock.advance(30_000);
  change(hh);
  await hh.clock.advance(againAfterMs);
  const again = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](req));
  const said = again.ok ? ('message' in again.value ? again.value.message : again.value.status) : again.error.message;
  return { said, hh };
}

const moveToThu = (hh: Harness) => {
  const s = hh.sim.state.coverageRequests[0]!.shifts[0]!;
  s.startMs = Date.parse(MOVED.start);
  s.endMs = Date.parse(MOVED.end);
};
const withdraw = (hh: Harness) => void (hh.sim.state.coverageRequests[0]!.status = 'cancelled');
const TUE = `${new Date(ASKED.start).toISOString()}..${new Date(ASKED.end).toISOString()} usr_me`;

/** `first` said before `then`, both present. */
function saysInOrder(said: string, first: RegExp, then: RegExp): void {
  const a = said.search(first);
  const b = said.search(then);
  expect(a, said).toBeGreaterThanOrEqual(0);
  expect(b, said).toBeGreaterThan(a);
}

const FAULTS: Array<[string, Fault]> = [
  ['504', { status: 504, applyAfterMs: 20_000 }],
  ['no answer at all', { reset: true, applyAfterMs: 20_000 }],
];

describe.each(FAULTS)('Cover… answered %s, landed late, then the request changed', (_name, fault) => {
  it('moved to Thu: the press says my Tue cover landed first, then the move, and sends nothing', async () => {
    const { said, hh } = await coverThenChange(fault, moveToThu);
    expect(onSchedule(hh)).toEqual([TUE]);
    expect(posts(hh)).toBe(1);
    saysInOrder(
      said,
      /saved after all/,
      /now asks for cover .*Thu 08:00 – Fri 08:00 UTC.*, not .*Tue 08:00 – Wed 08:00 UTC/,
    );
    expect(said).toMatch(/may no longer be needed.*remove it in the service's web UI/);
    expect(said).not.toMatch(/Nothing was sent: open Cover/);
  }, 60_000);

  it('withdrawn: the landed cover is said first, then that the request no longer asks', async () => {
    const { said, hh } = await coverThenChange(fault, withdraw);
    expect(onSchedule(hh)).toEqual([TUE]);
    expect(posts(hh)).toBe(1);
    saysInOrder(said, /saved after all/, /no longer asks for cover \(the service now says it is “cancelled”\)/);
    expect(said).toMatch(/may no longer be needed/);
  }, 60_000);

  it('control, request unchanged: "saved after all", and no word of a change', async () => {
    const { said, hh } = await coverThenChange(fault, () => undefined);
    expect(onSchedule(hh)).toEqual([TUE]);
    expect(posts(hh)).toBe(1);
    expect(said).toMatch(/saved after all/);
    expect(said).not.toMatch(/Since then|may no longer be needed/);
  }, 60_000);
});

describe('Cover… answered 504 and never applied, then the request moved', () => {
  it('after the settle: says the first did not land, then the move; nothing is written', async () => {
    const { said, hh } = await coverThenChange({ status: 504 }, moveToThu);
    expect(onSchedule(hh)).toEqual([]);
    expect(posts(hh)).toBe(1);
    saysInOrder(said, /did not land/, /Changed since you planned it: .*Thu 08:00 – Fri 08:00 UTC/);
  }, 60_000);

  it('inside the settle: "Can\'t confirm yet" first, then the move; nothing is sent', async () => {
    const { said, hh } = await coverThenChange({ status: 504 }, moveToThu, 10_000);
    expect(onSchedule(hh)).toEqual([]);
    expect(posts(hh)).toBe(1);
    saysInOrder(said, /Can't confirm yet/, /now asks for cover .*Thu 08:00 – Fri 08:00 UTC/);
  }, 60_000);
});
