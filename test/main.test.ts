// electron/main.ts, run for real against a recording stand-in of the `electron` module, in demo mode: the real
// engine syncs with the embedded simulator over loopback. keytar and node-notifier are recorded so the test
// can prove nothing reaches the keychain and no desktop notification escapes the test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linuxAutostartPath } from '../electron/adapters/autostart';
import type { Engine } from '../electron/core/engine/types';
import type { TrayMenuItem } from '../electron/core/state/tray-items';
import { DESKTOP_PLATFORMS, platformTraits, type DesktopPlatform } from '../electron/core/platform/desktop-platform';
import { formatTime } from '../electron/shared/day-word';
import { INVOKE_CHANNELS } from '../electron/shared/ipc-contract';
import type { AppState } from '../electron/shared/view-state';
import { createElectronStandIn, type ElectronStandIn, type StandInOptions } from './adapters/support/electron-stand-in';
import { textContaining } from './support/matchers';

const current = vi.hoisted(() => new Map<'electron', ElectronStandIn>());
const keytarCalls = vi.hoisted((): string[] => []);

// The mock registry outlives vi.resetModules, so each name resolves to the current test's stand-in on use.
vi.mock('electron', () => {
  const use = () => {
    const standIn = current.get('electron');
    if (!standIn) throw new Error('set up the electron stand-in before importing main');
    return standIn.module;
  };
  return {
    get app() {
      return use().app;
    },
    get BrowserWindow() {
      return use().BrowserWindow;
    },
    get Tray() {
      return use().Tray;
    },
    get Menu() {
      return use().Menu;
    },
    get Notification() {
      return use().Notification;
    },
    get nativeImage() {
      return use().nativeImage;
    },
    get ipcMain() {
      return use().ipcMain;
    },
    get powerMonitor() {
      return use().powerMonitor;
    },
    get net() {
      return use().net;
    },
    get screen() {
      return use().screen;
    },
    get shell() {
      return use().shell;
    },
    get session() {
      return use().session;
    },
    get protocol() {
      return use().protocol;
    },
    get globalShortcut() {
      return use().globalShortcut;
    },
  };
});
// The platform main runs as: each platform's tests answer for the host module (electron/adapters/host.ts).
const platformAnswer = vi.hoisted(() => new Map<'platform', NodeJS.Platform>());
vi.mock('../electron/adapters/host', () => ({
  hostPlatform: () => platformAnswer.get('platform') ?? process.platform,
}));
vi.mock('keytar', () => ({
  getPassword: async (service: string, account: string) => (keytarCalls.push(`get ${service}/${account}`), null),
  setPassword: async (service: string, account: string) => void keytarCalls.push(`set ${service}/${account}`),
  deletePassword: async (service: string, account: string) => (keytarCalls.push(`delete ${service}/${account}`), true),
}));
vi.mock('node-notifier', () => ({
  default: { notify: (_o: unknown, cb: (e: null, r: string) => void) => cb(null, '') },
}));
// The system's zone, played by a test where it sets one: where /etc/localtime links (main's zone source reads that
// link on macOS and Linux). Only that one call is replaced; the rest of node:fs is the real one.
const osZoneLink = vi.hoisted(() => new Map<'link', string>());
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const readlinkSync = (path: string): string =>
    (path === '/etc/localtime' ? osZoneLink.get('link') : undefined) ?? real.readlinkSync(path, 'utf8');
  return { ...real, default: { ...real, readlinkSync }, readlinkSync };
});

const APP_DIR = process.cwd();
const cleanups: Array<() => Promise<void>> = [];
/** main.ts's log lines ("[oncall] …"), kept out of the test output and asserted where they matter. */
let logged: string[] = [];

/** The release feed named in package.json is answered here (the checker itself is tested on a loopback feed). */
const FEED_HOST = 'https://api.github.com/';
let feedCalls: string[] = [];
let feedAnswer: unknown;

beforeEach(() => {
  logged = [];
  feedCalls = [];
  feedAnswer = undefined;
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(FEED_HOST)) return realFetch(input, init);
    feedCalls.push(url);
    return new Response(JSON.stringify(feedAnswer ?? { message: 'Not Found' }), { status: feedAnswer ? 200 : 404 });
  });
});

