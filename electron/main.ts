// Composition root: builds the ports (clock, keychain, notifier, files), the core engine and the Electron adapters,
// and wires events between them. No logic of its own lives here; every piece it wires is tested on its own.
import { app, net, powerMonitor, protocol, session, shell } from 'electron';
import type { Engine } from './core/engine/types';
import type { AppState } from './shared/view-state';
import { setupParams } from './shared/accounts';
import { APP_ID, appPaths } from './adapters/app-paths';
import { APP_SCHEME, createAppProtocolHandler, RENDERER_INDEX_URL } from './adapters/app-protocol';
import { wireAlarmActivations } from './adapters/alarm-actions';
import { systemClock } from './adapters/clock';
import { dataDirFor, isDemoMode, startDemo, type DemoSession } from './adapters/demo';
import { createExternalOpener } from './adapters/external';
import { hostPlatform } from './adapters/host';
import { watchLifecycle } from './adapters/lifecycle';
import { watchPowerAndNetwork } from './adapters/power';
import { hardenSession } from './adapters/security';
import { watchSystemZone } from './adapters/system-zone';
import { watchForUpdates } from './adapters/update-check';
import { createWindowManager, hardenWebContents, type WindowManager } from './adapters/windows';
import { createAlarmWindows, type AlarmWindows } from './adapters/alarm-window';
import { log, type Context } from './adapters/shell-context';
import { buildEngine } from './adapters/shell-engine';
import { buildTray, shellProblems } from './adapters/shell-tray';
import { registerHandlers } from './adapters/shell-ipc';
import { settingsFollower, shellLoginItem } from './adapters/settings-follower';
import { prerenderPart } from './adapters/prerender-part';

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
  // The OS's answers of Start at login go to the tray and the engine (wired below, once the tray is built).
  const loginTold: { to?: (problem: string | undefined) => void } = {};
  const loginItem = demo ? undefined : shellLoginItem(platform, (problem) => loginTold.to?.(problem));
  const engine = buildEngine({ platform, paths, demo, windows, zone, alarms, ...(loginItem ? { loginItem } : {}) });
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
  const problems = shellProblems(tray.controller, engine);
  const unregisterIpc = registerHandlers(engine, context, tray.bounds, problems.shortcut);
  loginTold.to = problems.setLogin;
  const follower = settingsFollower(context, problems.setShortcut, loginItem);
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

const rejectionKind = (reason: unknown): string =>
  reason instanceof Error
    ? `${reason.name}${'code' in reason && typeof reason.code === 'string' ? ` ${reason.code}` : ''}`
    : typeof reason;

async function boot(): Promise<Shell | undefined> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  // A promise left unhandled anywhere in main is logged, never lost nor fatal (adv52 r16 #2). Only its kind and code:
  // a message may name a path or an address.
  process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${rejectionKind(reason)}`));
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
