// The tray as the desktop shell builds it: its menu's commands, its icon, and what it says went wrong outside the engine.
import { app, Menu, Tray } from 'electron';
import type { Rectangle } from 'electron';
import type { Engine } from '../core/engine/types';
import { trayCommands } from './tray-commands';
import { systemClock } from './clock';
import { createTrayController, STARTING_ICON } from './tray';
import { DISPLAY_LOCALE } from '../shared/format';
import type { Context } from './shell-context';

export function buildTray({ platform, paths, windows, updates, openExternal, zone }: Context, engine: Engine) {
  let bounds: Rectangle | undefined;
  const commands = trayCommands({
    engine,
    clock: systemClock,
    localZone: zone.current,
    open: (view, params) => windows.open(view, params, bounds),
    updatePage: () => updates.notice()?.url,
    openCheckedLink: openExternal,
    quit: () => app.quit(),
  });
  const controller = createTrayController({
    tray: new Tray(paths.trayIcon(STARTING_ICON)),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    iconPath: paths.trayIcon,
    clock: systemClock,
    localZone: zone.current,
    locale: DISPLAY_LOCALE,
    platform,
    onAction: (action, params) => void commands[action](params),
    onClick: (clicked) => ((bounds = clicked), windows.toggleStatus(clicked)),
  });
  return { controller, bounds: () => bounds };
}

/** What the tray menu says went wrong with the global shortcut or the login item (the OS's read-back on macOS). The
 *  shortcut's is also answered to Settings through shortcut:status; the login item's is told to the engine, whose
 *  readiness judges Start at login from it (the tray leaves it out where the readiness line says it). */
export function shellProblems(tray: ReturnType<typeof createTrayController>, engine: Pick<Engine, 'loginProblem'>) {
  let shortcutProblem: string | undefined;
  return {
    shortcut: () => shortcutProblem,
    setShortcut: (problem: string | undefined) => {
      shortcutProblem = problem;
      tray.setShortcutProblem(problem);
    },
    setLogin: (problem: string | undefined) => {
      engine.loginProblem(problem);
      tray.setLoginProblem(problem);
    },
  };
}
