// The settings that live outside the engine, applied by the desktop shell as they change.
import { app, globalShortcut } from 'electron';
import type { AppState } from '../shared/view-state';
import type { LoginItem } from '../core/ports';
import { loginItemPort } from './autostart';
import { createShortcutBinder } from './shortcut';
import { log, type Context } from './shell-context';

/** The OS's Start at login as the engine's port; every answer (the shell's or a Save's retry) is `told`. */
export function shellLoginItem(platform: NodeJS.Platform, told: (problem: string | undefined) => void): LoginItem {
  const autostart = {
    platform,
    setLoginItemSettings: (s: { openAtLogin: boolean }) => app.setLoginItemSettings(s),
    getLoginItemSettings: () => app.getLoginItemSettings(),
    env: process.env,
    execPath: process.execPath,
    args: app.isPackaged ? [] : [app.getAppPath()],
  };
  return loginItemPort(autostart, told, log);
}

/** Applies the settings that live outside the engine: global shortcut and start at login (no `loginItem`: a demo).
 *  A change of Start at login is applied here; a Save that keeps it on retries a refusal in the engine. */
export function settingsFollower(
  { platform, windows }: Context,
  onShortcutProblem: (message: string | undefined) => void,
  loginItem: LoginItem | undefined,
) {
  const shortcut = createShortcutBinder(globalShortcut, () => windows.open('override'), log, platform);
  let loginApplied: boolean | undefined;
  return {
    apply(settings: AppState['settings']): void {
      shortcut.bind(settings.globalShortcut);
      onShortcutProblem(shortcut.problem());
      if (!loginItem || settings.startAtLogin === loginApplied) return;
      loginApplied = settings.startAtLogin;
      void loginItem.set(settings.startAtLogin);
    },
    dispose: () => shortcut.dispose(),
  };
}
