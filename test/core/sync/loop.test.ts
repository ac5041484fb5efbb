import { afterEach, describe, expect, it } from 'vitest';
import { createSyncRig, type SyncRig } from '../support/sync-rig';
import { ME, quietSeed, threeZoneSeed } from '../support/seeds';
import { HOUR, MIN } from '../../support/time';

const START = Date.parse('2026-03-25T10:00:00Z');

let rig: SyncRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function startRig(n: number, extra: Partial<Parameters<typeof createSyncRig>[0]> = {}): Promise<SyncRig> {
  const ids = Array.from({ length: n }, (_, i) => `sch_quiet_${i}`);
  rig = await createSyncRig({ startMs: START, seed: quietSeed(n), scheduleIds: ids, ...extra });
  rig.sync.start();
  await rig.clock.settle();
  return rig;
}

describe('sync: first refresh', () => {
  it('fetches details, 14+ days of shifts and coverage for every watched schedule', async () => {
    const r = await startRig(3);
    const snap = r.snapshot();
    expect(snap.schedules.map((s) => s.id)).toEqual(['sch_quiet_0', 'sch_quiet_1', 'sch_quiet_2']);
    for (const s of snap.schedules) {
      expect(s.details?.name).toMatch(/^Quiet/);
      expect(s.problem).toBeNull();
      // Daily shifts over at least 14 days ahead, the running one included.
      expect(Date.parse(s.shifts[0]?.start ?? '')).toBeLessThanOrEqual(START);
      expect(Date.parse(s.shifts.at(-1)?.end ?? '')).toBeGreaterThanOrEqual(START + 14 * 24 * HOUR);
    }
    expect(snap.coverageFetchedAt).not.toBeNull();
    expect(r.attempts.filter((a) => a.path.endsWith('/coverage_requests/'))).toHaveLength(1);
  });
});

describe('sync: request budget at steady state', () => {
  for (const n of [1, 10]) {
    it(`stays within 1.2 requests per schedule per refresh and 15 per schedule per idle hour (${n} watched)`, async () => {
      const r = await startRig(n);
      await r.clock.advance(HOUR); // warm-up: first full fetch done, cadence settled
      const from = r.clock.now();
      await r.clock.advance(HOUR);
      const hour = r.between(from, r.clock.now());
      const refreshes = new Set(hour.map((a) => a.atMs)).size;
      expect(refreshes).toBeGreaterThanOrEqual(10); // it does keep polling at the idle cadence
      expect(hour.length / n).toBeLessThanOrEqual(15);
      expect(hour.length / (refreshes * n)).toBeLessThanOrEqual(1.2);
      expect(hour.every((a) => a.outcome === 200)).toBe(true);
    });
  }

  it('re-reads shifts only when the revision moved', async () => {
    const r = await startRig(2);
    await r.clock.advance(HOUR);
    const before = r.attempts.filter((a) => a.path.endsWith('/shifts/')).length;
    r.sim.state.addOverride(
      'sch_quiet_1',
      { startMs: START + 3 * HOUR, endMs: START + 5 * HOUR, userIds: ['usr_me'] },
      r.clock.now(),
    );
    await r.clock.advance(6 * MIN);
    const shiftReads = r.attempts.filter((a) => a.path.endsWith('/shifts/')).slice(before);
    expect(shiftReads.map((a) => a.path)).toEqual(['/schedules/sch_quiet_1/shifts/']);
    const s1 = r.snapshot().schedules[1];
    expect(s1?.shifts.some((s) => s.users.some((u) => u.email === ME))).toBe(true);
  });
});

