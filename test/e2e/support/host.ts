// The renderer's test host: serves the BUILT renderer (dist/renderer, the same index.html and CSP Electron loads)
// over loopback, and answers the bridge exactly as main does — through main's own IPC adapter (registerIpc: request
// validation, answer re-check against the contract) in front of the REAL core engine, which talks HTTP to the REAL
// simulator started with the demo seed. Only the window channels are played by the host: it records them, and
// "opens" a view by pushing 'navigate' to the page, as main does to the quick-action window.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { registerIpc, type AllHandlers, type IpcMainLike } from '../../../electron/adapters/ipc';
import { createEngine } from '../../../electron/core/engine/engine';
import type { Engine, EngineOptions } from '../../../electron/core/engine/types';
import type { NotificationRequest, Notifier } from '../../../electron/core/ports';
import { MemorySecrets } from '../../core/support/engine-harness';
import type { PayloadOf, PushEvent, RequestOf } from '../../../electron/shared/ipc-contract';
import type { AppState } from '../../../electron/shared/view-state';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/server';
import { PRERENDER_FILE, RENDERER_DIR } from './renderer-build';
import {
  inlineStylesheetFrom,
  injectPrerendered,
  isPrerenderedPage,
  loadPrerender,
  prerenderAhead,
  type PrerenderInput,
} from '../../../electron/core/platform/prerender-page';
import { createShortcutBinder } from '../../../electron/adapters/shortcut';
import { MemoryFileStore } from '../../core/support/memory-file-store';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { alarmHandlers } from '../../../electron/adapters/alarm-ipc';
import type { AlarmIntent, AlarmView } from '../../../electron/shared/alarm-view';
import type { PhoneIntent, PhoneResult, PhoneStatus } from '../../../electron/shared/phone-intent';
import { shortcutStatus } from '../../../electron/shared/shortcut-words';

export const DEMO_SCHEDULES = ['sch_platform_primary', 'sch_payments_us', 'sch_data_tokyo'] as const;
export const ME = 'alice@example.com';
/** The locale and zone of the pages the tests open (browser.ts gives every context these). */
export const PAGE_LOCALE = 'en-GB';
export const PAGE_ZONE = 'Europe/Berlin';

/** 'configured': settings and key in place, first sync done. 'empty': a first run (no key, no settings). */
export type HostSetup = 'configured' | 'empty';

/** For 'configured': whose e-mail the settings hold (default ME, Alice). */
export interface HostOptions {
  email?: string;
  /** Global shortcuts "another app" holds: registering them fails, as the OS would refuse them. */
  takenShortcuts?: readonly string[];
  /** false: serve the popover without main's prerender (the page renders itself, as before). */
  prerender?: boolean;
  /** Prerenders this instead of the current state (a test's "older" state, to see hydration replace it). */
  prerenderState?: (current: AppState) => AppState;
  /** The desktop's answer about notifications (absent: not checked, as before). */
  notificationHealth?: EngineOptions['notificationHealth'];
  /** How soon a hand-off item of unknown outcome is looked for again (absent: the product's RECHECK_MS, 15 s). */
  handoffRecheckMs?: number;
}

export interface Host {
  /** http://127.0.0.1:PORT — the page is `${url}/index.html?window=…&view=…`. */
  url: string;
  sim: RunningSimulator;
  engine: Engine;
  /** What the page asked of the window channels, in order. */
  windowCalls: { channel: 'window:open' | 'window:close' | 'external:open' | 'app:mode'; request: unknown }[];
  /** What "Copy on-call summary" put on the clipboard, in order. */
  clipboard: string[];
  /** The notifications the engine handed to the system, in order. */
  notifications: NotificationRequest[];
  /** A fake of the engine's alarm side, so a test decides what it answers: what the alarm window rings for, the
   *  intents the page sent (through main's own alarm-ipc adapter), how a phone intent is answered, the phone status
   *  joined to every state the page is sent (absent: the engine's own), and the subscribe link main gives
   *  Settings → Phone alone (phone:link; never in the state). */
  alarm: {
    view: AlarmView | null;
    intents: AlarmIntent[];
    phoneIntents: PhoneIntent[];
    phoneAnswer: (intent: PhoneIntent) => PhoneResult | Promise<PhoneResult>;
    phone: PhoneStatus | undefined;
    link: string | null;
  };
  /** Sends the page the state again (after a test changed `alarm.phone`). */
  pushState(): void;
  invoke(channel: string, request: unknown): Promise<unknown>;
  /** Where pushes go (set by the browser side once the page exists). */
  onPush(send: <E extends PushEvent>(event: E, payload: PayloadOf<E>) => void): void;
  /** Stops the simulator (as if the service went down) and starts it again on the same port. */
  simulatorDown(): Promise<void>;
  simulatorUp(): Promise<void>;
  waitForState(test: (s: AppState) => boolean, what: string, timeoutMs?: number): Promise<AppState>;
  close(): Promise<void>;
}