afterEach(async () => {
  // Every cleanup runs, and the module reset below too, even where one fails: a test never inherits the last one's
  // running app.
  const results = [];
  for (const c of cleanups.splice(0).reverse())
    results.push(
      await c().then(
        () => undefined,
        (e: unknown) => e,
      ),
    );
  current.clear();
  osZoneLink.clear();
  platformAnswer.clear();
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const failed = results.find((r) => r !== undefined);
  if (failed instanceof Error) throw failed;
  if (failed !== undefined) throw new Error('a cleanup failed', { cause: failed });
});

interface LaunchOptions {
  /** The platform main runs as (default: this host). */
  platform?: DesktopPlatform;
  gotLock?: boolean;
  demo?: boolean;
  whileStarting?: (standIn: ElectronStandIn) => void;
  standIn?: Partial<StandInOptions>;
}

async function launch(options: LaunchOptions = {}) {
  const userData = await mkdtemp(join(tmpdir(), 'oncall-main-'));
  cleanups.push(() => rm(userData, { recursive: true, force: true }));
  if (options.platform) platformAnswer.set('platform', options.platform);
  const standIn = createElectronStandIn({
    appPath: APP_DIR,
    userData,
    platform: options.platform ?? process.platform,
    ...(options.gotLock === undefined ? {} : { gotLock: options.gotLock }),
    ...options.standIn,
  });
  current.set('electron', standIn);
  vi.stubEnv('ONCALL_DEMO', options.demo === false ? '0' : '1');
  // Start-at-login writes an XDG autostart entry on Linux: keep it inside the test's folder (HOME too: an
  // XDG_CONFIG_HOME that is not a / path, as a Windows host's temporary folder, is ignored for HOME/.config).
  vi.stubEnv('XDG_CONFIG_HOME', join(userData, 'xdg-config'));
  vi.stubEnv('HOME', userData);
  const main = await import('../electron/main');
  options.whileStarting?.(standIn);
  const shell = await main.running;
  if (shell) cleanups.push(() => shell.stop());
  return { standIn, shell, userData };
}

function until(engine: Engine, test: (s: AppState) => boolean): Promise<AppState> {
  return new Promise((resolve) => {
    if (test(engine.getState())) return resolve(engine.getState());
    const off = engine.subscribe((s) => {
      if (!test(s)) return;
      off();
      resolve(s);
    });
  });
}

/** Clicks the tray menu item with this label, as Electron would (it passes menuItem, window, event). On macOS the
 * menu is not attached to the tray: it pops up on a right click. */