describe('sync: cadence', () => {
  it('polls every minute within 30 minutes of a handoff of mine, and every 5 minutes otherwise', async () => {
    // Berlin: I am on call from 2026-03-26 08:00Z (09:00 local) for a day.
    rig = await createSyncRig({
      startMs: Date.parse('2026-03-26T06:00:00Z'),
      seed: threeZoneSeed(),
      scheduleIds: ['sch_berlin'],
      email: ME,
    });
    const r = rig;
    r.sync.start();
    await r.clock.advanceTo(Date.parse('2026-03-26T07:00:00Z'));
    const idleProbes = r
      .between(Date.parse('2026-03-26T06:30:00Z'), Date.parse('2026-03-26T07:00:00Z'))
      .filter((a) => a.path === '/schedules/sch_berlin');
    expect(idleProbes.length).toBeLessThanOrEqual(7);
    await r.clock.advanceTo(Date.parse('2026-03-26T08:40:00Z'));
    const nearProbes = r
      .between(Date.parse('2026-03-26T07:35:00Z'), Date.parse('2026-03-26T08:25:00Z'))
      .filter((a) => a.path === '/schedules/sch_berlin');
    expect(nearProbes.length).toBeGreaterThanOrEqual(45);
  });

  it('coalesces requests made during a refresh into one follow-up', async () => {
    const r = await startRig(2);
    await r.clock.advance(HOUR);
    const before = r.attempts.length;
    const first = r.sync.request({ reason: 'user' });
    const second = r.sync.request({ reason: 'user' });
    expect(r.sync.isBusy()).toBe(true);
    const third = r.sync.request({ reason: 'online' });
    await Promise.all([first, second, third]);
    await r.clock.settle();
    const probes = r.attempts.slice(before).filter((a) => /^\/schedules\/sch_quiet_\d$/.test(a.path));
    expect(probes).toHaveLength(4); // the running refresh + exactly one follow-up, two schedules each
  });
});

