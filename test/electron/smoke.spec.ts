// The Electron glue against the real Electron: the BUILT app (`npm run build` → dist/) launched by Playwright's
// `_electron` with demo data (`--demo`: the embedded simulator) and a temporary data folder (Chromium's
// `--user-data-dir`, which is Electron's app.getPath('userData'), so nothing touches a real setup). The steps share
// that one app and run in order:
//   1. it starts once: a second launch with the same data folder hands over to the first (which shows its popover)
//      and exits;
//   2. the tray exists, with the tooltip the app's own tray model gives for the state it holds (read in the main
//      process with electronApp.evaluate, from a probe that watches Electron's Tray; no hook in the app);
//   3. the popover is served from app:// with its status prerendered into the HTML and the CSP header, hydrates in
//      place (the prerendered nodes are kept), and its pages log no CSP violation and no console error;
//   4. an override created in the quick-override window reaches the simulator exactly once;
//   5. keytar, loaded in Electron's main process, stores a key in the OS keychain under a test service name,
//      reads it back and removes it;
//   6. a notification with the app's own options is sent without error: on macOS through Electron's Notification
//      (the path the app takes there), elsewhere through node-notifier;
//   7. quitting ends the app with exit code 0 and leaves none of its processes behind.
// Run with `npm run test:electron` (scripts/test-electron.mjs); on Linux under xvfb-run with a D-Bus session, an
// unlocked gnome-keyring and dunst (scripts/desktop-session.sh). Never part of `npm test`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APP_ID, APP_NAME, DESKTOP_ENTRY } from '../../electron/adapters/app-paths';
import { electronBinary } from '../../scripts/electron-binary.mjs';
import { electronNotificationOptions } from '../../electron/adapters/electron-notifier';
import { notificationOptions } from '../../electron/adapters/notifier';
import { trayTooltip } from '../../electron/core/state/tray-menu';
import { invokeChannels } from '../../electron/shared/ipc-contract';
import { textContaining, textMatching } from '../support/matchers';

const root = process.cwd();
const ZONE = 'Europe/Berlin';
const PROBE = join(root, 'test', 'electron', 'support', 'main-probe.cjs');
const POPOVER = 'app://renderer/index.html?window=popover&view=status';
const CREATE_OVERRIDE = /^\/schedules\/[^/]+\/overrides\/$/;

const electronPath = (): string => {
  const path = electronBinary(join(root, 'package.json'));
  if (!path) throw new Error("Electron's binary is not installed: run `npm run fetch-electron`.");
  return path;
};

// ---- What the suite reads back -----------------------------------------------------------------------------------

const ProbeSnapshot = z.object({
  trays: z.array(z.object({ alive: z.boolean(), tooltip: z.string(), atMs: z.number(), calls: z.number() })),
  requests: z.array(z.object({ method: z.string(), path: z.string(), status: z.number().nullable() })),
});
const PageSmoke = z.object({
  csp: z.array(z.string()),
  errors: z.array(z.string()),
  prerendered: z.boolean().nullable(),
  prerenderedText: z.string().nullable(),
});
const StateResult = invokeChannels['state:get'].response;
const ShortcutResult = invokeChannels['shortcut:status'].response;

// Run in every page before its own scripts (Playwright's init scripts are not subject to the page's CSP): collects
// CSP violations and uncaught errors, and at DOMContentLoaded notes whether the page arrived prerendered and marks
// the prerendered status line with an expando that only survives if hydration keeps that very node.
const PAGE_INIT = `(() => {
  if (window.__oncallSmoke) return;
  const smoke = { csp: [], errors: [], prerendered: null, prerenderedText: null };
  Object.defineProperty(window, '__oncallSmoke', { value: smoke });
  document.addEventListener('securitypolicyviolation', (e) => smoke.csp.push(e.violatedDirective + ' ' + e.blockedURI));
  window.addEventListener('error', (e) => smoke.errors.push(String(e.message)));
  document.addEventListener('DOMContentLoaded', () => {
    const app = document.getElementById('app');
    const line = document.querySelector('[data-testid="my-state"]');
    smoke.prerendered = !!app && app.hasAttribute('data-prerendered');
    smoke.prerenderedText = line ? line.textContent.trim() : null;
    if (line) line.__oncallSmokeMark = true;
  });
})();`;

