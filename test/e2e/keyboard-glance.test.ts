// The popover's glance by keyboard alone (issue 49), in real Chromium against the real engine and simulator: a pause
// that ends by itself while its Resume has the focus leaves the focus on my state, never on <body> (the page's clock
// is a fake one, run past the pause's end); and Tab goes through "Asks you" as it reads, Cover… on the request's row
// before "N more asking you" under it (adv49 r17).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSession } from './support/session';

const session = e2eSession();
const MIN = 60_000;

/** What has the focus: its id, else its text ("BODY" when the focus was lost). */
const focused = (page: Page) =>
  page.evaluate(`(() => { const a = document.activeElement; if (!a || a === document.body) return 'BODY';
    return a.id || a.textContent.trim(); })()`);

describe('a pause ending by itself while the popover is open', () => {
  it('takes its line away and leaves the focus that was on its Resume on my state, never <body>', async () => {
    const app = await session.open('configured');
    const { page, host } = app;
    // The page's clock under the test's hand from the page's start (its tick every 15 s, frames, timers).
    const startMs = Date.now();
    await page.clock.install({ time: startMs });
    await page.goto(page.url());
    await page.waitForSelector('html[data-rendered]');
    await page.clock.runFor(1_000);
    const endsMs = startMs + 10 * MIN;
    await host.invoke('settings:update', { pausedUntil: new Date(endsMs).toISOString() });
    const line = page.getByTestId('paused');
    const resume = line.getByRole('button', { name: 'Resume' });
    await resume.waitFor();
    await resume.focus();
    await page.clock.runFor(9 * MIN);
    expect(await line.count(), 'still paused a minute before its end').toBe(1);
    expect(await focused(page)).toBe('Resume');
    await page.clock.runFor(2 * MIN); // past the end: the page's next tick takes the line away
    await line.waitFor({ state: 'detached' });
    await page.clock.runFor(1_000); // the frames after it
    expect(await focused(page)).toBe('my-state');
    // Ended by itself: nobody pressed Resume (the engine, on the real clock, still has the pause saved).
    expect(host.engine.getState().settings.pausedUntil).toBe(new Date(endsMs).toISOString());
  });
});

describe('Asks you by keyboard', () => {
  it('Tab reaches Cover… on the request’s row before "N more asking you" under it, and Shift+Tab goes back', async () => {
    const app = await session.open('configured');
    const { page } = app;
    await page.waitForSelector('html[data-rendered]');
    const asks = page.getByTestId('asks-you');
    const stops = asks.locator('button');
    const names = await stops.allTextContents();
    // The demo asks me more than once (else there is no "more" to order): the test needs both.
    expect(names.map((n) => n.trim()).filter((n) => /^\d+ more asking you$/.test(n))).toHaveLength(1);
    // From the line before the strip (the last now-line), Tab by Tab through the strip's buttons.
    await page.getByTestId('now-line').last().focus();
    const order: { name: string; top: number }[] = [];
    for (let i = 0; i < names.length; i += 1) {
      await page.keyboard.press('Tab');
      const name = String(await focused(page));
      const box = await page.evaluate('document.activeElement.getBoundingClientRect().top');
      order.push({ name, top: Number(box) });
    }
    expect(order.map((s) => s.name)).toEqual(['Cover…', expect.stringMatching(/^\d+ more asking you$/)]);
    // Reading order: each stop on the row of the one before or below it, never above.
    const [cover, more] = order;
    expect(more && cover && more.top >= cover.top).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('Cover…');
  });
});
