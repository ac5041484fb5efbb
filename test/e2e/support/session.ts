// One Chromium per test file; each test gets its own host (engine + simulator) and its own browser context, except
// where a test only pushes states to the page (`shared`): those share one host and page per file, and each gets a
// fresh document (the page loaded again) at its own size and scheme, so no view, fold or focus of an earlier test
// is left on it. A new context and host per test cost ~1 s each, and most of axe's time is its first run in a page.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, openApp, reopenApp, type OpenOptions, type OpenPage } from './browser';
import { startHost, type Host, type HostOptions, type HostSetup } from './host';

export interface Opened extends OpenPage {
  host: Host;
}

export interface E2eSession {
  open(setup: HostSetup, options?: OpenOptions, hostOptions?: HostOptions): Promise<Opened>;
  /** For a test that only pushes states and reads the page: it must not act through the host (settings, intents,
   *  syncs, window calls), since the next shared test gets the same host. */
  shared(setup: HostSetup, options?: OpenOptions): Promise<Opened>;
}

export function e2eSession(): E2eSession {
  let browser: Browser | undefined;
  let opened: Opened | undefined;
  const sharedBy = new Map<HostSetup, Opened>();
  const closeOne = async (app: Opened | undefined) => {
    await app?.context.close();
    await app?.host.close();
  };
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const app of sharedBy.values()) await closeOne(app);
    await browser?.close();
  });
  afterEach(async () => {
    await closeOne(opened);
    opened = undefined;
  });
  return {
    async open(setup, options, hostOptions) {
      if (!browser) throw new Error('Chromium did not start');
      const host = await startHost(setup, hostOptions);
      opened = { ...(await openApp(browser, host, options)), host };
      return opened;
    },
    async shared(setup, options = {}) {
      if (!browser) throw new Error('Chromium did not start');
      const before = sharedBy.get(setup);
      if (before) {
        await reopenApp(before, before.host, options);
        return before;
      }
      const host = await startHost(setup);
      const app = { ...(await openApp(browser, host, options)), host };
      sharedBy.set(setup, app);
      return app;
    },
  };
}