let dataDir = '';
let app: ElectronApplication | undefined;
let appExit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
let secondPid: number | undefined;
const mainLog: string[] = [];
const consoleErrors: string[] = [];

function launched(): ElectronApplication {
  if (!app) throw new Error('the app is not running');
  return app;
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function probe(): Promise<z.infer<typeof ProbeSnapshot>> {
  const raw = await launched().evaluate((): unknown => {
    const probe: unknown = Reflect.get(globalThis, '__oncallSmokeProbe');
    if (typeof probe !== 'object' || probe === null) return null;
    const snapshot: unknown = Reflect.get(probe, 'snapshot');
    return typeof snapshot === 'function' ? Reflect.apply(snapshot, probe, []) : null;
  });
  return ProbeSnapshot.parse(raw);
}

/** The page a window of the given kind shows, once it is there. */
async function windowOf(kind: 'popover' | 'action'): Promise<Page> {
  const find = () =>
    launched()
      .windows()
      .find((p) => p.url().startsWith(`app://renderer/index.html?window=${kind}`));
  await expect.poll(() => find() !== undefined, { timeout: 30_000, message: `the ${kind} window` }).toBe(true);
  const page = find();
  if (!page) throw new Error(`no ${kind} window`);
  return page;
}

function envForApp(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  // Demo mode comes from the --demo flag only; a stray variable must not turn Electron into plain Node.
  delete env.ONCALL_DEMO;
  delete env.ELECTRON_RUN_AS_NODE;
  // A TZ set at launch is the app's zone by definition (electron/adapters/system-zone.ts): the tooltip's times
  // are then known here too.
  env.TZ = ZONE;
  return env;
}

/** Whether a process is still there. A zombie (Linux: exited, not yet reaped, as under a container's PID 1 that
 * reaps nothing) has ended. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

beforeAll(async () => {
  if (!existsSync(join(root, 'dist', 'main', 'main.cjs')))
    throw new Error('The app is not built: run `npm run build` first.');
  dataDir = realpathSync(await mkdtemp(join(tmpdir(), 'oncall-electron-')));
  electronPath(); // fails early, and clearly, without the binary
  // No executablePath: Playwright then starts node_modules' Electron with its loader (`-r loader.js`), which holds
  // the app's 'ready' until Playwright is attached; the probe is preloaded before the app, so it sees every tray.
  app = await _electron.launch({
    args: ['-r', PROBE, root, '--demo', `--user-data-dir=${dataDir}`],
    env: envForApp(),
    timeout: 60_000,
  });
  appExit = exitOf(app.process());
  app.on('console', (message) => mainLog.push(message.text()));
  app.process().stderr?.on('data', (chunk: Buffer) => mainLog.push(chunk.toString()));
  const context = app.context();
  await context.addInitScript({ content: PAGE_INIT });
  context.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.location().url}: ${message.text()}`);
  });
  context.on('weberror', (error) => consoleErrors.push(`uncaught: ${error.error().message}`));
  // Before anything else: the data folder must be the temporary one, or the run would use a real setup's.
  const userData = await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'));
  if (realpathSync(userData) !== dataDir)
    throw new Error(`userData is ${userData}, not the temporary ${dataDir}: --user-data-dir was not honoured`);
});

afterAll(async () => {
  const running = app;
  if (running && running.process().exitCode === null && running.process().signalCode === null) {
    await running.close().catch(() => running.process().kill());
  }
  if (secondPid !== undefined && alive(secondPid)) process.kill(secondPid);
  if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

describe('OnCall Tray on the real Electron (built app, demo data, temporary data folder)', () => {
  it('starts once: a second launch hands over to the first, which shows its popover, and exits', async () => {
    await expect
      .poll(async () => (await probe()).trays.filter((t) => t.alive).length, { timeout: 30_000, message: 'the tray' })
      .toBe(1);
    const second = spawn(
      electronPath(),
      [...(process.platform === 'linux' ? ['--no-sandbox'] : []), root, '--demo', `--user-data-dir=${dataDir}`],
      {
        env: envForApp(),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    secondPid = second.pid;
    let output = '';
    second.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    second.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = await within(30_000, 'the second launch to exit', exitOf(second));
    expect(exit, output).toEqual({ code: 0, signal: null });
    const visible = () =>
      launched().evaluate(({ BrowserWindow }) =>
        BrowserWindow.getAllWindows()
          .filter((w) => w.isVisible())
          .map((w) => w.webContents.getURL()),
      );
    await expect
      .poll(visible, { timeout: 15_000, message: 'the popover, shown for the second launch' })
      .toEqual([textContaining('window=popover')]);
    // Still one app with one tray.
    expect((await probe()).trays.filter((t) => t.alive)).toHaveLength(1);
  });

  it('shows the tray with the tooltip the tray model gives for the state the app holds', async () => {
    const popover = await windowOf('popover');
    const locale = await launched().evaluate(({ app: electronApp }) => electronApp.getLocale());
    const compare = async () => {
      const state = StateResult.parse(await popover.evaluate("window.oncall.invoke('state:get', null)"));
      const shortcut = ShortcutResult.parse(await popover.evaluate("window.oncall.invoke('shortcut:status', null)"));
      if (!state.ok || !shortcut.ok) return { problem: 'state or shortcut status unavailable' };
      const tray = (await probe()).trays.find((t) => t.alive);
      if (!tray) return { problem: 'no tray' };
      const extras = { locale, ...(shortcut.value.problem ? { shortcutProblem: shortcut.value.problem } : {}) };
      return {
        sync: state.value.sync.kind,
        tooltip: tray.tooltip,
        expected: trayTooltip(state.value, tray.atMs, ZONE, extras),
      };
    };
    // The demo syncs at start; until then the tooltip may say "loading". Poll until the app's state is synced.
    await expect.poll(async () => (await compare()).sync, { timeout: 30_000, message: 'the demo synced' }).toBe('ok');
    await expect
      .poll(
        async () => {
          const seen = await compare();
          return 'tooltip' in seen && seen.tooltip === seen.expected ? 'same' : seen;
        },
        { timeout: 15_000 },
      )
      .toBe('same');
    const final = await compare();
    expect('tooltip' in final ? final.tooltip : '').toMatch(/^(On call: |Next on call: |Off call)/);
    expect('tooltip' in final ? final.tooltip : '').not.toContain('(saved data)');
  });

  it('serves the popover from app:// prerendered, hydrates it in place, with no CSP violation or console error', async () => {
    // What the app:// handler serves: the status view already in the HTML, and the CSP as a response header.
    const served = await launched().evaluate(async ({ net }, url) => {
      const response = await net.fetch(url);
      return {
        status: response.status,
        csp: response.headers.get('content-security-policy'),
        html: await response.text(),
      };
    }, POPOVER);
    expect(served.status).toBe(200);
    expect(served.csp).toContain("default-src 'none'");
    expect(served.html).toMatch(/<div id="app"[^>]*data-prerendered/);
    expect(served.html).toContain('data-testid="my-state"');

    let popover = await windowOf('popover');
    expect(popover.url()).toMatch(/^app:\/\/renderer\/index\.html\?window=popover&view=status/);
    // The popover was loaded at start-up; if that was before the suite's init script was in place, load it again.
    if (!(await popover.evaluate('Boolean(window.__oncallSmoke && window.__oncallSmoke.prerendered !== null)'))) {
      await popover.reload();
      popover = await windowOf('popover');
    }
    const smoke = () => popover.evaluate('window.__oncallSmoke').then((raw) => PageSmoke.parse(raw));
    const first = await smoke();
    expect(first.prerendered, 'the page arrived with its status view prerendered').toBe(true);
    expect(first.prerenderedText).toMatch(/\S/);
    // Live: main's script ran makeLive (the hydrate mark), dropped data-prerendered, and kept the prerendered nodes.
    await expect
      .poll(
        () =>
          popover.evaluate(
            "performance.getEntriesByName('oncall:hydrate').length === 1 && !document.getElementById('app').hasAttribute('data-prerendered')",
          ),
        { timeout: 15_000, message: 'hydrated' },
      )
      .toBe(true);
    expect(
      await popover.evaluate('document.querySelector(\'[data-testid="my-state"]\').__oncallSmokeMark === true'),
      'hydrated in place, not re-rendered',
    ).toBe(true);
    expect(await popover.getByRole('button', { name: 'Override', exact: true }).count()).toBe(1);
    const after = await smoke();
    expect(after.csp).toEqual([]);
    expect(after.errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('creates an override in the quick-override window that reaches the simulator exactly once', async () => {
    const created = async () =>
      (await probe()).requests.filter((r) => r.method === 'POST' && CREATE_OVERRIDE.test(r.path));
    expect(await created()).toEqual([]);
    const popover = await windowOf('popover');
    // The popover hides when it loses focus; a dispatched click needs no focus, and proves the hydrated handler.
    await popover.getByRole('button', { name: 'Override', exact: true }).dispatchEvent('click');
    const form = await windowOf('action');
    await form.getByLabel('Next 1 h').check();
    await expect.poll(() => form.getByTestId('preview-window').textContent(), { timeout: 15_000 }).toMatch(/· 1 h$/);
    await form.getByRole('button', { name: 'Create override' }).click();
    await form.getByTestId('override-id').waitFor({ timeout: 30_000 });
    expect(await form.getByTestId('override-id').textContent()).toMatch(/^ovr_/);
    const posts = await created();
    expect(posts).toEqual([{ method: 'POST', path: textMatching(CREATE_OVERRIDE), status: 201 }]);
    // The window read the override back from the service.
    const id = (await form.getByTestId('override-id').textContent())?.trim() ?? '';
    expect(
      (await probe()).requests.some(
        (r) => r.method === 'GET' && r.path.endsWith(`/overrides/${id}`) && r.status === 200,
      ),
    ).toBe(true);
    const smoke = PageSmoke.parse(await form.evaluate('window.__oncallSmoke'));
    expect(smoke.csp).toEqual([]);
    expect(smoke.errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('stores a key in the OS keychain from the main process, reads it back and removes it (test service name)', async () => {
    const service = `OnCall Tray smoke test ${randomUUID()}`;
    const secret = `ocs_smoke_${randomUUID()}`;
    const result = await launched().evaluate(
      async (_electron, { requireFrom, service: svc, secret: key }) => {
        const load = process.getBuiltinModule('node:module').createRequire(requireFrom);
        const keytar: unknown = load('keytar');
        if (typeof keytar !== 'object' || keytar === null) throw new Error('keytar did not load');
        const call = async (name: string, args: string[]): Promise<unknown> => {
          const fn: unknown = Reflect.get(keytar, name);
          if (typeof fn !== 'function') throw new Error(`keytar has no ${name}`);
          return Reflect.apply(fn, keytar, args);
        };
        try {
          await call('setPassword', [svc, 'smoke', key]);
          const read = await call('getPassword', [svc, 'smoke']);
          const deleted = await call('deletePassword', [svc, 'smoke']);
          const after = await call('getPassword', [svc, 'smoke']);
          return { read, deleted, after };
        } finally {
          await call('deletePassword', [svc, 'smoke']).catch(() => undefined);
        }
      },
      { requireFrom: join(root, 'package.json'), service, secret },
    );
    expect(result).toEqual({ read: secret, deleted: true, after: null });
  });

  it.runIf(process.platform === 'darwin')(
    "macOS: sends a notification through Electron's Notification with the app's own options; macOS answers or stays silent, never a throw",
    async () => {
      const options = electronNotificationOptions({
        id: 'smoke',
        title: 'OnCall Tray smoke test',
        body: 'A test notification from the Electron smoke suite.',
        target: 'status',
      });
      const outcome = await launched().evaluate(
        ({ Notification }, opts) =>
          new Promise<{ supported: boolean; events: string[] }>((resolve) => {
            const supported = Notification.isSupported();
            const events: string[] = [];
            const shown = new Notification(opts);
            shown.on('show', () => events.push('show'));
            shown.on('failed', (_event, error) => events.push(`failed: ${error}`));
            shown.show();
            // Held (and so not collected) until it is closed here.
            setTimeout(() => (shown.close(), resolve({ supported, events })), 3_000);
          }),
        options,
      );
      expect(outcome.supported).toBe(true);
      // Since Electron 42 (UNNotification) macOS may refuse a runner's unsigned, unauthorised app with `failed`: the
      // app then falls back to its own window (test/adapters/notification-fallback.test.ts). Either answer is one of
      // these two; anything else would be an event the app does not know.
      expect(outcome.events.every((e) => e === 'show' || e.startsWith('failed: '))).toBe(true);
    },
  );

  // macOS posts through Electron's Notification (above); node-notifier is the app's path on Linux and Windows.
  it.skipIf(process.platform === 'darwin')(
    "sends a notification with the app's own options without error",
    async () => {
      const options = notificationOptions(
        {
          id: 'smoke',
          title: 'OnCall Tray smoke test',
          body: 'A test notification from the Electron smoke suite.',
          target: 'status',
        },
        {
          appName: APP_NAME,
          iconPath: join(root, 'dist', 'icons', 'app.png'),
          appId: APP_ID,
          desktopEntry: DESKTOP_ENTRY,
          platform: process.platform,
        },
      );
      const outcome = await launched().evaluate(
        (_electron, { requireFrom, options: opts }) =>
          new Promise<{ error: string | null; response: string | null }>((resolve, reject) => {
            const notifier: unknown = process.getBuiltinModule('node:module').createRequire(requireFrom)(
              'node-notifier',
            );
            const notify: unknown =
              typeof notifier === 'object' && notifier !== null ? Reflect.get(notifier, 'notify') : undefined;
            if (typeof notify !== 'function') return reject(new Error('node-notifier did not load'));
            Reflect.apply(notify, notifier, [
              opts,
              (error: unknown, response: unknown) =>
                resolve({
                  error:
                    error === null || error === undefined
                      ? null
                      : error instanceof Error
                        ? String(error)
                        : JSON.stringify(error),
                  response: typeof response === 'string' ? response : null,
                }),
            ]);
          }),
        // Not waiting for a click: on a CI runner the AppUserModelID has no Start-menu shortcut, so a toast that waits
        // may never be answered and would hang to the test's timeout.
        { requireFrom: join(root, 'package.json'), options: { ...options, wait: false } },
      );
      // Sent without waiting, SnoreToast (Windows) and notify-send (Linux) answer at once; an answer is not an error.
      expect(outcome.error).toBeNull();
    },
  );

  it('quits with exit code 0 and leaves none of its processes behind', async () => {
    const running = launched();
    const pids = [
      running.process().pid,
      ...(await running.evaluate(({ app: electronApp }) => electronApp.getAppMetrics().map((m) => m.pid))),
    ].filter((pid): pid is number => typeof pid === 'number');
    expect(pids.length).toBeGreaterThan(1);
    expect(consoleErrors).toEqual([]);
    // app.quit() is what the tray's Quit item calls: before-quit holds it until timers stop and the cache is saved.
    await running.evaluate(({ app: electronApp }) => void electronApp.quit()).catch(() => undefined);
    const exit = await within(30_000, 'the app to quit', appExit ?? Promise.reject(new Error('no process')));
    expect(exit).toEqual({ code: 0, signal: null });
    await expect.poll(() => pids.filter(alive), { timeout: 10_000, message: 'processes left behind' }).toEqual([]);
    if (secondPid !== undefined) expect(alive(secondPid)).toBe(false);
    expect(mainLog.filter((line) => /could not start|shutdown:/.test(line))).toEqual([]);
    // The demo's data went to the temporary folder (flushed on quit), nowhere else.
    expect((await readdir(join(dataDir, 'demo'))).length).toBeGreaterThan(0);
  });
});
