// Onboarding in real Chromium against the real engine and simulator: schedules come before "you", whose people are
// then offered by name (type-ahead), so the e-mail is rarely typed; steps that can't be opened yet say why.
import { describe, expect, it } from 'vitest';
import { horizontalOverflow } from './support/layout';
import { e2eSession } from './support/session';

const session = e2eSession();

describe('onboarding', () => {
  for (const [width, height, colorScheme] of [
    [440, 640, 'light'],
    [360, 480, 'dark'],
  ] as const) {
    it(`leads a first run through key, address, schedules and then "which of these people are you?" (${width}×${height}, ${colorScheme})`, async () => {
      const app = await session.open('empty', { width, height, colorScheme });
      const { page, host } = app;
      await page.getByRole('button', { name: 'Set up OnCall Tray' }).click();
      expect(host.windowCalls).toEqual([{ channel: 'window:open', request: { view: 'onboarding', params: {} } }]);
      const steps = page.getByRole('list', { name: 'Steps' }).getByRole('button');
      // allTextContents() does not wait: the onboarding view renders after the click's navigation message.
      await steps.first().waitFor();
      expect(await steps.allTextContents()).toEqual(['1. API key', '2. Service address', '3. Schedules', '4. You']);
      // Steps that cannot work yet are disabled, with the reason.
      expect(await steps.nth(2).isDisabled()).toBe(true);
      expect(await steps.nth(2).getAttribute('title')).toBe('Set the service address first.');
      // One primary action.
      expect(await page.locator('button.primary').count()).toBe(1);
      expect(await horizontalOverflow(page)).toEqual([]);
      await app.screenshot(`onboarding-key-${colorScheme}`);

      await page.getByLabel('API key').fill(host.sim.apiKey);
      await page.getByRole('button', { name: 'Next: Service address' }).click();
      await page.getByLabel('Service address').fill(host.sim.url);
      await page.getByRole('button', { name: 'Next: Schedules' }).click();
      await page.getByText('Your key is stored in your keychain.').waitFor();
      await page
        .getByLabel('Schedule id or link')
        .fill('https://oncall.example.com/schedules/sch_platform_primary/overview');
      await page.getByRole('button', { name: 'Check and add' }).click();
      await page.getByText('Added “Platform primary” (Berlin).').waitFor();
      await page.getByRole('button', { name: 'Next: You' }).click();

      const who = page.getByRole('combobox', { name: 'Which of these people are you?' });
      await who.fill('ali');
      const options = page.getByRole('listbox', { name: 'Matching people' }).getByRole('option');
      expect(await options.allTextContents()).toEqual(['Alice Doe alice@example.com']);
      await who.press('Enter');
      expect(await page.getByTestId('covering-people').textContent()).toContain('Alice Doe');
      expect(await horizontalOverflow(page)).toEqual([]);
      await app.screenshot(`onboarding-who-${colorScheme}`);
      await page.getByRole('button', { name: 'Finish' }).click();
      await page.getByRole('heading', { name: 'Platform primary' }).waitFor();
      const settings = host.engine.getState().settings.accounts[0]!;
      expect([settings.baseUrl, settings.email, settings.schedules.map((s) => s.id)]).toEqual([
        host.sim.url,
        'alice@example.com',
        ['sch_platform_primary'],
      ]);
      expect(await app.cspViolations()).toEqual([]);
    });
  }
});
