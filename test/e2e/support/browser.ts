// Debian's Chromium driven by playwright-core (never a downloaded browser), with the bridge injected the way the
// preload exposes it: `window.oncall` with invoke() and on(). The page keeps its strict CSP (connect-src 'none'),
// so invoke() crosses to the host through a Playwright binding rather than fetch, and pushes arrive by evaluate;
// neither is page networking, so the CSP stays exactly as shipped. CSP violations are collected and asserted.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Host } from './host';
import { ROOT } from './renderer-build';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

// Plain JavaScript, run before the page's own scripts (addInitScript is not subject to the page's CSP).
const BRIDGE = `(() => {
  const listeners = { 'state:changed': new Set(), navigate: new Set() };
  window.__oncallPush = (event, payload) => { for (const l of listeners[event] || []) l(payload); };
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
  window.oncall = {
    invoke: (channel, request) => window.__oncallInvoke(channel, request),
    on: (event, listener) => {
      const set = listeners[event];
      if (!set) return () => {};
      set.add(listener);
      return () => set.delete(listener);
    },
  };
})();`;

export interface OpenOptions {
  view?: string;
  kind?: 'popover' | 'action';
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

export async function openApp(browser: Browser, host: Host, o: OpenOptions = {}): Promise<OpenPage> {
  const context = await browser.newContext({
    viewport: { width: o.width ?? 360, height: o.height ?? 520 },
    colorScheme: o.colorScheme ?? 'light',
    reducedMotion: o.reducedMotion === false ? 'no-preference' : 'reduce',
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
  });
  await context.exposeBinding('__oncallInvoke', (_source, channel: string, request: unknown) => host.invoke(channel, request));
  await context.addInitScript(BRIDGE);
  const page = await context.newPage();
  // Fail fast with the locator in the message, well inside vitest's test timeout.
  page.setDefaultTimeout(6_000);
  host.onPush((event, payload) => {
    page.evaluate(([e, p]) => Reflect.get(globalThis, '__oncallPush')(e, p), [event, payload] as const).catch(() => undefined);
  });
  const query = `?window=${o.kind ?? 'popover'}&view=${o.view ?? 'status'}`;
  await page.goto(`${host.url}/index.html${query}`);
  return {
    page,
    context,
    cspViolations: () => page.evaluate(() => Reflect.get(globalThis, '__cspViolations')),
    async screenshot(name) {
      const dir = join(ROOT, 'test-results', 'screenshots');
      await mkdir(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `${name}.png`) });
    },
  };
}
