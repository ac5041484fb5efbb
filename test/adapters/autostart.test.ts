import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyStartAtLogin, linuxAutostartPath } from '../../electron/adapters/autostart';
import {
  autostartDesktopEntry,
  autostartDir,
  loginItemProblem,
  quoteExecArg,
} from '../../electron/core/platform/autostart';
import { DESKTOP_PLATFORMS, platformTraits } from '../../electron/core/platform/desktop-platform';

const homes: string[] = [];
afterEach(async () => {
  for (const h of homes.splice(0)) await rm(h, { recursive: true, force: true });
});

async function freshHome() {
  const home = await mkdtemp(join(tmpdir(), 'oncall-home-'));
  homes.push(home);
  return home;
}

describe('XDG autostart entry (pure)', () => {
  it('lives in $XDG_CONFIG_HOME/autostart, else ~/.config/autostart (relative XDG values are ignored)', () => {
    expect(autostartDir({ HOME: '/home/a' })).toBe('/home/a/.config/autostart');
    expect(autostartDir({ HOME: '/home/a', XDG_CONFIG_HOME: '/xdg' })).toBe('/xdg/autostart');
    expect(autostartDir({ HOME: '/home/a', XDG_CONFIG_HOME: 'rel' })).toBe('/home/a/.config/autostart');
  });

  it('quotes Exec arguments as the Desktop Entry spec requires', () => {
    expect(quoteExecArg('/usr/bin/oncall-tray')).toBe('/usr/bin/oncall-tray');
    expect(quoteExecArg('/opt/OnCall Tray/oncall-tray')).toBe('"/opt/OnCall Tray/oncall-tray"');
    expect(quoteExecArg('/tmp/a$b"c')).toBe('"/tmp/a\\$b\\"c"');
    expect(quoteExecArg('100%')).toBe('100%%');
  });

  it('is a valid desktop entry that starts the app', () => {
    expect(
      autostartDesktopEntry({ name: 'OnCall Tray', command: ['/opt/OnCall Tray/oncall-tray'], comment: 'x' }),
    ).toBe(
      '[Desktop Entry]\nType=Application\nName=OnCall Tray\nComment=x\nExec="/opt/OnCall Tray/oncall-tray"\nTerminal=false\nX-GNOME-Autostart-enabled=true\n',
    );
  });
});

describe('start at login, the mechanism per platform (the table the app reads)', () => {
  it('is an XDG autostart entry on Linux and the login items API on macOS and Windows', () => {
    expect(DESKTOP_PLATFORMS.map((p) => [p, platformTraits(p).autostart])).toEqual([
      ['linux', 'xdg-autostart'],
      ['darwin', 'login-items'],
      ['win32', 'login-items'],
    ]);
  });
});

describe.each(DESKTOP_PLATFORMS)('start at login follows the setting on %s', (platform) => {
  it('turns on and off through its mechanism, and only through it', async () => {
    const home = await freshHome();
    const env = { HOME: home };
    const calls: boolean[] = [];
    const opts = {
      platform,
      setLoginItemSettings: (s: { openAtLogin: boolean }) => void calls.push(s.openAtLogin),
      getLoginItemSettings: () => ({ openAtLogin: calls.at(-1) ?? false }),
      env,
      execPath: '/opt/OnCall Tray/oncall-tray',
    };
    await applyStartAtLogin(true, opts);
    const entry = join(home, '.config', 'autostart', 'oncall-tray.desktop');
    if (platformTraits(platform).autostart === 'xdg-autostart') {
      expect(await readFile(entry, 'utf8')).toContain('Exec="/opt/OnCall Tray/oncall-tray"\n');
      await applyStartAtLogin(true, { ...opts, env: { ...env, APPIMAGE: '/home/a/Apps/OnCall-Tray.AppImage' } });
      expect(await readFile(linuxAutostartPath(env), 'utf8')).toContain('Exec=/home/a/Apps/OnCall-Tray.AppImage\n');
      await applyStartAtLogin(false, opts);
      await expect(stat(linuxAutostartPath(env))).rejects.toThrow(/ENOENT/);
      await applyStartAtLogin(false, opts); // already off: still fine
      expect(calls).toEqual([]);
    } else {
      await applyStartAtLogin(false, opts);
      expect(calls).toEqual([true, false]);
      await expect(stat(join(home, '.config'))).rejects.toThrow(/ENOENT/);
    }
  });
});

describe('start at login as the OS reads it back', () => {
  it('macOS: a login item waiting for approval, or turned off in System Settings, is said; enabled is not', async () => {
    // Electron's getLoginItemSettings on macOS 13+: `status` is the truth, `openAtLogin` only what was asked.
    expect(loginItemProblem(true, { openAtLogin: true, status: 'enabled' })).toBeUndefined();
    expect(loginItemProblem(true, { openAtLogin: true, status: 'requires-approval' })).toMatch(
      /^Start at login waits for your approval: allow OnCall Tray \(macOS: System Settings → General → Login Items/,
    );
    expect(loginItemProblem(true, { openAtLogin: true, status: 'not-registered' })).toMatch(/did not register/);
    expect(loginItemProblem(true, { openAtLogin: true, status: 'not-found' })).toMatch(/did not register/);
    expect(loginItemProblem(false, { openAtLogin: false, status: 'not-registered' })).toBeUndefined();
    expect(loginItemProblem(false, { openAtLogin: false, status: 'requires-approval' })).toBeUndefined();
    expect(loginItemProblem(false, { openAtLogin: true, status: 'enabled' })).toMatch(/still starts OnCall Tray/);
    // Windows: no status, openAtLogin is what the registry's run key says.
    expect(loginItemProblem(true, { openAtLogin: true })).toBeUndefined();
    expect(loginItemProblem(true, { openAtLogin: false })).toMatch(/did not register/);
  });

  it('the adapter sets, then reads back: its answer is the problem, or undefined when the OS agrees', async () => {
    const home = await freshHome();
    let status: string | undefined = 'requires-approval';
    const opts = {
      platform: 'darwin' as const,
      setLoginItemSettings: () => undefined,
      getLoginItemSettings: () => ({ openAtLogin: true, status }),
      env: { HOME: home },
      execPath: '/Applications/OnCall Tray.app/Contents/MacOS/OnCall Tray',
    };
    expect(await applyStartAtLogin(true, opts)).toMatch(/waits for your approval/);
    status = 'enabled';
    expect(await applyStartAtLogin(true, opts)).toBeUndefined();
    // Linux: the entry written is the truth (nothing to read back from the system).
    expect(await applyStartAtLogin(true, { ...opts, platform: 'linux' })).toBeUndefined();
  });
});