describe('sync: failures', () => {
  it('honours Retry-After on a burst of 429 and keeps the loop going', async () => {
    const r = await startRig(2);
    await r.clock.advance(HOUR);
    r.sim.faults.set('getSchedule', { status: 429, retryAfter: '600', times: 2 });
    const burstAt = r.clock.now();
    await r.clock.advance(6 * MIN); // the next idle refresh meets the 429s
    const hit = r.attempts.find((a) => a.outcome === 429);
    expect(hit).toBeDefined();
    expect(r.snapshot().schedules.every((s) => s.problem?.kind === 'rate_limited')).toBe(true);
    await r.clock.advance(30 * MIN);
    const after429 = r.attempts.filter((a) => a.atMs > (hit?.atMs ?? 0));
    expect(after429.length).toBeGreaterThan(0);
    expect(after429[0]!.atMs - hit!.atMs).toBeGreaterThanOrEqual(600_000);
    expect(r.snapshot().schedules.every((s) => s.problem === null && s.details !== null)).toBe(true);
    expect(burstAt).toBeLessThan(hit!.atMs);
  });

  it('caps a huge Retry-After at 15 minutes, so one 429 does not stop syncing', async () => {
    const r = await startRig(1);
    await r.clock.advance(HOUR);
    r.sim.faults.set('getSchedule', { status: 429, retryAfter: '86400000', times: 1 });
    await r.clock.advance(6 * MIN);
    const hit = r.attempts.find((a) => a.outcome === 429);
    expect(hit).toBeDefined();
    await r.clock.advance(30 * MIN);
    const after = r.attempts.filter((a) => a.atMs > hit!.atMs);
    expect(after[0]!.atMs - hit!.atMs).toBeGreaterThanOrEqual(15 * MIN);
    expect(after[0]!.atMs - hit!.atMs).toBeLessThanOrEqual(16 * MIN);
    expect(r.snapshot().schedules[0]?.problem).toBeNull();
  });

  it('answers a refresh asked for during a Retry-After at once, without a request, and refreshes when allowed', async () => {
    const r = await startRig(1);
    await r.clock.advance(HOUR);
    r.sim.faults.set('getSchedule', { status: 429, retryAfter: '600', times: 1 });
    await r.clock.advance(6 * MIN);
    const hit = r.attempts.find((a) => a.outcome === 429);
    expect(hit).toBeDefined();
    const seen = r.attempts.length;
    let answered = false;
    void r.sync.request({ reason: 'user' }).then(() => (answered = true));
    await r.clock.advance(1_000);
    expect(answered).toBe(true);
    expect(r.attempts).toHaveLength(seen); // the service asked us to wait: no request yet
    expect(r.snapshot().schedules[0]?.problem?.kind).toBe('rate_limited');
    await r.clock.advanceTo(hit!.atMs + 10 * MIN + 1_000);
    const next = r.attempts.slice(seen);
    expect(next[0]?.atMs).toBe(hit!.atMs + 10 * MIN); // the asked-for refresh, right when allowed (no jitter)
    expect(r.snapshot().schedules[0]?.problem).toBeNull();
  });

  it('backs off exponentially through a burst of 503, keeps last good data, and recovers', async () => {
    const r = await startRig(1, { refresh: { idleIntervalSec: 3600, nearIntervalSec: 60, nearWindowMin: 30 } });
    await r.clock.advance(2 * HOUR);
    const goodShifts = r.snapshot().schedules[0]?.shifts;
    r.sim.faults.set('*', { status: 503 });
    await r.sync.request({ reason: 'user' });
    await r.clock.advance(40 * MIN);
    // The schedule's own retries (the coverage list backs off on its own, slower cadence).
    const failed = r.attempts
      .filter((a) => a.outcome === 503 && a.path === '/schedules/sch_quiet_0')
      .map((a) => a.atMs);
    expect(failed.length).toBeGreaterThanOrEqual(4);
    const gaps = failed.slice(1).map((t, i) => t - failed[i]!);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThanOrEqual(gaps[i - 1]!);
    expect(gaps.at(-1)!).toBeGreaterThanOrEqual(4 * gaps[0]!); // it really backs off, it does not hammer
    expect(failed.length).toBeLessThanOrEqual(10);
    expect(r.snapshot().schedules[0]?.shifts).toBe(goodShifts);
    expect(r.snapshot().schedules[0]?.problem?.kind).toBe('server');
    r.sim.faults.clear();
    await r.clock.advance(HOUR + 5 * MIN);
    expect(r.snapshot().schedules[0]?.problem).toBeNull();
  });

  it('marks a deleted schedule as not found while the others keep refreshing', async () => {
    const r = await startRig(3);
    await r.clock.advance(HOUR);
    r.sim.state.deleteSchedule('sch_quiet_1');
    const at = r.clock.now();
    await r.clock.advance(30 * MIN);
    const [a, b, c] = r.snapshot().schedules;
    expect(b?.notFound).toBe(true);
    // Its last known data stays (shown as saved data, "not found on the service since …"; reminders skip it).
    expect(b?.shifts.length).toBeGreaterThan(0);
    for (const s of [a, c]) {
      expect(s?.notFound).toBe(false);
      expect(Date.parse(s?.detailsFetchedAt ?? '')).toBeGreaterThan(at + 20 * MIN);
    }
  });

  it('pauses on a revoked key (401) and resumes when asked after the key was replaced', async () => {
    const r = await startRig(2);
    await r.clock.advance(HOUR);
    r.sim.state.revokeKey(r.sim.apiKey);
    await r.clock.advance(10 * MIN);
    expect(r.snapshot().keyRejected).toBe(true);
    const pausedFrom = r.clock.now();
    await r.clock.advance(3 * HOUR);
    expect(r.between(pausedFrom, r.clock.now())).toHaveLength(0);
    r.sim.state.addKey(r.sim.apiKey, 'usr_me');
    r.setSnapshot({ ...r.snapshot(), keyRejected: false });
    r.sync.reset();
    await r.sync.request({ reason: 'key' });
    expect(r.snapshot().keyRejected).toBe(false);
    expect(r.between(pausedFrom, r.clock.now() + 1).filter((a) => a.outcome === 200).length).toBeGreaterThan(0);
  });
});
