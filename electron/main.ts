// Composition root: builds the ports (clock, keychain, notifier, files), the core engine and the Electron adapters,
// and wires events between them. No logic of its own lives here; every piece it wires is tested on its own.
import {
  app,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  net,
  Notification,
  powerMonitor,
  protocol,
  session,
  shell,
  Tray,
} from 'electron';
import type { IpcMainInvokeEvent, Rectangle } from 'electron';
import { createEngine } from './core/engine/engine';
import type { Engine } from './core/engine/types';
import { createFsFileStore } from './core/storage/fs-file-store';
import { copyAskCover, copySubscribeLink, copySummary, trayCommands } from './adapters/tray-commands';
import type { AppState } from './shared/view-state';
import { setupParams } from './shared/accounts';
import { APP_ID, APP_NAME, appPaths, DESKTOP_ENTRY, type AppPaths } from './adapters/app-paths';
import { APP_SCHEME, createAppProtocolHandler, RENDERER_INDEX_URL } from './adapters/app-protocol';
import {
  isPrerenderedPage,
  loadPrerender,
  prerenderAhead,
  type PrerenderAhead,
  type PrerenderInput,
  type Prerendered,
} from './core/platform/prerender-page';
import type { LocalZone } from './core/platform/local-zone';
import { alarmFromButton, wireAlarmActivations } from './adapters/alarm-actions';
import { applyStartAtLogin } from './adapters/autostart';
import { systemClock } from './adapters/clock';
import { dataDirFor, isDemoMode, relaunchArgs, startDemo, type DemoSession } from './adapters/demo';
import { createExternalOpener } from './adapters/external';
import { hostPlatform } from './adapters/host';
import { registerIpc, type SenderInfo } from './adapters/ipc';
import { createKeychainStore } from './adapters/keychain';
import { watchLifecycle } from './adapters/lifecycle';
import { notificationFallback } from './adapters/notification-fallback';
import { appNotifications } from './adapters/notifications';
import { watchPowerAndNetwork } from './adapters/power';
import { hardenSession } from './adapters/security';
import { createShortcutBinder } from './adapters/shortcut';
import { watchSystemZone } from './adapters/system-zone';
import { createTrayController } from './adapters/tray';
import { watchForUpdates } from './adapters/update-check';
import { createWindowManager, hardenWebContents, type WindowManager } from './adapters/windows';
import { createAlarmWindows, type AlarmWindows } from './adapters/alarm-window';
import { alarmHandlers } from './adapters/alarm-ipc';
import { DISPLAY_LOCALE } from './shared/format';

const log = (message: string): void => console.log(`[oncall] ${message}`);

function senderOf(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  return { webContentsId: event.sender.id, frameUrl: frame?.url, isMainFrame: frame !== null && frame.parent === null };
}

interface Context {
  platform: NodeJS.Platform;
  paths: AppPaths;
  demo: DemoSession | undefined;
  windows: WindowManager;
  updates: ReturnType<typeof watchForUpdates>;
  openExternal: ReturnType<typeof createExternalOpener>;
  /** The system's zone, followed (not Intl's, which main keeps from launch): every time main shows is in it. */
  zone: LocalZone;
  /** The shift-start alarm's windows (one per display), the engine's AlarmSurface. */
  alarms: AlarmWindows;
}

function buildEngine({
  platform,
  paths,
  demo,
  windows,
  zone,
  alarms,
}: Pick<Context, 'platform' | 'paths' | 'demo' | 'windows' | 'zone' | 'alarms'>): Engine {
  // Set below; a refused notification (macOS) asks readiness again through it.
  const late: { engine?: Engine } = {};
  // macOS: Electron's Notification; elsewhere node-notifier. Readiness asks the same path it delivers through. What
  // macOS refuses (an unsigned build since Electron 42) opens its window and a message box instead, never silence.
  const notifications = appNotifications({
    identity: {
      appName: APP_NAME,
      iconPath: paths.externalAppIcon,
      appId: APP_ID,
      desktopEntry: DESKTOP_ENTRY,
      platform,
    },
    electron: { isSupported: () => Notification.isSupported(), create: (options) => new Notification(options) },
    onClick: (view, params) => windows.open(view, params),
    onAction: (n, index) => late.engine && alarmFromButton(n.id, index, late.engine),
    onFailed: notificationFallback({
      openWindow: (view, params) => windows.open(view, params),
      showMessage: (message) => dialog.showMessageBox(message),
      recheck: () => late.engine?.popoverOpened(),
      platform,
      log,
    }),
    log,
  });
  const engine = createEngine({
    clock: systemClock,
    secrets: createKeychainStore({ log }),
    notifier: notifications.notifier,
    files: createFsFileStore(dataDirFor(app.getPath('userData'), demo !== undefined)),
    ...(demo ? { overrides: demo.overrides } : {}),
    // Read at each plan and judgement: after a change the plan is made again in the new zone before anything is said.
    localZone: zone.current,
    // Readiness before a shift: can notifications be shown on the path they take (D-Bus on Linux, Electron on macOS).
    notificationHealth: notifications.health,
    // The ringing alarm's window (one per display); its "Can't — find cover" opens Ask for cover / take over.
    alarmSurface: alarms,
    openView: (view, params) => windows.open(view, params),
    platform,
    log,
  });
  late.engine = engine;
  return engine;
}

