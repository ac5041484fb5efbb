// Debian's Chromium driven by playwright-core (never a downloaded browser), with the bridge injected the way the
// preload exposes it: `window.oncall` with invoke() and on(). The page keeps its strict CSP (connect-src 'none'),
// so invoke() crosses to the host through a DevTools binding (Runtime.addBinding) rather than fetch, and answers
// and pushes arrive by Runtime.evaluate; neither is page networking, so the CSP stays exactly as shipped. (A raw
// binding answers in a few ms, like Electron's IPC; Playwright's exposeBinding takes ~50 ms on a fresh page,
// which would swamp the first-render figure.) CSP violations are collected and asserted.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PAGE_LOCALE, PAGE_ZONE, type Host } from './host';
import { ROOT } from './renderer-build';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // As main opens the alarm window (alarm-window-spec.ts): its sound starts without a click. No other page plays one.
  '--autoplay-policy=no-user-gesture-required',
];

/** Debian's Chromium here and on the Linux CI container; macOS and Windows runners come with Google Chrome, which
 * Playwright finds by its channel. CHROMIUM_PATH names another. Never a downloaded browser. */
export function browserToLaunch(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): { executablePath: string } | { channel: 'chrome' } {
  const path = env['CHROMIUM_PATH'];
  if (path) return { executablePath: path };
  if (platform === 'linux' || existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium' };
  return { channel: 'chrome' };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...browserToLaunch(), args: CHROMIUM_ARGS });
}

// Plain JavaScript, run before the page's own scripts (addInitScript is not subject to the page's CSP).
const BRIDGE = `(() => {
  const listeners = { 'state:changed': new Set(), navigate: new Set(), 'alarm:changed': new Set() };
  const pending = new Map();
  // Ids go on across documents (a page is loaded again for the next test): an answer still on its way to the last
  // document must not resolve this one's call of the same number.
  let lastId = Math.round(performance.timeOrigin * 1000);
  // Everything main sent to the page, so tests can prove what never reaches it (the API key).
  window.__oncallReceived = [];
  window.__oncallPush = (event, payload) => { window.__oncallReceived.push(payload); for (const l of listeners[event] || []) l(payload); };
  window.__oncallAnswer = (id, answer) => { window.__oncallReceived.push(answer); const resolve = pending.get(id); pending.delete(id); if (resolve) resolve(answer); };
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
  window.oncall = {
    invoke: (channel, request) => new Promise((resolve) => {
      // Electron's ipcRenderer copies requests with structured clone, which refuses Proxies (Svelte's $state):
      // cloning here first makes such a request fail in the tests as it would in the app.
      const copy = structuredClone(request === undefined ? null : request);
      const id = ++lastId;
      pending.set(id, resolve);
      window.__oncallCall(JSON.stringify({ id, channel, request: copy }));
    }),
    on: (event, listener) => {
      const set = listeners[event];
      if (!set) return () => {};
      set.add(listener);
      return () => set.delete(listener);
    },
  };
})();`;

function parseCall(payload: string): { id: number; channel: string; request: unknown } | undefined {
  const raw: unknown = JSON.parse(payload);
  if (typeof raw !== 'object' || raw === null) return undefined;
  const id: unknown = Reflect.get(raw, 'id');
  const channel: unknown = Reflect.get(raw, 'channel');
  return typeof id === 'number' && typeof channel === 'string'
    ? { id, channel, request: Reflect.get(raw, 'request') }
    : undefined;
}

export interface OpenOptions {
  view?: string;
  kind?: 'popover' | 'action' | 'alarm';
  colorScheme?: 'light' | 'dark';
  width?: number;
  height?: number;
  reducedMotion?: boolean;
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  cspViolations(): Promise<unknown>;
  screenshot(name: string): Promise<void>;
}

async function load(page: Page, host: Host, o: OpenOptions): Promise<void> {
  const query = `?window=${o.kind ?? 'popover'}&view=${o.view ?? 'status'}`;
  await page.goto(`${host.url}/index.html${query}`);
  // The prerendered popover is on screen before its scripts run; tests act on it once it is live (hydrated).
  await page.waitForSelector('#app:not([data-prerendered])', { state: 'attached' });
}

/** The same page for another test: its size and media as a new context would set them, then a fresh document (the
 * bridge and its binding stay, as they were added for every document). */
export async function reopenApp(open: OpenPage, host: Host, o: OpenOptions = {}): Promise<void> {
  const { page } = open;
  await page.setViewportSize({ width: o.width ?? 360, height: o.height ?? 520 });
  await page.emulateMedia({
    colorScheme: o.colorScheme ?? 'light',
    reducedMotion: o.reducedMotion === false ? 'no-preference' : 'reduce',
    forcedColors: 'none',
    media: 'screen',
  });
  await load(page, host, o);
}

export async function openApp(browser: Browser, host: Host, o: OpenOptions = {}): Promise<OpenPage> {
  const context = await browser.newContext({
    viewport: { width: o.width ?? 360, height: o.height ?? 520 },
    colorScheme: o.colorScheme ?? 'light',
    reducedMotion: o.reducedMotion === false ? 'no-preference' : 'reduce',
    locale: PAGE_LOCALE,
    timezoneId: PAGE_ZONE,
  });
  await context.addInitScript(BRIDGE);
  const page = await context.newPage();
  // Fail fast with the locator in the message, well inside vitest's test timeout.
  page.setDefaultTimeout(6_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: '__oncallCall' });
  // JSON is a JavaScript expression: answers and pushes are evaluated as literals in the page.
  const run = (expression: string) => void cdp.send('Runtime.evaluate', { expression }).catch(() => undefined);
  cdp.on('Runtime.bindingCalled', (event) => {
    if (event.name !== '__oncallCall') return;
    const call = parseCall(event.payload);
    if (!call) return;
    void host
      .invoke(call.channel, call.request)
      .then((answer) => run(`window.__oncallAnswer(${call.id}, ${JSON.stringify(answer)})`));
  });
  host.onPush((event, payload) => run(`window.__oncallPush(${JSON.stringify(event)}, ${JSON.stringify(payload)})`));
  await load(page, host, o);
  return {
    page,
    context,
    cspViolations: () => page.evaluate((): unknown => Reflect.get(globalThis, '__cspViolations')),
    async screenshot(name) {
      const dir = join(ROOT, 'test-results', 'screenshots');
      await mkdir(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `${name}.png`) });
    },
  };
}
