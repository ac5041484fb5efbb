// The popover's first frame comes from main: its status view is prerendered into the HTML the page is served
// with, so it is on screen before any script has run. Proven in real Chromium against the real engine and
// simulator: with JavaScript off the page already says what the live page says (people, my state, offline and
// saved data, the dark theme); the live page hydrates that markup in place (one view, working buttons, focus on
// the page, no CSP violation); a state newer than the prerender replaces its text; and without the prerender
// bundle the page renders itself as before.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAGE_LOCALE, PAGE_ZONE, type Host } from './support/host';
import { e2eSession, type Opened } from './support/session';

const session = e2eSession();
const POPOVER = '/index.html?window=popover&view=status';

/** The popover exactly as main serves it, in a fresh context with JavaScript off: only what the HTML carries. */
async function withoutScripts(
  app: Opened,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; close(): Promise<void> }> {
  const browser = app.context.browser();
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 520 },
    locale: PAGE_LOCALE,
    timezoneId: PAGE_ZONE,
    colorScheme,
  });
  const page = await context.newPage();
  await page.goto(`${app.host.url}${POPOVER}`);
  return { page, close: () => context.close() };
}

/** What the popover's glance says, as a user reads it: my state, then each schedule's line of who is on call now. */
async function glance(page: Page): Promise<string[]> {
  const lines = (await page.getByTestId('now-line').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
  return [((await page.getByTestId('my-state').textContent()) ?? '').trim(), ...lines];
}

async function prerenderedHtml(host: Host): Promise<string> {
  return (await fetch(`${host.url}${POPOVER}`)).text();
}

describe('the prerendered popover', () => {
  it('is on screen with scripts off and says what the live popover says', async () => {
    const app = await session.open('configured');
    await app.page.waitForSelector('html[data-rendered]');
    const live = await glance(app.page);
    expect(live[0]).toMatch(/^(On call until|Next: )/);
    expect(live).toHaveLength(4);
    const bare = await withoutScripts(app);
    try {
      expect(await bare.page.getByText('Loading…').count()).toBe(0);
      expect(await glance(bare.page)).toEqual(live);
      // The buttons are there too (they work once the page is live), and the schedule names are the real ones.
      expect(await bare.page.getByRole('button', { name: 'Override' }).count()).toBe(1);
      expect(live.some((line) => line.startsWith('Platform primary '))).toBe(true);
      // The first frame is the glance only: the week, my shifts and the cards are mounted after it.
      expect(await bare.page.locator('.card').count()).toBe(0);
      expect(await bare.page.getByTestId('my-shifts').count()).toBe(0);
      await expect.poll(() => app.page.locator('.card').count()).toBe(3);
    } finally {
      await bare.close();
    }
  });

  // "Offline" for a refused connection, "Cannot reach the service" for one dropped (the simulator stops mid-keep-alive):
  // each names what happened, neither claims the service is slow.
  it('says "offline" and "(saved data)", once, in its first frame when the service is down', async () => {
    const app = await session.open('configured');
    await app.host.simulatorDown();
    await app.host.engine.handlers['sync:refresh'](null);
    await app.host.waitForState((s) => s.sync.kind === 'offline', 'offline');
    const bare = await withoutScripts(app);
    try {
      expect(await bare.page.getByTestId('stale-line').textContent()).toMatch(
        /(?:Offline|Cannot reach the service) · last updated \d\d:\d\d/,
      );
      // My status line says "saved data" once: beside my block with from when, or as the title's mark.
      const mine = (await bare.page.locator('.me .title, .me .detail').allTextContents()).join(' | ');
      expect(mine.match(/saved data/g)?.length, mine).toBe(1);
    } finally {
      await bare.close();
    }
  });

  it('is dark from its first frame when the user picked the dark theme', async () => {
    const app = await session.open('configured');
    await app.host.engine.handlers['settings:update']({ theme: 'dark' });
    const bare = await withoutScripts(app, 'light');
    try {
      expect(await bare.page.getAttribute('html', 'data-theme')).toBe('dark');
      expect(await bare.page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(23, 25, 29)');
    } finally {
      await bare.close();
    }
  });

  it('becomes live in place: one view, working buttons, focus on the page, no CSP violation', async () => {
    const app = await session.open('configured');
    const { page } = app;
    const html = await prerenderedHtml(app.host);
    expect(html).toContain('data-prerendered');
    // Its stylesheet inline (allowed by hash in the page's CSP): the first frame waits for no request.
    // (Its CSS may hold "<", as a media range "height<=479px" does: only "</style>" ends it.)
    expect(html).toMatch(/<style>(?:(?!<\/style>)[\s\S])+<\/style>/);
    expect(html).not.toContain('rel="stylesheet"');
    expect(await page.locator('#app[data-prerendered]').count()).toBe(0);
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.getByTestId('my-state').count()).toBe(1);
    await page.waitForSelector('html[data-rendered]');
    expect(await page.evaluate(`document.activeElement?.getAttribute('data-view')`)).toBe('status');
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Team' }).click();
    await expect.poll(() => app.host.windowCalls.map((c) => c.channel)).toContain('window:open');
    expect(await app.cspViolations()).toEqual([]);
  });

  it('replaces what it prerendered when the state it is sent is newer', async () => {
    const older = (name: string) => `${name} (as prerendered)`;
    const app = await session.open(
      'configured',
      {},
      {
        prerenderState: (s) => ({ ...s, schedules: s.schedules.map((x) => ({ ...x, name: older(x.name) })) }),
      },
    );
    // The test can fail: the page really was served the older text.
    expect(await prerenderedHtml(app.host)).toContain(older('Platform primary'));
    const { page } = app;
    await page.waitForSelector('html[data-rendered]');
    expect(await page.getByRole('heading', { name: 'Platform primary', exact: true }).count()).toBe(1);
    expect(await page.getByText('(as prerendered)').count()).toBe(0);
  });

  it('without the prerender bundle, the popover renders itself as before', async () => {
    const app = await session.open('configured', {}, { prerender: false });
    expect(await prerenderedHtml(app.host)).not.toContain('data-prerendered');
    expect(await app.page.getByTestId('my-state').textContent()).toMatch(/^(On call until|Next: )/);
    expect(await app.cspViolations()).toEqual([]);
  });
});
