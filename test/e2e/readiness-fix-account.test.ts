// Issue 49, adv49 r18: two services, my next shift on the second (Acme). The readiness line's "Open reminder
// settings" opened Settings at the top, where the shared Reminders read on while Acme's own choice for the schedule
// was off (or Acme was muted). It now asks for Settings at Acme's place, and Settings opened so lands there: the
// schedule's own choice (or Acme's mute) focused, on screen above the Save bar. Chromium, real engine, two simulators.
import { afterEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Host } from './support/host';
import { startSecondService, type SecondService } from './support/second-service';
import { e2eSession } from './support/session';
import { hashFor } from '../../renderer/src/lib/route';

const session = e2eSession();
let acme: SecondService | undefined;
afterEach(async () => {
  await acme?.sim.close();
  acme = undefined;
});

const SCHEDULES = ['sch_platform_primary', 'sch_payments_us', 'sch_data_tokyo'];

/** Work's e-mail matches no one, so my shifts are Acme's; `acmeSettings` is added to Acme's account. */
async function acmeWorld(host: Host, acmeSettings: Record<string, unknown>): Promise<void> {
  acme = await startSecondService();
  const saved = host.engine.getState().settings.accounts;
  await host.invoke('settings:update', {
    accounts: [
      { ...saved[0], label: 'Work', email: 'nobody@example.com' },
      { id: 'acme', label: 'Acme', baseUrl: acme.sim.url, email: acme.me, ...acmeSettings },
    ],
  });
  await host.invoke('key:set', { accountId: 'acme', key: 'ocs_acme_k1' });
  await host.waitForState(
    (s) => !s.syncing && s.me.readiness?.checks.some((c) => c.id === 'reminders' && c.result === 'problem') === true,
    'Acme readiness problem',
    20_000,
  );
}

/** Clicks the popover's fix; what it asked main to open. */
async function clickFix(page: Page, host: Host): Promise<Record<string, string> | undefined> {
  await page.goto(`${host.url}/index.html?window=popover&view=status`);
  await page.getByRole('button', { name: 'Open reminder settings' }).click();
  const call = host.windowCalls.at(-1);
  expect(call?.channel).toBe('window:open');
  const request = call?.request;
  if (typeof request !== 'object' || request === null || !('params' in request)) return undefined;
  const params: unknown = request.params;
  return typeof params === 'object' && params !== null ? Object.fromEntries(Object.entries(params)) : undefined;
}

/** Settings opened with `params` has `target` focused, on screen and above the Save bar. */
async function landsOn(page: Page, host: Host, params: Record<string, string>, target: () => Locator) {
  await page.setViewportSize({ width: 440, height: 640 });
  await page.goto(`${host.url}/index.html?window=action&view=settings${hashFor('settings', params)}`);
  await page.getByRole('button', { name: 'Save settings' }).waitFor();
  await expect.poll(() => target().and(page.locator(':focus')).count()).toBe(1);
  const box = await target().boundingBox();
  const bar = await page.getByTestId('save-bar').boundingBox();
  expect(box && bar && box.y >= 0 && box.y + box.height <= bar.y).toBe(true);
}

describe('the readiness fix on the second account opens Settings where the problem is', () => {
  it('reminders off for Acme’s schedule: at that schedule’s own choice in Acme’s list', async () => {
    const { page, host } = await session.open('configured', { width: 360, height: 520 });
    const off = { atStart: false, leadTimesMin: [] };
    await acmeWorld(host, { schedules: SCHEDULES.map((id) => ({ id, reminders: off })) });
    // The schedule the line names, looked up by that name among Acme's.
    await page.goto(`${host.url}/index.html?window=popover&view=status`);
    const line = await page.getByTestId('readiness').innerText();
    const named = host.engine
      .getState()
      .schedules.find((s) => s.accountId === 'acme' && line.includes(`Reminders for ${s.name} are off`));
    if (!named) throw new Error(`no Acme schedule named in: ${line}`);
    const params = await clickFix(page, host);
    expect(params).toEqual({ account: 'acme', section: 'reminders', schedule: named.scheduleId });
    const list = () => page.getByRole('list', { name: 'Reminders per schedule of Acme' });
    const choice = () => list().getByRole('checkbox', { name: `${named.name}: its own choice` });
    await landsOn(page, host, params ?? {}, choice);
    // The real setting is what shows there: its own choice, its start reminder off.
    expect(await choice().isChecked()).toBe(true);
    const row = choice().locator('xpath=ancestor::li[1]');
    expect(await row.getByRole('checkbox', { name: 'At the start' }).isChecked()).toBe(false);
  }, 90_000);

  it('Acme muted: at Acme’s own mute, its editor open', async () => {
    const { page, host } = await session.open('configured', { width: 360, height: 520 });
    await acmeWorld(host, { schedules: SCHEDULES.map((id) => ({ id })), muted: true });
    await page.goto(`${host.url}/index.html?window=popover&view=status`);
    expect(await page.getByTestId('readiness').innerText()).toContain('Reminders for Acme are muted');
    const params = await clickFix(page, host);
    expect(params).toEqual({ account: 'acme', section: 'silence' });
    const mute = () => page.locator('[data-account="acme"]').getByRole('checkbox', { name: 'Mute reminders' });
    await landsOn(page, host, params ?? {}, mute);
    expect(await mute().isChecked()).toBe(true);
  }, 90_000);
});
