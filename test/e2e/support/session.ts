// One Chromium per test file; each test gets its own host (engine + simulator) and its own browser context.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, openApp, type OpenOptions, type OpenPage } from './browser';
import { startHost, type Host, type HostOptions, type HostSetup } from './host';

export interface Opened extends OpenPage {
  host: Host;
}

export function e2eSession(): {
  open(setup: HostSetup, options?: OpenOptions, hostOptions?: HostOptions): Promise<Opened>;
} {
  let browser: Browser | undefined;
  let opened: Opened | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await opened?.context.close();
    await opened?.host.close();
    opened = undefined;
  });
  return {
    async open(setup, options, hostOptions) {
      if (!browser) throw new Error('Chromium did not start');
      const host = await startHost(setup, hostOptions);
      opened = { ...(await openApp(browser, host, options)), host };
      return opened;
    },
  };
}
