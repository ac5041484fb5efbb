// The keychain SecretStore against a real gnome-keyring-daemon, in a private D-Bus session with a fresh HOME:
// set, get, replace and delete the key, with service "OnCall Tray" and the service host as account, and nothing
// readable on disk. Then without any Secret Service: the key is kept in memory for the session, and said so.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MEMORY_ONLY_MESSAGE } from '../../electron/adapters/keychain';
import { requireTools } from './support/tools';

const run = promisify(execFile);
const root = process.cwd();
const homes: string[] = [];
afterAll(async () => {
  for (const h of homes) await rm(h, { recursive: true, force: true });
});

async function freshHome(): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'oncall-keyring-home-'));
  homes.push(home);
  return home;
}

function cleanEnv(home: string): NodeJS.ProcessEnv {
  const {
    DBUS_SESSION_BUS_ADDRESS: _bus,
    DISPLAY: _display,
    WAYLAND_DISPLAY: _wl,
    XDG_RUNTIME_DIR: _rt,
    ...rest
  } = process.env;
  return {
    ...rest,
    HOME: home,
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

const ResultSchema = z.object({ steps: z.record(z.string(), z.unknown()), logs: z.array(z.string()) });

function resultOf(stdout: string): z.infer<typeof ResultSchema> {
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`no RESULT line in:\n${stdout}`);
  return ResultSchema.parse(JSON.parse(line.slice('RESULT '.length)));
}

const script = 'test/system/support/keychain-roundtrip.ts';

describe.skipIf(process.platform !== 'linux')('keychain on a real Secret Service (Linux)', () => {
  beforeAll(() => requireTools(['dbus-run-session', 'gnome-keyring-daemon']));

  it('sets, reads back after a restart, replaces and deletes the key in gnome-keyring, never in plaintext on disk', async () => {
    const home = await freshHome();
    const shell = `printf '%s' test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "${process.execPath}" --import tsx ${script}`;
    const { stdout } = await run('dbus-run-session', ['--', 'sh', '-c', shell], {
      cwd: root,
      env: cleanEnv(home),
      timeout: 60_000,
    });
    const { steps, logs } = resultOf(stdout);
    expect(steps).toEqual({
      initial: { ok: true }, // value undefined: no key yet (JSON drops it)
      set: { ok: true, value: { storage: 'keychain' } },
      get: { ok: true, value: 'ocs_key_one' },
      afterRestart: { ok: true, value: 'ocs_key_one' },
      replace: { ok: true, value: { storage: 'keychain' } },
      getReplaced: { ok: true, value: 'ocs_key_two' },
      credentials: [{ account: 'oncall.example.com', password: 'ocs_key_two' }],
      delete: { ok: true, value: null },
      afterDelete: { ok: true },
    });
    expect(logs).toEqual([]);
    // The keyring file exists (the daemon really stored items) but holds no key in the clear.
    const files = await filesUnder(home);
    expect(files.some((f) => f.endsWith('.keyring'))).toBe(true);
    for (const f of files) {
      if ((await stat(f)).size > 10_000_000) continue;
      const bytes = await readFile(f);
      expect(bytes.includes('ocs_key_one') || bytes.includes('ocs_key_two'), f).toBe(false);
    }
  });

  it('without a Secret Service keeps the key in memory for the session, says so, and writes nothing', async () => {
    const home = await freshHome();
    const env = { ...cleanEnv(home), DBUS_SESSION_BUS_ADDRESS: 'disabled:' };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { cwd: root, env, timeout: 60_000 });
    const { steps, logs } = resultOf(stdout);
    expect(steps).toMatchObject({
      initial: { ok: false, error: { kind: 'unavailable' } },
      set: { ok: true, value: { storage: 'memory' } },
      get: { ok: true, value: 'ocs_key_one' },
      afterRestart: { ok: false, error: { kind: 'unavailable' } },
      replace: { ok: true, value: { storage: 'memory' } },
      getReplaced: { ok: false, error: { kind: 'unavailable' } },
      delete: { ok: true, value: null },
    });
    expect(logs).toHaveLength(2);
    expect(logs[0]?.startsWith(MEMORY_ONLY_MESSAGE)).toBe(true);
    expect(logs.join('\n')).not.toContain('ocs_key');
    expect(await filesUnder(home)).toEqual([]);
  });
});