function buildTray({ platform, paths, windows, updates, openExternal, zone }: Context, engine: Engine) {
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
    tray: new Tray(paths.trayIcon('off')),
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

/** Restarts into demo data or the user's own service; the quit path stops timers and flushes the cache first. */
function switchMode(mode: 'demo' | 'live'): void {
  if (mode === 'live') delete process.env.ONCALL_DEMO;
  app.relaunch({ args: relaunchArgs(process.argv, mode) });
  app.quit();
}

function registerHandlers(
  engine: Engine,
  { windows, updates, openExternal, alarms }: Context,
  trayBounds: () => Rectangle | undefined,
  shortcutProblem: () => string | undefined,
): () => void {
  return registerIpc({
    ipcMain,
    senderOf,
    // The alarm windows load the same page as the others and are ours too.
    policy: {
      ownWebContentsIds: () => new Set([...windows.ownWebContentsIds(), ...alarms.ownWebContentsIds()]),
      isOwnUrl: (url) => windows.isOwnUrl(url),
    },
    log,
    handlers: {
      ...engine.handlers,
      ...alarmHandlers(engine, alarms, log),
      'state:get': async () => ({ ok: true, value: updates.withNotice(engine.getState()) }),
      'window:open': async (r) => (windows.open(r.view, r.params, trayBounds()), { ok: true, value: null }),
      'window:close': async (_r, event) => (windows.closeFor(event.sender.id), { ok: true, value: null }),
      'external:open': (r) => openExternal(r.url),
      'summary:copy': () => copySummary(engine),
      'cover:copy': (r) => copyAskCover(engine, r),
      'phone:copy-link': () => copySubscribeLink(engine),
      'app:mode': async (r) => (switchMode(r.mode), { ok: true, value: null }),
      'shortcut:status': async () => ({ ok: true, value: { problem: shortcutProblem() ?? null } }),
    },
  });
}

/** Applies the settings that live outside the engine: global shortcut and start at login (never for a demo). */
function settingsFollower(
  { platform, demo, windows }: Context,
  onShortcutProblem: (message: string | undefined) => void,
  onLoginProblem: (message: string | undefined) => void,
) {
  const shortcut = createShortcutBinder(globalShortcut, () => windows.open('override'), log);
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

/** The popover's first frame: rendered in main from the state last shown (once the bundle is loaded, after start-up;
 *  until then the popover renders itself), and warmed ahead of the click that asks for it. */
function prerenderPart(paths: AppPaths) {
  let render: ((url: URL) => Prerendered | undefined) | undefined;
  let input: (() => PrerenderInput | undefined) | undefined;
  let ahead: PrerenderAhead | undefined;
  const current = (): PrerenderInput | undefined => input?.();
  return {
    page: (url: URL) => render?.(url),
    shown(state: AppState, zone: LocalZone, hasPage: boolean): void {
      input = () => ({ state, nowMs: systemClock.now(), locale: DISPLAY_LOCALE, localZone: zone.current() });
      // Rendered ahead only while no popover page exists: the one loaded (hidden) at start is kept and gets this
      // state by push, so a render now would be thrown away (10-20 ms of main's time on every state change).
      if (!hasPage) ahead?.warmSoon(current);
    },
    load: () =>
      loadPrerender(paths.prerender).then((loaded) => {
        if (!loaded) return log('prerender: bundle missing or unreadable; the popover renders itself');
        const kept = prerenderAhead(loaded);
        ahead = kept;
        kept.warmSoon(current);
        render = (url) => {
          const now = isPrerenderedPage(url) ? current() : undefined;
          return now && kept.get(now);
        };
      }),
  };
}

/** What the tray menu says went wrong with the global shortcut or the login item (the OS's read-back on macOS). The
 *  shortcut's is also answered to Settings through shortcut:status. */
function shellProblems(tray: ReturnType<typeof createTrayController>) {
  let shortcutProblem: string | undefined;
  return {
    shortcut: () => shortcutProblem,
    setShortcut: (problem: string | undefined) => {
      shortcutProblem = problem;
      tray.setShortcutProblem(problem);
    },
    setLogin: (problem: string | undefined) => tray.setLoginProblem(problem),
  };
}

/** Stops the shell's watchers first, then its windows, the engine and a demo's simulator last. */
async function shutdown(
  watchers: Array<() => void>,
  parts: {
    tray: { dispose(): void };
    windows: WindowManager;
    alarms: AlarmWindows;
    engine: Engine;
    demo: DemoSession | undefined;
  },
): Promise<void> {
  for (const stop of watchers) stop();
  protocol.unhandle(APP_SCHEME);
  parts.tray.dispose();
  parts.windows.destroyAll();
  parts.alarms.destroyAll();
  await parts.engine.stop();
  await parts.demo?.close();
}

async function startShell(demo: DemoSession | undefined) {
  const platform = hostPlatform();
  const paths = appPaths(app.getAppPath(), platform);
  hardenSession(session.defaultSession);
  const popoverPage = prerenderPart(paths);
  protocol.handle(APP_SCHEME, createAppProtocolHandler(paths.rendererDir, { prerender: popoverPage.page }));
  const windows = createWindowManager({
    preloadPath: paths.preload,
    indexUrl: RENDERER_INDEX_URL,
    platform,
    iconPath: paths.appIcon,
  });
  const zone = watchSystemZone({ platform, env: process.env, clock: systemClock, powerMonitor, log });
  const alarms = createAlarmWindows({
    preloadPath: paths.preload,
    indexUrl: RENDERER_INDEX_URL,
    clock: systemClock,
    log,
  });
  const engine = buildEngine({ platform, paths, demo, windows, zone, alarms });
  windows.onStatusShown(() => engine.popoverOpened());
  // Outside demo only, in the background: a notice joins the state the tray and windows are shown.
  const updates = watchForUpdates({
    appDir: app.getAppPath(),
    dataDir: dataDirFor(app.getPath('userData'), false),
    enabled: demo === undefined,
    clock: systemClock,
    log,
    changed: () => follow(engine.getState()),
  });
  const serviceBaseUrl = (): string[] => engine.getState().settings.accounts.map((a) => a.baseUrl);
  const openExternal = createExternalOpener({ shell, serviceBaseUrl, releasePages: updates.releasePages });
  const context: Context = { platform, paths, demo, windows, updates, openExternal, zone, alarms };
  const tray = buildTray(context, engine);
  const problems = shellProblems(tray.controller);
  const unregisterIpc = registerHandlers(engine, context, tray.bounds, problems.shortcut);
  const follower = settingsFollower(context, problems.setShortcut, problems.setLogin);
  let started = false;
  const follow = (engineState: AppState): void => {
    const state = updates.withNotice(engineState);
    tray.controller.update(state);
    windows.push('state:changed', state);
    popoverPage.shown(state, zone, windows.hasStatus());
    // Settings are applied only once the stored ones are loaded, not the defaults the engine starts from.
    if (started) follower.apply(state.settings);
  };
  const unsubscribe = engine.subscribe(follow);
  // The state holds no local times, so a new zone changes nothing there: the tray and windows are redrawn for it.
  zone.onChange(() => follow(engine.getState()));
  const stopPower = watchPowerAndNetwork({
    powerMonitor,
    isOnline: () => net.isOnline(),
    clock: systemClock,
    onPower: (event) => engine.power(event),
    onNetwork: (online) => engine.network(online),
  });
  await engine.start();
  const stopAlarms = wireAlarmActivations(app, process.argv, engine);
  started = true;
  follow(engine.getState());
  // After the engine started: loading the bundle (a synchronous require) must not delay the first sync.
  const prerenderReady = popoverPage.load();
  let stopping: Promise<void> | undefined;
  if (engine.getState().sync.kind === 'needs_setup') windows.open('onboarding', setupParams(engine.getState()));
  // The popover waits, loaded and hidden, for the first click on the tray (its first frame then comes from the
  // prerender, with the state of that moment; pushes keep it current).
  // (Not once quitting has begun: the window would outlive the shell.)
  else void prerenderReady.then(() => stopping === undefined && windows.prepareStatus());

  const stop = (): Promise<void> =>
    (stopping ??= shutdown(
      [() => zone.stop(), stopPower, () => updates.stop(), unsubscribe, follower.dispose, unregisterIpc, stopAlarms],
      { tray: tray.controller, windows, alarms, engine, demo },
    ));
  return { engine, tray: tray.controller, windows, stop };
}

export type Shell = Awaited<ReturnType<typeof startShell>>;

async function boot(): Promise<Shell | undefined> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  // Listening starts here, before start-up: a second launch or a quit meanwhile is remembered, not lost.
  const lifecycle = watchLifecycle({ app, signals: process, log });
  if (hostPlatform() === 'win32') app.setAppUserModelId(APP_ID);
  app.dock?.hide();
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  // Before ready, as Electron requires. A standard, secure scheme: relative URLs, 'self' in the CSP and secure-context
  // APIs work as for https; no CSP bypass, no fetch or CORS privileges (the renderer only talks over IPC).
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }]);
  // A tray app lives on with no window open.
  app.on('window-all-closed', () => undefined);
  await app.whenReady();
  const demo = isDemoMode(process.argv, process.env) ? await startDemo() : undefined;
  const desktop = await startShell(demo);
  const stop = (): Promise<void> => (lifecycle.dispose(), desktop.stop());
  lifecycle.attach({ showStatus: () => desktop.windows.open('status'), stop });
  return { ...desktop, stop };
}

/** Settles once the app is running (or has declined to, as a second instance); the tests await it. */
export const running: Promise<Shell | undefined> = boot().catch((error: unknown) => {
  log(`could not start: ${error instanceof Error ? error.message : String(error)}`);
  app.exit(1);
  return undefined;
});