const realClock = {
  now: () => Date.now(),
  setTimer: (ms: number, cb: () => void) => {
    const t = setTimeout(cb, ms);
    return () => clearTimeout(t);
  },
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The popover's first frame as main serves it: prerendered from the state the page will be sent. */
type PagePrerender = (url: URL) => Promise<Parameters<typeof injectPrerendered>[1] | undefined>;

function staticServer(prerender: PagePrerender): Server {
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    const file = normalize(join(RENDERER_DIR, path === '/' ? 'index.html' : decodeURIComponent(path)));
    if (!file.startsWith(RENDERER_DIR + sep)) return void res.writeHead(403).end();
    try {
      const raw = await readFile(file);
      const out = isPrerenderedPage(url) ? await prerender(url) : undefined;
      // As main's app:// handler does: the stylesheet inline (the page's CSP lists its hash).
      const body = out
        ? (await inlineStylesheetFrom(injectPrerendered(raw.toString('utf8'), out), RENDERER_DIR)).page
        : raw;
      res
        .writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-store',
        })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve(typeof a === 'object' && a !== null ? a.port : 0);
    });
  });
}

/** An ipcMain stand-in: main's adapter registers its handlers here, and the host calls them like Electron would. */
function hostIpc(): IpcMainLike<null> & { call(channel: string, payload: unknown): Promise<unknown> } {
  const listeners = new Map<string, (event: null, ...args: unknown[]) => unknown>();
  return {
    handle: (channel, listener) => void listeners.set(channel, listener),
    removeHandler: (channel) => void listeners.delete(channel),
    async call(channel, payload) {
      const listener = listeners.get(channel);
      if (!listener) return { ok: false, error: { kind: 'bridge', message: `No handler for ${channel}` } };
      return listener(null, payload);
    },
  };
}

