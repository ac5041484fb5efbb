// The settings that live outside the engine, applied by the desktop shell as they change.
import { app, globalShortcut } from 'electron';
import type { AppState } from '../shared/view-state';
import { applyStartAtLogin } from './autostart';
import { createShortcutBinder } from './shortcut';
import { log, type Context } from './shell-context';

/** Applies the settings that live outside the engine: global shortcut and start at login (never for a demo). */
export function settingsFollower(
  { platform, demo, windows }: Context,
  onShortcutProblem: (message: string | undefined) => void,
  onLoginProblem: (message: string | undefined) => void,
) {
  const shortcut = createShortcutBinder(globalShortcut, () => windows.open('override'), log, platform);
  let loginApplied: boolean | undefined;
  const autostart = {
    platform,
    setLoginItemSettings: (s: { openAtLogin: boolean }) => app.setLoginItemSettings(s),
    getLoginItemSettings: () => app.getLoginItemSettings(),
    env: process.env,
    execPath: process.execPath,
    args: app.isPackaged ? [] : [app.getAppPath()],
  };
  return {
    apply(settings: AppState['settings']): void {
      shortcut.bind(settings.globalShortcut);
      onShortcutProblem(shortcut.problem());
      if (demo || settings.startAtLogin === loginApplied) return;
      loginApplied = settings.startAtLogin;
      void applyStartAtLogin(settings.startAtLogin, autostart).then(
        (problem) => onLoginProblem(problem),
        (e: unknown) => {
          log(`start at login: ${String(e)}`);
          onLoginProblem(`Start at login could not be set: ${e instanceof Error ? e.message : String(e)}`);
        },
      );
    },
    dispose: () => shortcut.dispose(),
  };
}
