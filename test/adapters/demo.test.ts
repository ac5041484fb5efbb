import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix, win32 } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../electron/adapters/clock';
import { dataDirFor, DEMO_EMAIL, isDemoMode, relaunchArgs, startDemo } from '../../electron/adapters/demo';
import { createEngine } from '../../electron/core/engine/engine';
import { pathFor, type DesktopPlatform, type PathModule } from '../../electron/core/platform/desktop-platform';
import { createFsFileStore } from '../../electron/core/storage/fs-file-store';
import type { SecretStore } from '../../electron/core/ports';
import type { AppState } from '../../electron/shared/view-state';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function recordingSecrets(): { store: SecretStore; calls: string[] } {
  const calls: string[] = [];
  const store: SecretStore = {
    get: async (a) => (calls.push(`get ${a}`), { ok: true, value: undefined }),
    set: async (a) => (calls.push(`set ${a}`), { ok: true, value: { storage: 'keychain' } }),
    delete: async (a) => (calls.push(`delete ${a}`), { ok: true, value: null }),
  };
  return { store, calls };
}

function until(
  engine: { getState(): AppState; subscribe(l: (s: AppState) => void): () => void },
  test: (s: AppState) => boolean,
) {
  return new Promise<AppState>((resolve) => {
    if (test(engine.getState())) return resolve(engine.getState());
    const off = engine.subscribe((s) => {
      if (test(s)) {
        off();
        resolve(s);
      }
    });
  });
}

describe('demo mode', () => {
  it('is on with --demo or ONCALL_DEMO=1, and keeps its data in its own folder', () => {
    expect(isDemoMode(['electron', '.', '--demo'], {})).toBe(true);
    expect(isDemoMode(['electron', '.'], { ONCALL_DEMO: '1' })).toBe(true);
    expect(isDemoMode(['electron', '.'], { ONCALL_DEMO: '0' })).toBe(false);
  });

  it.each<[DesktopPlatform, PathModule, string, string]>([
    ['linux', posix, '/home/u/.config/OnCall Tray', '/home/u/.config/OnCall Tray/demo'],
    [
      'darwin',
      posix,
      '/Users/u/Library/Application Support/OnCall Tray',
      '/Users/u/Library/Application Support/OnCall Tray/demo',
    ],
    [
      'win32',
      win32,
      'C:\\Users\\u\\AppData\\Roaming\\OnCall Tray',
      'C:\\Users\\u\\AppData\\Roaming\\OnCall Tray\\demo',
    ],
  ])('on %s keeps demo data in a folder of its own inside userData', (platform, paths, userData, demoDir) => {
    expect(pathFor(platform)).toBe(paths);
    expect(dataDirFor(userData, true, pathFor(platform))).toBe(demoDir);
    expect(dataDirFor(userData, false, pathFor(platform))).toBe(userData);
  });

  it('runs the real engine against the embedded simulator with the demo seed, never writing to the keychain', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'oncall-userdata-'));
    cleanups.push(() => rm(userData, { recursive: true, force: true }));
    const demo = await startDemo();
    cleanups.push(() => demo.close());
    expect(demo.overrides).toMatchObject({
      email: DEMO_EMAIL,
      demo: true,
      scheduleIds: ['sch_platform_primary', 'sch_payments_us', 'sch_data_tokyo'],
    });
    expect(demo.overrides.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const secrets = recordingSecrets();
    const engine = createEngine({
      clock: systemClock,
      secrets: secrets.store,
      notifier: { notify: async () => {} },
      files: createFsFileStore(dataDirFor(userData, true)),
      overrides: demo.overrides,
      localZone: 'Europe/Berlin',
    });
    cleanups.push(() => engine.stop());
    await engine.start();
    const state = await until(
      engine,
      (s) => s.schedules.length === 3 && s.schedules.every((x) => x.status.kind === 'fresh'),
    );
    expect(state.setup).toEqual({ hasKey: true, keyStorage: 'memory', demo: true });
    expect(state.schedules.map((s) => s.name)).toEqual(['Platform primary', 'Payments US', 'Data Tokyo']);
    expect(state.settings.accounts.map((a) => a.email)).toEqual([DEMO_EMAIL]);
    expect(secrets.calls.filter((c) => !c.startsWith('get'))).toEqual([]);
    await engine.stop();
    expect(await readdir(userData)).toEqual(['demo']);
  });
});

describe('switching between demo data and the live service', () => {
  it('relaunches with the same arguments, adding or dropping --demo', () => {
    expect(relaunchArgs(['/opt/oncall', '.', '--verbose'], 'demo')).toEqual(['.', '--verbose', '--demo']);
    expect(relaunchArgs(['/opt/oncall', '.', '--demo', '--verbose'], 'live')).toEqual(['.', '--verbose']);
    expect(relaunchArgs(['/opt/oncall', '--demo'], 'demo')).toEqual(['--demo']);
  });
});