export async function startHost(setup: HostSetup, options: HostOptions = {}): Promise<Host> {
  let sim = await startSimulator({ port: 0 });
  const simPort = Number(new URL(sim.url).port);
  const notifications: NotificationRequest[] = [];
  const notifier: Notifier = { notify: async (n) => void notifications.push(n) };
  const engine = createEngine({
    clock: realClock,
    secrets: new MemorySecrets(),
    notifier,
    files: new MemoryFileStore(),
    // Main's zone is the OS's, the one the page shows times in too.
    localZone: PAGE_ZONE,
    ...(options.notificationHealth ? { notificationHealth: options.notificationHealth } : {}),
    ...(options.handoffRecheckMs !== undefined ? { handoffRecheckMs: options.handoffRecheckMs } : {}),
  });
  const windowCalls: Host['windowCalls'] = [];
  const clipboard: string[] = [];
  // Main's own shortcut binder over a stand-in for the OS: the settings' shortcut is applied on every state, as main does.
  const taken = new Set(options.takenShortcuts ?? []);
  const os = { register: (accelerator: string) => !taken.has(accelerator), unregister: () => undefined };
  const shortcut = createShortcutBinder(
    os,
    () => undefined,
    () => undefined,
    process.platform,
  );
  let push: Parameters<Host['onPush']>[0] = () => undefined;
  const alarm: Host['alarm'] = {
    view: null,
    intents: [],
    phoneIntents: [],
    phoneAnswer: () => ({ ok: true, message: 'Phone settings saved.' }),
    phone: undefined,
    link: null,
  };
  const withPhone = (state: AppState): AppState => (alarm.phone ? { ...state, phone: alarm.phone } : state);
  const fakeAlarmEngine = {
    alarmIntent: async (intent: AlarmIntent) => (alarm.intents.push(intent), { ok: true as const }),
    phoneIntent: async (intent: PhoneIntent) => (alarm.phoneIntents.push(intent), await alarm.phoneAnswer(intent)),
    phoneLink: () => alarm.link,
    getState: () => withPhone(engine.getState()),
  };

  const handlers: AllHandlers<null> = {
    ...engine.handlers,
    ...alarmHandlers(fakeAlarmEngine, { current: () => alarm.view }),
    'state:get': async () => {
      const answer = await engine.handlers['state:get'](null);
      return answer.ok ? { ok: true, value: withPhone(answer.value) } : answer;
    },
    'window:open': async (request: RequestOf<'window:open'>) => {
      windowCalls.push({ channel: 'window:open', request });
      push('navigate', request);
      return { ok: true, value: null };
    },
    'window:close': async (request) => (
      windowCalls.push({ channel: 'window:close', request }),
      { ok: true, value: null }
    ),
    'external:open': async (request) => (
      windowCalls.push({ channel: 'external:open', request }),
      { ok: true, value: null }
    ),
    // Main writes the system clipboard; here what would be written is kept for the test to read.
    'summary:copy': async () => {
      const summary = await engine.handlers['summary:get'](null);
      if (summary.ok) clipboard.push(summary.value);
      return summary;
    },
    'phone:copy-link': async () => {
      const link = alarm.link;
      if (!link) return { ok: false, error: { kind: 'not_found', message: 'There is no subscribe link yet.' } };
      clipboard.push(link);
      return { ok: true, value: link };
    },
    'cover:copy': async (request) => {
      const text = await engine.handlers['cover:ask-text'](request);
      if (text.ok) clipboard.push(text.value);
      return text;
    },
    'app:mode': async (request) => (windowCalls.push({ channel: 'app:mode', request }), { ok: true, value: null }),
    // Main's answer as main makes it (shared/shortcut-words.ts), on this machine's platform as main's would be.
    'shortcut:status': async (r) => ({
      ok: true,
      value: shortcutStatus(shortcut.problem(), r, process.platform === 'darwin'),
    }),
  };
  const ipc = hostIpc();
  // Every request is accepted as coming from our own page: the host serves nothing else.
  const policy = { ownWebContentsIds: () => new Set([1]), isOwnUrl: () => true };
  registerIpc({
    ipcMain: ipc,
    handlers,
    senderOf: () => ({ webContentsId: 1, frameUrl: 'host', isMainFrame: true }),
    policy,
  });
  engine.subscribe((state) => {
    shortcut.bind(state.settings.globalShortcut);
    push('state:changed', withPhone(state));
  });

  await engine.start();
  const render = options.prerender === false ? undefined : await loadPrerender(PRERENDER_FILE);
  // As main does: rendered ahead on every state change, from the state main's 'state:get' answers.
  const ahead = render && prerenderAhead(render);
  const prerenderInput = (): PrerenderInput => {
    const state = options.prerenderState ? options.prerenderState(engine.getState()) : engine.getState();
    return { state, nowMs: Date.now(), locale: PAGE_LOCALE, localZone: PAGE_ZONE };
  };
  // A test's own "older" state is a new object on every call: it is rendered on request, as before.
  if (ahead && !options.prerenderState) {
    ahead.warmSoon(prerenderInput);
    engine.subscribe(() => ahead.warmSoon(prerenderInput));
  }
  const server = staticServer(async () => ahead?.get(prerenderInput()));
  const port = await listen(server);

  const waitForState: Host['waitForState'] = (test, what, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      if (test(engine.getState())) return resolve(engine.getState());
      const timer = setTimeout(() => (stop(), reject(new Error(`timed out waiting for ${what}`))), timeoutMs);
      const stop = engine.subscribe((s) => {
        if (!test(s)) return;
        clearTimeout(timer);
        stop();
        resolve(s);
      });
    });

  if (setup === 'configured') {
    await engine.handlers['settings:update']({
      account: {
        id: MAIN_ACCOUNT_ID,
        baseUrl: sim.url,
        email: options.email ?? ME,
        schedules: DEMO_SCHEDULES.map((id) => ({ id })),
      },
    });
    await engine.handlers['key:set']({ accountId: MAIN_ACCOUNT_ID, key: sim.apiKey });
    await waitForState(
      (s) => s.schedules.length === 3 && s.schedules.every((x) => x.status.kind === 'fresh'),
      'the first sync',
    );
  }

  return {
    url: `http://127.0.0.1:${port}`,
    get sim() {
      return sim;
    },
    engine,
    windowCalls,
    clipboard,
    notifications,
    alarm,
    pushState: () => push('state:changed', withPhone(engine.getState())),
    invoke: (channel, request) => ipc.call(channel, request),
    onPush: (send) => void (push = send),
    simulatorDown: () => sim.close(),
    async simulatorUp() {
      sim = await startSimulator({ port: simPort });
    },
    waitForState,
    async close() {
      push = () => undefined;
      await engine.stop();
      await sim.close().catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
