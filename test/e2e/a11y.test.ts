// WCAG 2.2 AA on every view, light and dark: axe-core (rules tagged wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa)
// run in Debian's Chromium on each view and state a user meets (support/views.ts), expecting no violation.
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import type { OpenOptions } from './support/browser';
import { e2eSession } from './support/session';
import { VIEWS } from './support/views';

const session = e2eSession();

describe('axe-core: no WCAG 2.2 A/AA violations', () => {
  // Light and dark on the same page: the themes are CSS only (prefers-color-scheme, or the user's data-theme), so
  // switching the emulated scheme re-checks the same view and state in the other theme without a second host. Views
  // reached without changing the host share one host and page (a fresh document each).
  for (const view of VIEWS) {
    it(`${view.name} (light and dark)`, async () => {
      const options: OpenOptions = { ...view.open, colorScheme: 'light' };
      const app = await (view.changesHost ? session.open(view.setup, options) : session.shared(view.setup, options));
      await view.reach(app);
      const light = await axeViolations(app.page);
      await app.page.emulateMedia({ colorScheme: 'dark' });
      expect(await app.page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")).toBe(true);
      expect({ light, dark: await axeViolations(app.page) }).toEqual({ light: [], dark: [] });
    });
  }
});

describe('the popover for screen readers', () => {
  it('focuses a <main> named by the status line, with "Your status" as a heading', async () => {
    const app = await session.open('configured');
    const { page } = app;
    await page.waitForSelector('html[data-rendered]');
    const line = (await page.getByTestId('my-state').textContent()) ?? '';
    expect(line).toMatch(/^(On call until|Next: )/);
    await expect.poll(() => page.evaluate('document.activeElement.tagName')).toBe('MAIN');
    expect(await page.getByRole('main', { name: line, exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Your status', level: 2 }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Your status' }).getByTestId('my-state').count()).toBe(1);
  });
});
