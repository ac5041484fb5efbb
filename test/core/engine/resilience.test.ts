// The engine when things go wrong: offline start, six hours without the service, a revoked key, a corrupt
// settings file. Real simulator over loopback, fake clock.
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../electron/simulator/server';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, quietSeed, threeZoneSeed } from '../support/seeds';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { HOUR, MIN } from '../../support/time';

const START = Date.parse('2026-03-25T06:00:00Z');
const IDS = ['sch_berlin', 'sch_newyork', 'sch_tokyo'];

let h: Harness | undefined;
async function ready(files: 'memory' | 'fs' = 'memory', seed: object = threeZoneSeed(), ids = IDS): Promise<Harness> {
  h = await createHarness({ startMs: START, seed, files });
  await seedSettings(h, { email: ME, scheduleIds: ids });
  return h;
}

describe('engine: offline cache', () => {
  it('serves the cached state at once, marked stale, when the service cannot be reached at start-up', async () => {
    const h = await ready();
    const first = h.engine();
    await first.start();
    await h.clock.advance(10 * MIN);
    const live = first.getState();
    await first.stop();
    await h.sim.close();
    const second = h.engine();
    await second.start();
    const served = second.getState();
    expect(served.schedules.map((s) => s.now?.users.map((u) => u.email))).toEqual(
      live.schedules.map((s) => s.now?.users.map((u) => u.email)),
    );
    expect(served.schedules.every((s) => s.status.kind === 'stale')).toBe(true);
    // The same shift; only what it and its end rest on differ (saved data now, fresh before).
    const shiftOf = (m: typeof live.me.nextShift) => (m ? { ...m, endBasis: m.endBasis.kind, basis: m.basis.kind } : m);
    expect(shiftOf(served.me.nextShift)).toEqual({ ...shiftOf(live.me.nextShift), endBasis: 'saved', basis: 'saved' });
  });
});

describe('engine: six hours offline', () => {
  it('keeps the state advancing along cached shifts, reports offline, and recovers when the service is back', async () => {
    const h = await ready();
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(30 * MIN);
    const port = Number(new URL(h.sim.url).port);
    await h.sim.close();
    const berlinBefore = engine.getState().schedules[0]?.now;
    await h.clock.advance(6 * HOUR);
    const offline = engine.getState();
    expect(offline.sync.kind).toBe('offline');
    // 06:30Z → 12:30Z: Berlin's daily handoff is at 08:00Z, so "now" has moved on to the next person.
    expect(offline.schedules[0]?.now?.start).not.toBe(berlinBefore?.start);
    expect(offline.schedules[0]?.now?.start).toBe('2026-03-25T08:00:00Z');
    expect(offline.schedules.every((s) => s.status.kind === 'stale')).toBe(true);
    const back = await startSimulator({ seed: threeZoneSeed(), port, now: () => h.clock.now() });
    try {
      engine.network(true);
      await h.clock.advance(1_000);
      const state = engine.getState();
      expect(state.sync.kind).toBe('ok');
      expect(state.schedules.every((s) => s.status.kind === 'fresh')).toBe(true);
      expect(back.requests.count({ route: 'getSchedule' })).toBe(3);
    } finally {
      await engine.stop();
      await back.close();
    }
  });
});

describe('engine: revoked key', () => {
  it('pauses syncing with "key rejected" and resumes when a new key is stored', async () => {
    const h = await ready();
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(10 * MIN);
    h.sim.state.revokeKey(h.sim.apiKey);
    await h.clock.advance(10 * MIN);
    expect(engine.getState().sync.kind).toBe('key_rejected');
    const seen = h.sim.requests.count();
    await h.clock.advance(2 * HOUR);
    expect(h.sim.requests.count()).toBe(seen);
    expect((await engine.handlers['sync:refresh'](null)).ok).toBe(false);
    h.sim.state.addKey('ocs_test_key_2', 'usr_me');
    const set = await engine.handlers['key:set']({ accountId: MAIN_ACCOUNT_ID, key: 'ocs_test_key_2' });
    expect(set).toEqual({ ok: true, value: { storage: 'keychain' } });
    expect(JSON.stringify(set)).not.toContain('ocs_test_key_2');
    await h.clock.advance(1_000);
    expect(engine.getState().sync.kind).toBe('ok');
    // Stored under the account's own entry (account id and host), so another account on this host keeps its key.
    expect(h.secrets.entries.get(`main@${new URL(h.sim.url).host}`)).toBe('ocs_test_key_2');
  });
});

describe('engine: key replaced outside the app', () => {
  it('syncs at start-up with the new key although the cache says the old one was rejected', async () => {
    const h = await ready();
    const first = h.engine();
    await first.start();
    await h.clock.advance(10 * MIN);
    h.sim.state.revokeKey(h.sim.apiKey);
    await h.clock.advance(10 * MIN);
    expect(first.getState().sync.kind).toBe('key_rejected');
    await first.stop();
    // The user replaced the key in the OS keychain while the app was closed.
    h.sim.state.addKey('ocs_test_key_2', 'usr_me');
    h.secrets.entries.set(`main@${new URL(h.sim.url).host}`, 'ocs_test_key_2');
    const second = h.engine();
    await second.start();
    await h.clock.advance(1_000);
    expect(second.getState().sync.kind).toBe('ok');
    expect(second.getState().schedules.every((s) => s.status.kind === 'fresh')).toBe(true);
  });
});

describe('engine: corrupt settings file', () => {
  it('keeps a backup, uses defaults and tells the user', async () => {
    h = await createHarness({ startMs: START, seed: quietSeed(1), files: 'fs' });
    await h.files.writeAtomic('settings.json', '{"version": 1, "baseUrl": ');
    const engine = h.engine();
    await engine.start();
    const state = engine.getState();
    expect(state.settings.accounts).toEqual([]);
    expect(state.sync.kind).toBe('needs_setup');
    expect(state.notices).toHaveLength(1);
    expect(state.notices[0]?.message).toMatch(/settings file could not be used.*backup|kept as/i);
    const names = await readdir(h.dir);
    expect(names.some((n) => n.startsWith('settings.json.bad-'))).toBe(true);
    expect(h.sim.requests.count()).toBe(0);
  });
});

describe('engine: request budget', () => {
  it('adds no requests of its own at steady state (one quiet schedule, one idle hour)', async () => {
    const h = await ready('memory', quietSeed(1), ['sch_quiet_0']);
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(HOUR);
    const from = h.sim.requests.count();
    await h.clock.advance(HOUR);
    expect(h.sim.requests.count() - from).toBeLessThanOrEqual(15);
    expect(h.sim.requests.count() - from).toBeGreaterThanOrEqual(10);
  });
});
