// Issue 19, case 6: a wait the service asked for (Retry-After on a 429, or on a 503) is kept whatever the user or
// the system does meanwhile. Issue 27, case 7: a 503's wait, like a 429's, is the whole service's, even when only
// one source met it. "Refresh now" says "The service asked to wait until HH:MM" and sends nothing; coming
// back online and a resume send nothing either; once the wait is over, syncing carries on by itself.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { formatTime } from '../../../electron/shared/day-word';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { createSyncRig, type SyncRig } from '../support/sync-rig';
import { ME, quietSeed, threeZoneSeed } from '../support/seeds';
import { textMatching } from '../../support/matchers';
import { MIN } from '../../support/time';

const START = Date.parse('2026-03-25T10:00:00Z');
const WAIT_MS = 60_000;

let h: Harness | undefined;
let rig: SyncRig | undefined;
afterEach(async () => {
  await h?.close();
  await rig?.close();
  h = undefined;
  rig = undefined;
});

/** The wait as the user reads it: the minute it is over by (rounded up), in the engine's zone (the harness's). */
const shownUntil = (untilMs: number): string =>
  formatTime(Math.ceil(untilMs / MIN) * MIN, { localZone: 'Europe/Berlin' });

async function engineOn(seedIds: string[]): Promise<{ h: Harness; engine: Engine }> {
  h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  await seedSettings(h, { email: ME, scheduleIds: seedIds });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(10 * MIN); // the first full sync and the cadence after it
  return { h, engine };
}

describe('a Retry-After wait is kept through "Refresh now", online and resume', () => {
  for (const status of [429, 503]) {
    it(`HTTP ${status} with Retry-After 60: nothing is sent until the wait is over, and the refresh says until when`, async () => {
      const { h, engine } = await engineOn(['sch_berlin', 'sch_newyork']);
      h.sim.faults.set('*', { status, retryAfter: String(WAIT_MS / 1000) });
      // A refresh meets the refusal: every source (both schedules, the coverage list) is asked to wait 60 s.
      const refusedAt = h.clock.now();
      expect(await engine.handlers['sync:refresh'](null)).toEqual({ ok: true, value: null });
      expect(h.sim.requests.count({ status })).toBe(3);
      h.sim.requests.clear();
      await h.clock.advance(5_000);
      const refresh = await engine.handlers['sync:refresh'](null);
      engine.network(true);
      engine.power('resume');
      await h.clock.settle();
      await h.clock.advanceTo(refusedAt + WAIT_MS - 1);
      expect.soft(h.sim.requests.all().map((q) => `${q.path} ${q.status}`)).toEqual([]);
      expect.soft(refresh).toEqual({
        ok: false,
        error: { kind: 'service_wait', message: textMatching(/^The service asked to wait until \d\d:\d\d/) },
      });
      expect(!refresh.ok && refresh.error.message).toContain(`until ${shownUntil(refusedAt + WAIT_MS)}`);
      // The service is fine again: syncing resumes by itself once the wait is over.
      h.sim.faults.clear();
      await h.clock.advance(10 * MIN);
      expect(h.sim.requests.count({ status: 200 })).toBeGreaterThan(0);
      expect(engine.getState().schedules.map((s) => s.status.kind)).toEqual(['fresh', 'fresh']);
    });
  }
});

describe("a 503's Retry-After is about the service: every source waits, not only the one refused", () => {
  it('one schedule answered 503 with Retry-After 60: refresh, online and resume send nothing to any route until the wait is over', async () => {
    const { h, engine } = await engineOn(['sch_berlin', 'sch_newyork']);
    h.sim.requests.clear();
    // Only Berlin's probe meets the 503 (maintenance); New York and the coverage list are answered.
    h.sim.faults.set('getSchedule', {
      status: 503,
      retryAfter: String(WAIT_MS / 1000),
      pathIncludes: '/schedules/sch_berlin',
    });
    const refusedAt = h.clock.now();
    await engine.handlers['sync:refresh'](null);
    expect(h.sim.requests.count({ status: 503 })).toBe(1);
    expect(h.sim.requests.count({ status: 200 })).toBeGreaterThan(0);
    h.sim.requests.clear();
    await h.clock.advance(5_000);
    const refresh = await engine.handlers['sync:refresh'](null);
    engine.network(true);
    engine.power('resume');
    await h.clock.settle();
    await h.clock.advanceTo(refusedAt + WAIT_MS - 1);
    expect.soft(h.sim.requests.all().map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual([]);
    expect.soft(refresh).toEqual({
      ok: false,
      error: { kind: 'service_wait', message: textMatching(/^The service asked to wait until \d\d:\d\d/) },
    });
    expect.soft(!refresh.ok && refresh.error.message).toContain(`until ${shownUntil(refusedAt + WAIT_MS)}`);
    // Maintenance is over: syncing resumes by itself, every source.
    h.sim.faults.clear();
    await h.clock.advance(10 * MIN);
    expect(
      h.sim.requests.all().filter((q) => q.status === 200 && q.path.startsWith('/schedules/sch_berlin')).length,
    ).toBeGreaterThan(0);
    expect(engine.getState().schedules.map((s) => s.status.kind)).toEqual(['fresh', 'fresh']);
  });
});

describe('a wait asked for with another answer holds back that source only', () => {
  it("a user refresh during one schedule's 500 Retry-After refreshes the others, not it", async () => {
    rig = await createSyncRig({ startMs: START, seed: quietSeed(2), scheduleIds: ['sch_quiet_0', 'sch_quiet_1'] });
    const r = rig;
    r.sync.start();
    await r.clock.advance(10 * MIN);
    r.sim.faults.set('getSchedule', { status: 500, retryAfter: '600', pathIncludes: '/schedules/sch_quiet_0' });
    while (!r.attempts.some((a) => a.outcome === 500)) await r.clock.advance(1_000);
    const refusedAt = r.attempts.find((a) => a.outcome === 500)?.atMs ?? 0;
    const seen = r.attempts.length;
    const answer = await r.sync.request({ reason: 'user' });
    await r.clock.settle();
    expect(answer).toEqual({ kind: 'done' });
    const sent = r.attempts.slice(seen).map((a) => a.path);
    expect(sent).toContain('/schedules/sch_quiet_1');
    expect(sent).not.toContain('/schedules/sch_quiet_0');
    // Asked for it alone, it is held, and the answer says until when.
    expect(await r.sync.request({ reason: 'user', scheduleIds: ['sch_quiet_0'] })).toEqual({
      kind: 'held',
      untilMs: refusedAt + 600_000,
    });
    await r.clock.settle();
    expect(r.attempts.slice(seen).filter((a) => a.path === '/schedules/sch_quiet_0')).toEqual([]);
  });
});
