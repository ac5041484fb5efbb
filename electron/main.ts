// Composition root: builds the ports (clock, keychain, notifier, files), the core engine and the Electron adapters,
// and wires events between them. No logic of its own lives here; every piece it wires is tested on its own.
import { app, globalShortcut, ipcMain, Menu, net, powerMonitor, session, shell, Tray } from 'electron';
import type { IpcMainInvokeEvent, Rectangle } from 'electron';
import { createEngine } from './core/engine';
import type { Engine } from './core/engine-types';
import { createFsFileStore } from './core/fs-file-store';
import type { TrayActionId } from './core/tray-menu';
import type { ViewName } from './shared/ipc-contract';
import type { AppState } from './shared/view-state';
import { APP_ID, APP_NAME, appPaths, DESKTOP_ENTRY } from './adapters/app-paths';
import { applyStartAtLogin } from './adapters/autostart';
import { systemClock } from './adapters/clock';
import { dataDirFor, isDemoMode, startDemo, type DemoSession } from './adapters/demo';
import { createExternalOpener } from './adapters/external';
import { registerIpc, type SenderInfo } from './adapters/ipc';
import { createKeychainStore } from './adapters/keychain';
import { createNodeNotifier } from './adapters/notifier';
import { watchPowerAndNetwork } from './adapters/power';
import { hardenSession } from './adapters/security';
import { createShortcutBinder } from './adapters/shortcut';
import { createTrayController } from './adapters/tray';
import { createWindowManager, hardenWebContents } from './adapters/windows';

const log = (message: string): void => console.log(`[oncall] ${message}`);
const VIEW_OF: Partial<Record<TrayActionId, ViewName>> = {
  'open-status': 'status',
  'open-onboarding': 'onboarding',
  'open-coverage': 'coverage',
  'open-override': 'override',
  'open-team': 'team',
  'open-chat-group': 'chat-group',
  'open-settings': 'settings',
};

function senderOf(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  return { webContentsId: event.sender.id, frameUrl: frame?.url, isMainFrame: frame !== null && frame.parent === null };
}

async function startShell(demo: DemoSession | undefined) {
  const platform = process.platform;
  const paths = appPaths(app.getAppPath(), platform);
  const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  hardenSession(session.defaultSession);
  const windows = createWindowManager({ preloadPath: paths.preload, indexHtmlPath: paths.indexHtml, platform, iconPath: paths.appIcon });
  const engine: Engine = createEngine({
    clock: systemClock,
    secrets: createKeychainStore({ log }),
    notifier: createNodeNotifier({
      identity: { appName: APP_NAME, iconPath: paths.externalAppIcon, appId: APP_ID, desktopEntry: DESKTOP_ENTRY, platform },
      onClick: (view, params) => windows.open(view, params),
      log,
    }),
    files: createFsFileStore(dataDirFor(app.getPath('userData'), demo !== undefined)),
    ...(demo ? { overrides: demo.overrides } : {}),
    log,
    localZone,
  });
  let trayBounds: Rectangle | undefined;
  const openExternal = createExternalOpener({ shell, serviceBaseUrl: () => engine.getState().settings.baseUrl });
  const tray = createTrayController({
    tray: new Tray(paths.trayIcon('off')),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    iconPath: paths.trayIcon,
    clock: systemClock,
    localZone,
    platform,
    onAction: (action) => void runTrayAction(action),
    onClick: (bounds) => ((trayBounds = bounds), windows.toggleStatus(bounds)),
  });

  async function runTrayAction(action: TrayActionId): Promise<void> {
    const view = VIEW_OF[action];
    if (view) return windows.open(view, undefined, trayBounds);
    if (action === 'refresh') await engine.handlers['sync:refresh'](null);
    if (action === 'toggle-start-at-login') await engine.handlers['settings:update']({ startAtLogin: !engine.getState().settings.startAtLogin });
    if (action === 'quit') app.quit();
  }

  const unregisterIpc = registerIpc({
    ipcMain,
    senderOf,
    policy: windows,
    log,
    handlers: {
      ...engine.handlers,
      'window:open': async (r) => (windows.open(r.view, r.params, trayBounds), { ok: true, value: null }),
      'window:close': async (_r, event) => (windows.closeFor(event.sender.id), { ok: true, value: null }),
      'external:open': (r) => openExternal(r.url),
    },
  });

  const shortcut = createShortcutBinder(globalShortcut, () => windows.open('override'), log);
  let started = false;
  let loginApplied: boolean | undefined;
  function follow(state: AppState): void {
    tray.update(state);
    windows.push('state:changed', state);
    shortcut.bind(state.settings.globalShortcut);
    const startAtLogin = state.settings.startAtLogin;
    // Only once the stored settings are loaded; and a demo never registers itself to start at login.
    if (!started || demo || startAtLogin === loginApplied) return;
    loginApplied = startAtLogin;
    const autostart = { platform, setLoginItemSettings: (s: { openAtLogin: boolean }) => app.setLoginItemSettings(s), env: process.env, execPath: process.execPath, args: app.isPackaged ? [] : [app.getAppPath()] };
    void applyStartAtLogin(startAtLogin, autostart).catch((e: unknown) => log(`start at login: ${String(e)}`));
  }
  const unsubscribe = engine.subscribe(follow);
  const stopPower = watchPowerAndNetwork({
    powerMonitor,
    isOnline: () => net.isOnline(),
    clock: systemClock,
    onPower: (event) => engine.power(event),
    onNetwork: (online) => engine.network(online),
  });

  await engine.start();
  started = true;
  follow(engine.getState());
  if (engine.getState().sync.kind === 'needs_setup') windows.open('onboarding');

  return {
    engine,
    tray,
    windows,
    async stop(): Promise<void> {
      stopPower();
      unsubscribe();
      shortcut.dispose();
      unregisterIpc();
      tray.dispose();
      windows.destroyAll();
      await engine.stop();
      await demo?.close();
    },
  };
}

export type Shell = Awaited<ReturnType<typeof startShell>>;

async function boot(): Promise<Shell | undefined> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
  app.dock?.hide();
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  // A tray app lives on with no window open.
  app.on('window-all-closed', () => undefined);
  await app.whenReady();
  const demo = isDemoMode(process.argv, process.env) ? await startDemo() : undefined;
  const desktop = await startShell(demo);
  app.on('second-instance', () => desktop.windows.open('status'));
  let stopping = false;
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    // Hold the quit until timers are stopped and the cache is flushed, then quit for real.
    event.preventDefault();
    if (stopping) return;
    stopping = true;
    void desktop
      .stop()
      .catch((e: unknown) => log(`shutdown: ${String(e)}`))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit());
  return desktop;
}

/** Settles once the app is running (or has declined to, as a second instance); the tests await it. */
export const running: Promise<Shell | undefined> = boot().catch((error: unknown) => {
  log(`could not start: ${error instanceof Error ? error.message : String(error)}`);
  app.exit(1);
  return undefined;
});
