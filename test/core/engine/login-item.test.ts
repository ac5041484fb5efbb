// Issue 49 (known item): the OS refused Start at login, and pressing Save in Settings with the box still checked
// asked the OS nothing, so the refusal stood. A Save that keeps the box checked while a refusal is known asks the OS
// again, through the real adapter: Linux's autostart entry that can't be written (its folder is a file) and then can,
// macOS's login item waiting for approval and then approved. The answer says what the OS said.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loginItemPort, type AutostartOptions } from '../../../electron/adapters/autostart';
import type { Engine } from '../../../electron/core/engine/types';
import type { LoginItem } from '../../../electron/core/ports';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MY_START } from '../support/phone-engine-rig';

const homes: string[] = [];
afterEach(async () => {
  for (const h of homes.splice(0)) await rm(h, { recursive: true, force: true });
});

/** The OS's Start at login through the real adapter, counting what is asked of it and told to the shell. */
function countedPort(o: AutostartOptions): { port: LoginItem; asked: boolean[]; told: (string | undefined)[] } {
  const asked: boolean[] = [];
  const told: (string | undefined)[] = [];
  const inner = loginItemPort(
    o,
    (p) => told.push(p),
    () => undefined,
  );
  return { port: { set: (on) => (asked.push(on), inner.set(on)) }, asked, told };
}

/** The real engine 3 h before my shift, Start at login saved on; the shell applied it at start and told the answer. */
async function started(port: LoginItem): Promise<{ engine: Engine; settle: () => Promise<void> }> {
  const h = await createHarness({ startMs: MY_START - 3 * 3_600_000, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID], startAtLogin: true });
  const engine = h.engine({ loginItem: port });
  await engine.start();
  await h.clock.advance(5000);
  // As settings-follower.ts does once the stored settings are loaded.
  engine.loginProblem(await port.set(true));
  await h.clock.advance(0);
  return { engine, settle: () => h.clock.advance(0) };
}

const autostartCheck = (engine: Engine) => engine.getState().me.readiness?.checks.find((c) => c.id === 'autostart');

describe('Save in Settings with Start at login checked, after the OS refused it', () => {
  it('Linux: asks again; still refused is said with the reason, then the entry is written and the problem goes', async () => {
    const home = await mkdtemp(join(tmpdir(), 'oncall-login-retry-'));
    homes.push(home);
    // The entry's folder is a file: what the OS says of making it, found here by asking the OS ourselves.
    await writeFile(join(home, 'autostart'), 'not a folder');
    const reason = await mkdir(join(home, 'autostart'), { recursive: true }).then(
      () => 'made',
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    const env = { XDG_CONFIG_HOME: home, HOME: home };
    const os = countedPort({
      platform: 'linux',
      setLoginItemSettings: () => undefined,
      getLoginItemSettings: () => ({ openAtLogin: false }),
      env,
      execPath: '/usr/bin/oncall-tray',
    });
    const { engine, settle } = await started(os.port);
    const refusal = `Start at login could not be set: ${reason}`;
    expect(os.told).toEqual([refusal]);
    expect(autostartCheck(engine)).toMatchObject({ result: 'problem', message: refusal });

    // Save with the box still checked (and another change): the OS is asked again, and still refuses.
    const first = await engine.handlers['settings:update']({ startAtLogin: true, theme: 'dark' });
    await settle();
    expect(os.asked).toEqual([true, true]);
    expect(first).toEqual({
      ok: false,
      error: {
        kind: 'login_item',
        message: `Settings saved. Start at login, asked of the system again, is still not on: ${refusal}`,
      },
    });
    expect(engine.getState().settings.theme, 'the rest of the Save is saved').toBe('dark');
    expect(autostartCheck(engine)).toMatchObject({ result: 'problem', message: refusal });

    // The folder can be made now: the next Save writes the entry, and Start at login is on.
    await rm(join(home, 'autostart'));
    const second = await engine.handlers['settings:update']({ startAtLogin: true });
    await settle();
    expect(os.asked).toEqual([true, true, true]);
    expect(second).toMatchObject({ ok: true, loginOn: true });
    expect(await readFile(join(home, 'autostart', 'oncall-tray.desktop'), 'utf8')).toContain(
      'Exec=/usr/bin/oncall-tray',
    );
    expect(os.told.at(-1)).toBeUndefined();
    expect(autostartCheck(engine)?.result).toBe('ok');

    // Nothing refused: a Save asks the OS nothing (the shell applies a change of the box itself), says nothing of it.
    const third = await engine.handlers['settings:update']({ startAtLogin: true, theme: 'light' });
    expect(third.ok && 'loginOn' in third).toBe(false);
    expect(os.asked).toHaveLength(3);
  }, 30_000);

  it('macOS: a login item waiting for approval is asked again and, approved meanwhile, is on', async () => {
    let approved = false;
    const calls: boolean[] = [];
    const os = countedPort({
      platform: 'darwin',
      setLoginItemSettings: (s) => void calls.push(s.openAtLogin),
      getLoginItemSettings: () => ({ openAtLogin: true, status: approved ? 'enabled' : 'requires-approval' }),
      env: {},
      execPath: '/Applications/OnCall Tray.app/Contents/MacOS/OnCall Tray',
    });
    const { engine, settle } = await started(os.port);
    expect(autostartCheck(engine)?.result).toBe('problem');
    approved = true;
    const saved = await engine.handlers['settings:update']({ startAtLogin: true });
    await settle();
    expect(calls, 'the login item was set again').toEqual([true, true]);
    expect(saved).toMatchObject({ ok: true, loginOn: true });
    expect(autostartCheck(engine)?.result).toBe('ok');
  }, 30_000);
});
