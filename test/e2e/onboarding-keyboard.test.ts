// Issue 49 (adv49 r21): onboarding by keyboard alone, at the onboarding window's real size (440×640), light and dark.
// "Next: You" puts the focus in "Which of these people are you?" as every other step puts it in its first field;
// the "4. You" step button, closed while the schedules are not saved, says that, never "Choose at least one schedule
// first." with one listed. Real Chromium, real engine and simulator.
import { copyFile, mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { e2eSession } from './support/session';

const session = e2eSession();
// What has the focus, as a keyboard user would name it: the field's label, else the button's words.
const FOCUSED = `(() => { const e = document.activeElement; if (!e || e === document.body) return 'BODY';
  return e.tagName + ' ' + (e.getAttribute('aria-label') || e.labels?.[0]?.textContent || e.textContent || '').trim(); })()`;

describe('onboarding by keyboard alone', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`puts the focus in each step's first field, and the closed "4. You" says why (${colorScheme})`, async () => {
      const app = await session.open('empty', { width: 440, height: 640, colorScheme });
      const { page, host } = app;
      const focused = async (): Promise<string> => String(await page.evaluate(FOCUSED));
      const you = page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: '4. You' });
      await page.getByRole('button', { name: 'Set up OnCall Tray' }).focus();
      await page.keyboard.press('Enter');
      await page.getByLabel('API key').waitFor();
      await expect.poll(focused).toBe('INPUT API key');
      await page.keyboard.type(host.sim.apiKey);
      await page.keyboard.press('Enter');
      await expect.poll(focused).toBe('INPUT Service address');
      await page.keyboard.press('Control+A');
      await page.keyboard.type(host.sim.url);
      await page.keyboard.press('Enter');
      await expect.poll(focused).toBe('INPUT Schedule id or link');
      // Before a schedule is listed, and after: the step opens once "Next: You" saves them, and the button says so.
      expect(await you.getAttribute('title')).toMatch(/Next: You/);
      await page.keyboard.type('sch_platform_primary');
      await page.keyboard.press('Enter');
      await page.getByText('Added “Platform primary” (Berlin).').waitFor();
      // Listed but not saved: the button (title and description) says what opens it, never that none is chosen.
      const why = await you.getAttribute('title');
      expect(await you.isDisabled()).toBe(true);
      expect(why).not.toBe('Choose at least one schedule first.');
      expect(why).toMatch(/Next: You/);
      expect(await page.locator(`#${await you.getAttribute('aria-describedby')}`).textContent()).toBe(why);
      await page.getByRole('button', { name: 'Next: You' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('combobox', { name: 'Which of these people are you?' }).waitFor();
      await expect.poll(focused).toBe('INPUT Which of these people are you?');
      await page.keyboard.type('ali');
      expect(await page.getByRole('combobox', { name: 'Which of these people are you?' }).inputValue()).toBe('ali');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/fix49onb/onboarding-you-focus-${colorScheme}.png` });
      await mkdir('test-results/screenshots', { recursive: true });
      await copyFile(
        `/tmp/fix49onb/onboarding-you-focus-${colorScheme}.png`,
        `test-results/screenshots/onboarding-you-focus-${colorScheme}.png`,
      );
      // Back to the schedules (saved now): the focus is in its field again, and "4. You" still says the true reason.
      await page.getByRole('button', { name: 'Back' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(focused).toBe('INPUT Schedule id or link');
      expect(await you.getAttribute('title')).toMatch(/Next: You/);
    }, 90_000);
  }
});