function clickMenu(standIn: ElectronStandIn, label: string): void {
  const tray = standIn.trays[0];
  if (tray && tray.menu === undefined) tray.emitWith('right-click', {}, { x: 1800, y: 0, width: 24, height: 24 });
  const menu: unknown = tray?.menu ?? tray?.popped;
  const template =
    menu && typeof menu === 'object' && 'template' in menu && Array.isArray(menu.template) ? menu.template : [];
  // Depth first through submenus (More…, Pause…, a schedule's): the item is found wherever the menu puts it.
  const find = (items: unknown[]): unknown => {
    for (const t of items) {
      if (!t || typeof t !== 'object') continue;
      if ('label' in t && t.label === label) return t;
      const inner = 'submenu' in t && Array.isArray(t.submenu) ? find(t.submenu) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  const item = find(template);
  if (!item || typeof item !== 'object' || !('click' in item) || typeof item.click !== 'function')
    throw new Error(`no menu item ${label}`);
  Reflect.apply(item.click, undefined, []);
}

/** Every label of the tray menu model, submenus included. */
function trayLabelsOf(items: readonly TrayMenuItem[]): string[] {
  return items.flatMap((i) =>
    i.type === 'separator' ? [] : i.type === 'submenu' ? [i.label, ...trayLabelsOf(i.items)] : [i.label],
  );
}

const allFresh = (s: AppState) => s.schedules.length === 3 && s.schedules.every((x) => x.status.kind === 'fresh');

describe('main process', () => {
  it('registers every channel of the contract and answers our window, refusing others', async () => {
    const { standIn, shell } = await launch();
    if (!shell) throw new Error('main did not start');
    expect([...standIn.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    standIn.trays[0]?.emitWith('click', {}, { x: 1800, y: 0, width: 24, height: 24 });
    const popover = standIn.windows[0];
    if (!popover) throw new Error('no popover window');
    expect(popover.options).toMatchObject({
      frame: false,
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
    });
    expect(popover.visible).toBe(true);
    const ownUrl = 'app://renderer/index.html?window=popover&view=status';
    const event = (id: number, url: string) => ({ sender: { id }, senderFrame: { url, parent: null } });
    const getState = standIn.handlers.get('state:get');
    expect(await getState?.(event(popover.webContents.id, ownUrl), null)).toMatchObject({
      ok: true,
      value: { setup: { demo: true } },
    });
    expect(await getState?.(event(popover.webContents.id, 'https://evil.example.net/'), null)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(await getState?.(event(999, ownUrl), null)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(logged.filter((l) => l === '[oncall] ipc: refused state:get from a foreign sender')).toHaveLength(2);
    popover.emitWith('blur');
    expect(popover.visible).toBe(false);
  });

  it('loads its windows from app://, a privileged scheme whose handler refuses paths out of the renderer folder', async () => {
    const { standIn, shell } = await launch();
    if (!shell) throw new Error('main did not start');
    expect(standIn.protocols.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true } }]);
    standIn.trays[0]?.emitWith('click', {}, { x: 1800, y: 0, width: 24, height: 24 });
    expect(standIn.windows[0]?.loaded?.url).toBe('app://renderer/index.html?window=popover&view=status');
    const serve = standIn.protocols.handlers.get('app');
    const escape = await serve?.(new Request('app://renderer/%2e%2e%2fmain/main.cjs'));
    expect(escape?.status).toBe(403);
    await shell.stop();
    expect(standIn.protocols.handlers.size).toBe(0);
  });

  it('serves the popover with its status view already in the HTML, and has it loaded (hidden) before the first click', async () => {
    const { standIn, shell } = await launch();
    if (!shell) throw new Error('main did not start');
    await until(shell.engine, allFresh);
    await vi.waitFor(() =>
      expect(standIn.windows.map((w) => w.loaded?.query)).toContainEqual({ window: 'popover', view: 'status' }),
    );
    const popover = standIn.windows.find((w) => w.loaded?.query['window'] === 'popover');
    expect(popover?.visible).toBe(false);
    const serve = standIn.protocols.handlers.get('app');
    const page = await (await serve?.(new Request('app://renderer/index.html?window=popover&view=status')))?.text();
    expect(page).toContain('<div id="app" data-prerendered>');
    // The state of this moment, as the live page would say it: each watched schedule by name.
    for (const s of shell.engine.getState().schedules) expect(page).toContain(`>${s.name}<`);
    const form = await (await serve?.(new Request('app://renderer/index.html?window=action&view=override')))?.text();
    expect(form).not.toContain('data-prerendered');
    standIn.trays[0]?.emitWith('click', {}, { x: 1800, y: 0, width: 24, height: 24 });
    expect(standIn.windows.filter((w) => w.loaded?.query['window'] === 'popover')).toHaveLength(1);
    expect(popover?.visible).toBe(true);
  });

  it('from the demo, "connect your service" relaunches without demo data and quits cleanly first', async () => {
    const { standIn, shell } = await launch();
    if (!shell) throw new Error('main did not start');
    standIn.trays[0]?.emitWith('click', {}, { x: 1800, y: 0, width: 24, height: 24 });
    const popover = standIn.windows[0];
    if (!popover) throw new Error('no popover window');
    const ownUrl = 'app://renderer/index.html?window=popover&view=status';
    const answer = await standIn.handlers.get('app:mode')?.(
      { sender: { id: popover.webContents.id }, senderFrame: { url: ownUrl, parent: null } },
      { mode: 'live' },
    );
    expect(answer).toEqual({ ok: true, value: null });
    const relaunch = standIn.calls.find((c) => c.startsWith('relaunch'));
    expect(relaunch).toBeDefined();
    expect(relaunch).not.toContain('--demo');
    await vi.waitFor(() => expect(standIn.calls).toContain('quit:done'));
    expect(standIn.handlers.size).toBe(0);
  });

  it('refreshes on resume from sleep', async () => {
    const { standIn, shell } = await launch();
    if (!shell) throw new Error('main did not start');
    const before = await until(shell.engine, (s) => allFresh(s) && !s.syncing);
    const refreshed = until(
      shell.engine,
      (s) => !s.syncing && s.lastSuccessAt !== null && s.lastSuccessAt > (before.lastSuccessAt ?? ''),
    );
    standIn.module.powerMonitor.emitWith('resume');
    expect((await refreshed).lastSuccessAt).not.toBe(before.lastSuccessAt);
  });

  // electron/electron#33723: Intl in main keeps the zone of launch. Not on Windows, where no file says the zone.
  it.skipIf(process.platform === 'win32')(
    'follows a change of the system zone without a restart: the tray shows the new times',
    async () => {
      vi.stubEnv('TZ', undefined); // a TZ set at launch would be the zone, whatever the system says
      osZoneLink.set('link', '/usr/share/zoneinfo/Europe/Berlin');
      const { standIn, shell } = await launch();
      if (!shell) throw new Error('main did not start');
      const state = await until(shell.engine, allFresh);
      const at = state.me.onCallNow[0]?.end ?? state.me.nextShift?.start;
      if (!at) throw new Error('the demo has no shift of mine to show');
      const hhmm = (zone: string) => formatTime(at, { localZone: zone, locale: 'en-GB' });
      expect(shell.tray.current().tooltip).toContain(hhmm('Europe/Berlin'));
      osZoneLink.set('link', '/usr/share/zoneinfo/Asia/Kolkata');
      // Unlocking looks at once (otherwise the minute's re-check would find it), and the tray is redrawn for it.
      standIn.module.powerMonitor.emitWith('unlock-screen');
      expect(shell.tray.current().tooltip).toContain(hhmm('Asia/Kolkata'));
      expect(logged).toContain('[oncall] time zone: Europe/Berlin → Asia/Kolkata');
    },
  );

  it('quits cleanly: engine stopped, handlers removed, tray gone, simulator closed', async () => {
    const { standIn, shell } = await launch();
    if (!shell) throw new Error('main did not start');
    const state = await until(shell.engine, allFresh);
    const stopped = new Promise<void>((resolve) => standIn.module.app.once('before-quit', () => setImmediate(resolve)));
    standIn.module.app.quit();
    await stopped;
    await vi.waitFor(() => expect(standIn.calls).toContain('quit:done'));
    expect(standIn.handlers.size).toBe(0);
    expect(standIn.trays[0]?.destroyed).toBe(true);
    expect(standIn.shortcuts.size).toBe(0);
    expect(standIn.module.powerMonitor.listenerCount('resume')).toBe(0);
    expect(standIn.module.powerMonitor.listenerCount('unlock-screen')).toBe(0);
    await expect(fetch(`${state.settings.accounts[0]?.baseUrl}/schedules/sch_platform_primary/`)).rejects.toThrow();
  });

  it('as a second instance quits at once; the first one shows its status on a second launch', async () => {
    const second = await launch({ gotLock: false });
    expect(second.shell).toBeUndefined();
    expect(second.standIn.calls).toEqual(['requestSingleInstanceLock', 'quit', 'quit:done']);
    expect(second.standIn.trays).toHaveLength(0);
    vi.resetModules();
    const first = await launch();
    first.standIn.module.app.emitWith('second-instance');
    expect(first.standIn.windows[0]?.visible).toBe(true);
  });

  it('a second launch during start-up shows the status once the app has started', async () => {
    const { standIn, shell } = await launch({ whileStarting: (s) => s.module.app.emitWith('second-instance') });
    if (!shell) throw new Error('main did not start');
    expect(standIn.windows[0]?.loaded?.query).toEqual({ window: 'popover', view: 'status' });
    expect(standIn.windows[0]?.visible).toBe(true);
  });

  it('a quit during start-up is carried out once started: engine stopped, handlers removed', async () => {
    const { standIn, shell } = await launch({ whileStarting: (s) => s.module.app.quit() });
    if (!shell) throw new Error('main did not start');
    expect(standIn.calls.filter((c) => c.startsWith('quit'))).toEqual(['quit']);
    await vi.waitFor(() => expect(standIn.calls).toContain('quit:done'));
    expect(standIn.handlers.size).toBe(0);
    expect(standIn.trays[0]?.destroyed).toBe(true);
  });

  it('opens the quick-action window from the tray menu and the global shortcut, hardened against navigation', async () => {
    const { standIn, shell } = await launch();
    if (!shell) throw new Error('main did not start');
    await until(shell.engine, allFresh);
    clickMenu(standIn, 'Quick override…');
    const action = standIn.windows.find((w) => w.loaded?.query['window'] === 'action');
    expect(action?.loaded?.query).toEqual({ window: 'action', view: 'override' });
    expect(action?.options).toMatchObject({
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        disableBlinkFeatures: 'Auxclick',
      },
    });
    let prevented = false;
    action?.webContents.emitWith(
      'will-navigate',
      { preventDefault: () => (prevented = true) },
      'https://evil.example.net/',
    );
    expect(prevented).toBe(true);
    const openHandler = action?.webContents.windowOpenHandler;
    expect(
      typeof openHandler === 'function' ? Reflect.apply(openHandler, undefined, [{ url: 'https://x' }]) : undefined,
    ).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(action?.webContents.sent).toContainEqual(['navigate', { view: 'override' }]));
    standIn.shortcuts.get('CommandOrControl+Shift+O')?.();
    await vi.waitFor(() => expect(action?.webContents.sent.filter(([e]) => e === 'navigate')).toHaveLength(2));
  });

  it('says in the tray menu when the shortcut is taken by another app, and words tray times on one 24-hour clock', async () => {
    const { shell, standIn } = await launch({
      standIn: { takenShortcuts: ['CommandOrControl+Shift+O'], locale: 'en-US' },
    });
    if (!shell) throw new Error('main did not start');
    await until(shell.engine, allFresh);
    const labels = shell.tray.current().menu.flatMap((i) => (i.type === 'separator' ? [] : [i.label]));
    // Named as Settings names it on this desktop (Ctrl, or Cmd on macOS), never Electron's accelerator syntax.
    expect(labels.filter((l) => /^Shortcut (Ctrl|Cmd)\+Shift\+O is unavailable/.test(l))).toHaveLength(1);
    expect(labels.join('\n')).not.toContain('CommandOrControl');
    expect(logged).toContain(
      '[oncall] The shortcut CommandOrControl+Shift+O could not be registered (in use or invalid).',
    );
    // A 12-hour system locale (en-US) no longer makes the tray disagree with every other surface (issue 47, round 2).
    expect(shell.tray.current().tooltip).toMatch(/\d\d:\d\d/);
    expect(shell.tray.current().tooltip).not.toMatch(/\s[AP]M\b/);
    // Settings asks too (shortcut:status), so it can say so next to the recorder.
    standIn.trays[0]?.emitWith('click', {}, { x: 1800, y: 0, width: 24, height: 24 });
    const popover = standIn.windows[0];
    const own = {
      sender: { id: popover?.webContents.id ?? -1 },
      senderFrame: { url: 'app://renderer/index.html?window=popover&view=status', parent: null },
    };
    const status = await standIn.handlers.get('shortcut:status')?.(own, null);
    expect(status).toMatchObject({
      ok: true,
      value: { problem: textContaining('+Shift+O is unavailable') },
    });
    // The recorder's clash with every app's keys is main's to word (issue 49), on this desktop's names.
    const cmd = process.platform === 'darwin' ? 'Cmd' : 'Ctrl';
    const clash = await standIn.handlers.get('shortcut:status')?.(own, { accelerator: 'CommandOrControl+C' });
    expect(clash).toMatchObject({
      ok: true,
      value: { conflict: `${cmd}+C is copy in almost every app. Add Shift or Alt, e.g. ${cmd}+Shift+C.` },
    });
    const fine = await standIn.handlers.get('shortcut:status')?.(own, { accelerator: 'CommandOrControl+Shift+K' });
    expect(fine).toMatchObject({ ok: true, value: { conflict: null } });
  });

  it('outside demo, a newer release shows in the tray menu and the state, and its page opens through the choke point', async () => {
    const page = 'https://github.com/oncall-tray/oncall-tray/releases/tag/v9.9.0';
    feedAnswer = { tag_name: 'v9.9.0', html_url: page };
    const { standIn, shell } = await launch({ demo: false });
    if (!shell) throw new Error('main did not start');
    const label = 'New version available: 9.9.0…';
    await vi.waitFor(() => expect(trayLabelsOf(shell.tray.current().menu)).toContain(label));
    expect(feedCalls).toHaveLength(1);
    clickMenu(standIn, label);
    await vi.waitFor(() => expect(standIn.calls).toContain(`openExternal ${page}`));
    const popover = standIn.windows[0]; // onboarding's window: the state it is sent carries the notice too
    const sender = {
      sender: { id: popover?.webContents.id ?? -1 },
      senderFrame: { url: 'app://renderer/index.html', parent: null },
    };
    expect(await standIn.handlers.get('state:get')?.(sender, null)).toMatchObject({
      ok: true,
      value: { update: { version: '9.9.0', url: page } },
    });
  });

  it('in demo, never asks the release feed', async () => {
    feedAnswer = { tag_name: 'v9.9.0', html_url: 'https://github.com/oncall-tray/oncall-tray/releases/tag/v9.9.0' };
    const { shell } = await launch();
    if (!shell) throw new Error('main did not start');
    await until(shell.engine, allFresh);
    expect(feedCalls).toEqual([]);
    expect(shell.tray.current().menu.some((i) => i.type !== 'separator' && i.label.startsWith('New version'))).toBe(
      false,
    );
  });
});

/** What main does first on each platform, before any window or tray exists (Windows: the AUMID toasts carry). */
const FIRST_CALLS: Record<DesktopPlatform, string[]> = {
  linux: ['requestSingleInstanceLock'],
  darwin: ['requestSingleInstanceLock', 'dock.hide'],
  win32: ['requestSingleInstanceLock', 'setAppUserModelId com.oncalltray.app'],
};

describe.each(DESKTOP_PLATFORMS)('main process on %s', (platform) => {
  it("takes the single-instance lock, sets up the platform's app identity first and shows the demo state in the tray with its icon file", async () => {
    const { standIn, shell } = await launch({ platform });
    if (!shell) throw new Error('main did not start');
    const identityCalls = standIn.calls.filter((c) =>
      /^(requestSingleInstanceLock|dock\.hide|setAppUserModelId)/.test(c),
    );
    expect(identityCalls).toEqual(FIRST_CALLS[platform]);
    expect(standIn.calls.slice(0, identityCalls.length)).toEqual(identityCalls);
    expect(standIn.trays).toHaveLength(1);
    const state = await until(shell.engine, allFresh);
    // Alice (the demo user) is on Platform primary, where Bob asks for cover: the tray asks for attention
    // unless she is on call right now, which the demo seed's rotation decides.
    const expected = state.me.onCallNow.length > 0 ? 'oncall' : 'attention';
    expect(state.coverage.askingMe.map((r) => r.id)).toContain('main:cov_demo_dentist');
    expect(shell.tray.current().icon).toBe(expected);
    const traits = platformTraits(platform);
    expect(standIn.trays[0]?.image).toBe(
      traits.path.join(APP_DIR, 'dist', 'icons', 'tray', traits.trayIconFile(expected)),
    );
    expect(standIn.trays[0]?.tooltip).toMatch(/^(On call|Next on call): /);
    expect(keytarCalls.filter((c) => !c.startsWith('get'))).toEqual([]);
  });

  it('without a key opens onboarding, and "Start at login" is made true the way this platform does it', async () => {
    const { standIn, shell, userData } = await launch({ demo: false, platform });
    if (!shell) throw new Error('main did not start');
    expect(shell.engine.getState().sync.kind).toBe('needs_setup');
    expect(standIn.windows[0]?.loaded?.query).toEqual({ window: 'action', view: 'onboarding' });
    expect(keytarCalls.filter((c) => !c.startsWith('get'))).toEqual([]);
    clickMenu(standIn, 'Start at login');
    await until(shell.engine, (s) => s.settings.startAtLogin);
    const entry = linuxAutostartPath({ XDG_CONFIG_HOME: join(userData, 'xdg-config'), HOME: userData });
    const { readFile } = await import('node:fs/promises');
    if (platformTraits(platform).autostart === 'xdg-autostart') {
      await vi.waitFor(async () => expect(await readFile(entry, 'utf8')).toContain('Name=OnCall Tray'));
      expect(standIn.calls.filter((c) => c.startsWith('setLoginItemSettings'))).toEqual([]);
    } else {
      await vi.waitFor(() => expect(standIn.calls).toContain('setLoginItemSettings {"openAtLogin":true}'));
      await expect(readFile(entry, 'utf8')).rejects.toThrow(/ENOENT/);
    }
  });
});

describe('main process: the login item as macOS reads it back', () => {
  it('"Start at login" turned on but waiting for approval in System Settings: the tray menu says so', async () => {
    const standInOptions = { loginItemStatus: 'requires-approval' as const };
    const { standIn, shell } = await launch({ demo: false, platform: 'darwin', standIn: standInOptions });
    if (!shell) throw new Error('main did not start');
    clickMenu(standIn, 'Start at login');
    await until(shell.engine, (s) => s.settings.startAtLogin);
    const labels = () => shell.tray.current().menu.flatMap((i) => ('label' in i ? [i.label] : []));
    await vi.waitFor(() =>
      expect(labels()).toContainEqual(expect.stringMatching(/^Start at login waits for your approval: allow OnCall/)),
    );
  });
});
