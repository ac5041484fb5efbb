// The forms' images for `npm run screenshots` (docs-screenshots.ts): Settings' quiet hours, I'm away (the plan, ask
// for cover, handed off) and swap (the preview, ask for cover, swapped, and a second side that did not land), each
// made as the e2e tests drive them (test/e2e/away.test.ts, swap.test.ts), against the demo seed. The hand-offs and
// swaps write to the simulator: run these after the shots that show the seed as it is.
import type { Browser, Page } from 'playwright-core';
import { openApp } from './browser';
import type { Host } from './host';
import type { Shot } from './docs-images';

const SCHEMES = ['light', 'dark'] as const;
const FORM = { kind: 'action', width: 440, height: 640 } as const;

/** Settings scrolled to quiet hours (ticked) and the calendar feed, light and dark. */
export async function quietHoursShots(browser: Browser, host: Host, shot: Shot): Promise<void> {
  for (const colorScheme of SCHEMES) {
    const settings = await openApp(browser, host, { ...FORM, view: 'settings', colorScheme });
    await settings.page.getByLabel('Quiet hours').check();
    await settings.page.getByTestId('quiet-hours').scrollIntoViewIfNeeded();
    await shot(settings.page, `settings-quiet-hours-${colorScheme}`);
    await settings.context.close();
  }
}

/** "Ask for cover instead" with a reason, copied; the message scrolled into view. */
async function askForCover(page: Page, reason: string): Promise<void> {
  await page.getByText('Ask for cover instead').click();
  await page.getByLabel('Reason').fill(reason);
  await page.getByTestId('ask-cover-copy').click();
  await page
    .getByTestId('ask-cover-outcome')
    .getByText(/^Copied to the clipboard/)
    .waitFor();
  await page.getByTestId('ask-cover-text').scrollIntoViewIfNeeded();
}

/** I'm away: the plan (light, dark) and its ask-for-cover text (nothing is written). */
export async function awayShots(browser: Browser, host: Host, shot: Shot): Promise<void> {
  for (const colorScheme of SCHEMES) {
    const away = await openApp(browser, host, { ...FORM, view: 'away', colorScheme });
    await away.page.getByTestId('away-rows').locator(':scope > li').first().waitFor();
    await shot(away.page, `away-plan-${colorScheme}`);
    if (colorScheme === 'light') {
      await askForCover(away.page, 'At a conference');
      await shot(away.page, 'away-ask-cover-light');
    }
    await away.context.close();
  }
}

/** I'm away, "bo" Enter Enter: Bob covers every block of mine in the next 7 days. Last: no shift of mine is left. */
export async function handedOffShot(browser: Browser, host: Host, shot: Shot): Promise<void> {
  const away = await openApp(browser, host, { ...FORM, view: 'away' });
  await away.page.getByTestId('away-rows').locator(':scope > li').first().waitFor();
  await away.page.locator('#ov-person').focus();
  await away.page.keyboard.type('bo');
  await away.page.keyboard.press('Enter');
  await away.page.getByTestId('away-preview').first().waitFor();
  await away.page.keyboard.press('Enter');
  await away.page
    .getByTestId('away-summary')
    .getByText(/handed off/)
    .waitFor({ timeout: 20_000 });
  await shot(away.page, 'away-handed-off-light');
  await away.context.close();
}

/** The week's first "Swap this shift of yours", opened: the swap form with its preview. */
async function openSwap(browser: Browser, host: Host, colorScheme: 'light' | 'dark') {
  const week = await openApp(browser, host, { ...FORM, view: 'week', colorScheme });
  const button = week.page.getByRole('button', { name: /^Swap this shift of yours/ }).first();
  await button.waitFor();
  await button.click();
  await week.page.getByTestId('swap-preview').waitFor();
  return week;
}

/** Swap: the preview and its ask-for-cover text (light, dark), a second side that did not land, then a swap. */
export async function swapShots(browser: Browser, host: Host, shot: Shot): Promise<void> {
  for (const colorScheme of SCHEMES) {
    const swap = await openSwap(browser, host, colorScheme);
    await shot(swap.page, `swap-preview-${colorScheme}`);
    await askForCover(swap.page, 'Dentist');
    await shot(swap.page, `swap-ask-cover-${colorScheme}`);
    await swap.context.close();
  }
  // Their shift on another schedule, whose writes the service answers with a 500: my side lands, theirs is checked.
  const half = await openSwap(browser, host, 'light');
  const mine = await half.page.getByLabel('Their schedule').inputValue();
  const values = await half.page
    .getByLabel('Their schedule')
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value));
  const other = values.find((v) => v !== mine) ?? '';
  await half.page.getByLabel('Their schedule').selectOption(other);
  await half.page.getByTestId('swap-preview').waitFor();
  host.sim.faults.set('createOverride', { status: 500, pathIncludes: `/schedules/${other.split(':').pop()}` });
  await half.page.getByTestId('swap-create').click();
  await half.page
    .getByTestId('swap-outcome')
    .getByText(/has an unknown outcome/)
    .waitFor({ timeout: 30_000 });
  await shot(half.page, 'swap-half-light');
  host.sim.faults.clear();
  await half.context.close();
  const done = await openSwap(browser, host, 'light');
  await done.page.getByTestId('swap-create').click();
  await done.page
    .getByTestId('swap-outcome')
    .getByText(/^Swapped: /)
    .waitFor({ timeout: 20_000 });
  await shot(done.page, 'swap-done-light');
  await done.context.close();
}
