// Makes "Start at login" true on each platform: the login items API on macOS and Windows, an XDG autostart
// entry on Linux. Everything it needs is passed in, so the Linux part runs in tests against a temporary HOME.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { posix } from 'node:path';
import {
  AUTOSTART_FILE_NAME,
  autostartDesktopEntry,
  autostartDir,
  loginItemProblem,
  type LoginItemReadback,
} from '../core/platform/autostart';
import { platformTraits } from '../core/platform/desktop-platform';
import type { LoginItem } from '../core/ports';

export interface AutostartOptions {
  platform: NodeJS.Platform;
  /** Electron's app.setLoginItemSettings (macOS, Windows). */
  setLoginItemSettings(settings: { openAtLogin: boolean }): void;
  /** Electron's app.getLoginItemSettings (macOS, Windows): what the OS made of it, read back. */
  getLoginItemSettings(): LoginItemReadback;
  env: { XDG_CONFIG_HOME?: string | undefined; HOME?: string | undefined; APPIMAGE?: string | undefined };
  execPath: string;
  /** Extra arguments, e.g. the app folder when running unpackaged (`electron .`). */
  args?: readonly string[];
  iconPath?: string;
}

/** Path of the Linux autostart entry this app manages. */
export function linuxAutostartPath(env: AutostartOptions['env']): string {
  return posix.join(autostartDir(env), AUTOSTART_FILE_NAME);
}

/** Sets Start at login, and says why it did not take (from the OS's own read-back), or undefined when it did. */
export async function applyStartAtLogin(enabled: boolean, o: AutostartOptions): Promise<string | undefined> {
  if (platformTraits(o.platform).autostart === 'login-items') {
    o.setLoginItemSettings({ openAtLogin: enabled });
    return loginItemProblem(enabled, o.getLoginItemSettings());
  }
  const path = linuxAutostartPath(o.env);
  if (!enabled) {
    await rm(path, { force: true });
    return undefined;
  }
  // An AppImage's own path survives updates in place; the mounted execPath changes on every launch.
  const command = o.env.APPIMAGE ? [o.env.APPIMAGE] : [o.execPath, ...(o.args ?? [])];
  const text = autostartDesktopEntry({
    name: 'OnCall Tray',
    comment: 'Who is on call now and next',
    command,
    ...(o.iconPath ? { iconPath: o.iconPath } : {}),
  });
  await mkdir(autostartDir(o.env), { recursive: true });
  await writeFile(path, text, { mode: 0o644 });
  return undefined;
}

/** Start at login as the core's port: a write the OS refused (a Linux entry that can't be written) is an answer in
 *  its words, never a rejection; `told` hears every answer (the tray and readiness say it). */
export function loginItemPort(
  o: AutostartOptions,
  told: (problem: string | undefined) => void,
  log: (message: string) => void,
): LoginItem {
  return {
    async set(enabled) {
      const problem = await applyStartAtLogin(enabled, o).catch((e: unknown) => {
        log(`start at login: ${String(e)}`);
        return `Start at login could not be set: ${e instanceof Error ? e.message : String(e)}`;
      });
      told(problem);
      return problem;
    },
  };
}
