// Settings updates through the engine: several at once (a field typed while a toggle is flipped) all land,
// in memory and on disk. Real simulator over loopback, real files, fake clock.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, quietSeed } from '../support/seeds';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { RECORD_KEY_ACCOUNT } from '../../../electron/core/storage/record-key';

const START = Date.parse('2026-03-10T06:00:00Z');

let h: Harness | undefined;
describe('engine: concurrent settings updates', () => {
  it('keeps both of two updates made at the same time, in the state and in the settings file', async () => {
    h = await createHarness({ startMs: START, seed: quietSeed(1), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_quiet_0'] });
    const engine = h.engine();
    await engine.start();
    const [a, b] = await Promise.all([
      engine.handlers['settings:update']({ account: { id: MAIN_ACCOUNT_ID, email: 'alice@example.com' } }),
      engine.handlers['settings:update']({ startAtLogin: true }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(b.ok && b.value.accounts.map((x) => x.email)).toEqual(['alice@example.com']);
    expect(engine.getState().settings.accounts.map((x) => x.email)).toEqual(['alice@example.com']);
    expect(engine.getState().settings.startAtLogin).toBe(true);
    const onDisk: unknown = JSON.parse(await readFile(join(h.dir, 'settings.json'), 'utf8'));
    expect(onDisk).toMatchObject({ accounts: [{ id: 'main', email: 'alice@example.com' }], startAtLogin: true });
  });

  it('goes on with the next update after one is refused', async () => {
    h = await createHarness({ startMs: START, seed: quietSeed(1), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_quiet_0'] });
    const engine = h.engine();
    await engine.start();
    const [bad, good] = await Promise.all([
      engine.handlers['settings:update']({ account: { id: MAIN_ACCOUNT_ID, baseUrl: 'not a url' } }),
      engine.handlers['settings:update']({ account: { id: MAIN_ACCOUNT_ID, email: 'bob@example.com' } }),
    ]);
    expect(bad.ok).toBe(false);
    expect(good.ok).toBe(true);
    expect(engine.getState().settings.accounts.map((x) => [x.email, x.baseUrl])).toEqual([
      ['bob@example.com', h.sim.url],
    ]);
  });
});

describe('engine: upgrading from the single-service version', () => {
  it('loads its v1 file as one main account, writes it back as v2 and moves its key to the account entry', async () => {
    h = await createHarness({ startMs: START, seed: quietSeed(1), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_quiet_0'], legacy: true });
    const host = new URL(h.sim.url).host;
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(1_000);
    const state = engine.getState();
    expect(state.sync.kind).toBe('ok');
    expect(state.accounts.map((a) => [a.id, a.label, a.email, a.hasKey])).toEqual([
      ['main', new URL(h.sim.url).hostname, ME, true],
    ]);
    expect(state.schedules.map((s) => [s.id, s.status.kind])).toEqual([['sch_quiet_0', 'fresh']]);
    const onDisk: unknown = JSON.parse(await readFile(join(h.dir, 'settings.json'), 'utf8'));
    expect(onDisk).toMatchObject({
      version: 2,
      accounts: [{ id: 'main', baseUrl: h.sim.url, email: ME, schedules: [{ id: 'sch_quiet_0' }] }],
    });
    expect(Object.keys(onDisk as object)).not.toContain('baseUrl');
    // The key now lives under the account's entry; the host-named one is gone, so removing the key removes it.
    expect([...h.secrets.entries.entries()].filter(([k]) => k !== RECORD_KEY_ACCOUNT)).toEqual([
      [`main@${host}`, h.sim.apiKey],
    ]);
  });
});
