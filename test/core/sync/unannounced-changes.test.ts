// A service whose `current_revision` never moves when an override is created (the spec doesn't promise it does).
// The app must not keep telling the old rotation for hours: the probe's current/next shift is compared with the
// cached shifts, and a contradiction re-reads them at once. Real engine, real simulator, fake clock.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../electron/api/client';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { MIN } from '../../support/time';

const START = Date.parse('2026-03-10T03:00:00Z');
// Daily at 09:00 UTC: 03-09 Alice, 03-10 me, 03-11 Bob, 03-12 Carol, …
const seed = seedOf([
  {
    id: 'sch_rot',
    name: 'Rotation',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-01T09:00:00Z',
    userIds: ['usr_alice', 'usr_me', 'usr_bob', 'usr_carol'],
    length: { amount: 1, unit: 'days' },
  },
]);

// The same daily handoffs, with me listed on the rotation but first on call on 03-30 09:00, past the days read
// from START: "no shift of yours" is known (my e-mail names me on the schedule; one naming no one is unknown).
const rotationWithoutMe = ['usr_alice', 'usr_bob', 'usr_carol'];
const meLast = seedOf([
  {
    id: 'sch_rot',
    name: 'Rotation',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-09T09:00:00Z',
    userIds: [
      ...rotationWithoutMe,
      ...rotationWithoutMe,
      ...rotationWithoutMe,
      ...rotationWithoutMe,
      ...rotationWithoutMe,
      ...rotationWithoutMe,
      ...rotationWithoutMe,
      'usr_me',
    ],
    length: { amount: 1, unit: 'days' },
  },
]);

let h: Harness | undefined;
async function giveMyShiftToBob(harness: Harness): Promise<void> {
  const other = createClient({ baseUrl: harness.sim.url, getApiKey: () => harness.sim.apiKey });
  const made = await harness.clock.inFlight.track(
    other.createOverride('sch_rot', {
      start: '2026-03-10T09:00:00Z',
      end: '2026-03-11T09:00:00Z',
      user_references: [{ type: 'email', value: 'bob@example.com' }],
    }),
  );
  other.close();
  expect(made.ok).toBe(true);
}

describe('sync: an override the revision never announced', () => {
  it('is seen at the next probe: my 09:00 shift given to Bob stops being "my next shift" within one refresh interval', async () => {
    h = await createHarness({ startMs: START, seed, revisionMoves: false });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_rot'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    expect(engine.getState().me.nextShift?.start).toBe('2026-03-10T09:00:00Z');
    const revisionBefore = await h.clock.inFlight.track(
      createClient({ baseUrl: h.sim.url, getApiKey: () => h?.sim.apiKey }).getSchedule('sch_rot'),
    );
    await giveMyShiftToBob(h);
    // The revision really did not move: only the current/next shift tells.
    const after = await h.clock.inFlight.track(
      createClient({ baseUrl: h.sim.url, getApiKey: () => h?.sim.apiKey }).getSchedule('sch_rot'),
    );
    expect(after.ok && revisionBefore.ok && after.value.current_revision).toBe(
      revisionBefore.ok && revisionBefore.value.current_revision,
    );
    // One idle interval (5 min) plus its jitter (at most 15 s).
    await h.clock.advance(5 * MIN + 20_000);
    const state = engine.getState();
    expect(state.me.nextShift?.start).not.toBe('2026-03-10T09:00:00Z');
    expect(state.schedules[0]?.next?.users.map((u) => u.email)).toEqual(['bob@example.com']);
    expect(state.schedules[0]?.status.kind).toBe('fresh');
  });

  it('costs no extra read while the probe agrees with the cached shifts', async () => {
    h = await createHarness({ startMs: START, seed, revisionMoves: false });
    await seedSettings(h, { email: 'nobody@example.com', scheduleIds: ['sch_rot'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    const before = h.sim.requests.count({ route: 'listShifts' });
    await h.clock.advance(60 * MIN);
    expect(h.sim.requests.count({ route: 'listShifts' })).toBe(before);
    expect(h.sim.requests.count({ route: 'getSchedule' })).toBeGreaterThanOrEqual(12);
  });

  it('says "no shift of yours" with the time the shifts were read once probes alone vouch for them, plainly again after the next read', async () => {
    h = await createHarness({ startMs: START, seed: meLast, revisionMoves: false });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_rot'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    const firstRead = engine.getState().schedules[0]?.known?.readAt;
    expect(firstRead).toBeDefined();
    expect(engine.getState().me.gaps).toEqual([]);
    expect(trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC').split('\n')[0]).toMatch(
      /^Off call · No shift of yours in the next \d+ days$/,
    );
    // Past two idle intervals: the probes still answer (status fresh), but the days after their next shift are as
    // of the first read, and every "no shift of yours" says so.
    await h.clock.advance(15 * MIN);
    const later = engine.getState();
    expect(later.schedules[0]?.status.kind).toBe('fresh');
    expect(later.me.gaps).toEqual([
      { accountId: 'main', scheduleId: 'sch_rot', scheduleName: 'Rotation', kind: 'read', readAt: firstRead },
    ]);
    expect(trayTooltip(later, h.clock.now(), 'Etc/UTC').split('\n')[0]).toMatch(/Rotation checked 03:0\d/);
    // The shifts are read again within 2 h (SHIFTS_MAX_AGE_MS): then it is said plainly again.
    const readsBefore = h.sim.requests.count({ route: 'listShifts' });
    const deadline = h.clock.now() + 2 * 60 * MIN + 20 * MIN;
    while (h.sim.requests.count({ route: 'listShifts' }) === readsBefore && h.clock.now() < deadline)
      await h.clock.advance(MIN);
    expect(h.sim.requests.count({ route: 'listShifts' })).toBeGreaterThan(readsBefore);
    expect(engine.getState().me.gaps).toEqual([]);
    expect(trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC').split('\n')[0]).toMatch(
      /^Off call · No shift of yours in the next \d+ days$/,
    );
  });
});
