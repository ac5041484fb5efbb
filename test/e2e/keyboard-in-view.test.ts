// By keyboard alone at 360×520 (issue 49, WCAG 2.2 2.4.11 Focus Not Obscured), light and dark: what the keyboard
// moves stays where the user can see it. My shifts' "Show all" opens the list above the pressed button, which keeps
// the focus (adv49 r19 #2: it ended ~500 px below the window); the week timeline's caption, which says which shift the
// arrows chose and what Enter overrides, stays out from under the action bar (adv49 r19 #3: the arrows are the
// listbox's, so the page never scrolled to it). Real engine and simulator; what is visible is measured in Chromium.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { e2eSession } from './support/session';

const session = e2eSession();

/** Where an element is (px), the top of the action bar (what is at or below it is under the bar or out of the
 *  window), and whether the browser finds something else at the element's middle (what covers it). */
const SeenSchema = z.object({
  what: z.string(),
  top: z.number(),
  bottom: z.number(),
  limit: z.number(),
  covered: z.boolean(),
});
type Seen = z.infer<typeof SeenSchema>;

/** `el` is the element measured: the one `selector` names, else the focused one. */
const WHERE = (selector: string): string => `(() => {
  const el = ${selector ? `document.querySelector(${JSON.stringify(selector)})` : 'document.activeElement'};
  if (!el || el === document.body) return { what: 'none', top: 0, bottom: 0, limit: 0, covered: true };
  const r = el.getBoundingClientRect();
  const bar = document.querySelector('nav[aria-label=Actions]')?.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 40), r.top + Math.min(r.height / 2, 8));
  return { what: (el.textContent ?? '').trim().slice(0, 60), top: r.top, bottom: r.bottom,
    limit: Math.min(bar?.top ?? innerHeight, innerHeight), covered: !(hit && el.contains(hit)) };
})()`;

async function where(page: Page, selector = ''): Promise<Seen> {
  const seen = SeenSchema.safeParse(await page.evaluate(WHERE(selector)));
  if (!seen.success) throw new Error(`could not measure ${selector || 'the focus'}`);
  return seen.data;
}

const inView = (s: Seen): boolean => s.top >= 0 && s.bottom <= s.limit && !s.covered;

/** Tab from the top of the popover until `reached` holds for the focused element, as a keyboard user gets there. */
async function tabTo(page: Page, reached: string): Promise<void> {
  for (let n = 0; n < 40; n++) {
    if (await page.evaluate(reached)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`never reached by Tab: ${reached}`);
}

describe('by keyboard at 360×520, what the keys move stays in view', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`My shifts' "Show all" keeps its focused button in view, ${colorScheme}`, async () => {
      const app = await session.open('configured', { colorScheme });
      const { page } = app;
      await page.waitForSelector('html[data-rendered]');
      await page.getByTestId('my-shifts').waitFor();
      await tabTo(page, `/^Show all \\d+$/.test(document.activeElement?.textContent?.trim() ?? '')`);
      expect(inView(await where(page))).toBe(true);
      const shown = await page.getByTestId('my-shift').count();
      await page.keyboard.press('Enter');
      // The list did open above the button (the test can fail): more rows, the focus still on the button.
      await expect.poll(() => page.getByTestId('my-shift').count()).toBeGreaterThan(shown);
      await expect.poll(async () => inView(await where(page))).toBe(true);
      expect((await where(page)).what).toBe('Show fewer');
      await app.screenshot(`keyboard-my-shifts-all-${colorScheme}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('my-shift').count()).toBe(shown);
      await expect.poll(async () => inView(await where(page))).toBe(true);
    }, 60_000);

    it(`the week's caption stays readable while the arrows move through it, ${colorScheme}`, async () => {
      const app = await session.open('configured', { colorScheme });
      const { page } = app;
      await page.waitForSelector('html[data-rendered]');
      await page.getByTestId('week-timeline').waitFor();
      await tabTo(page, `document.activeElement?.getAttribute('data-testid') === 'week-timeline'`);
      const captions: string[] = [];
      for (const key of ['ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'End', 'ArrowUp']) {
        await page.keyboard.press(key);
        const caption = await page.getByTestId('week-caption').textContent();
        captions.push(caption ?? '');
        await expect
          .poll(async () => inView(await where(page, '[data-testid=week-caption]')), { message: `${key}: ${caption}` })
          .toBe(true);
        // The focused timeline stays in view too (its ring marks the chosen segment).
        const timeline = await where(page);
        expect(timeline.bottom > 0 && timeline.top < timeline.limit, key).toBe(true);
      }
      // The arrows did move the choice (the caption named more than one shift).
      expect(new Set(captions).size).toBeGreaterThan(1);
      await app.screenshot(`keyboard-week-caption-${colorScheme}`);
    }, 60_000);
  }
});
