// Several services in one tray, in Chromium against the real engine and TWO simulators on loopback with the same
// schedule ids and different people: a second service added through Settings, the popover grouped by account with
// each service's own people, the Accounts list worked by keyboard alone, and axe on the new views (light, dark).
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import type { Host } from './support/host';
import { asRenamed, startSecondService, type SecondService } from './support/second-service';
import { e2eSession } from './support/session';

const session = e2eSession();
let acme: SecondService | undefined;
afterEach(async () => {
  await acme?.sim.close();
  acme = undefined;
});

const bothFresh = (host: Host) =>
  host.waitForState(
    (s) => s.accounts.length === 2 && s.schedules.length === 6 && s.schedules.every((x) => x.status.kind === 'fresh'),
    'both services read',
    15_000,
  );

/** Both services set up through the engine (for the tests about what is shown, not how it was added). */
async function twoServices(host: Host): Promise<SecondService> {
  const second = await startSecondService();
  acme = second;
  const saved = host.engine.getState().settings.accounts;
  const schedules = ['sch_platform_primary', 'sch_payments_us', 'sch_data_tokyo'].map((id) => ({ id }));
  await host.invoke('settings:update', {
    accounts: [
      { ...saved[0], label: 'Work' },
      { id: 'acme', label: 'Acme', baseUrl: second.sim.url, email: second.me, schedules },
    ],
  });
  await host.invoke('key:set', { accountId: 'acme', key: second.sim.apiKey });
  await bothFresh(host);
  return second;
}

/** The people's names a card names, in order, among `names`. */
function namesIn(text: string, names: Iterable<string>): string[] {
  return [...names]
    .map((n) => [n, text.indexOf(n)] as const)
    .filter(([, at]) => at >= 0)
    .sort((a, b) => a[1] - b[1])
    .map(([n]) => n);
}

async function tabTo(page: Page, test: string, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(test)) return;
  }
  throw new Error(`Tab never reached ${test}`);
}

const openPopover = (page: Page, host: Host) => page.goto(`${host.url}/index.html?window=popover&view=status`);

describe('several services', () => {
  it('adds a second service through Settings; the popover groups both, each with its own people', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'settings', width: 440, height: 640 });
    const { page, host } = app;
    acme = await startSecondService();
    await page.getByRole('button', { name: 'Add another service' }).click();
    const form = page.getByTestId('add-account');
    await form.getByLabel('Name').fill('Acme');
    await form.getByLabel('Service address').fill(acme.sim.url);
    await form.getByLabel('API key').fill(acme.sim.apiKey);
    await form.getByLabel('My e-mail there').fill(acme.me);
    // A schedule the second service doesn't have: named on its field, and what was typed stays.
    await form.getByLabel('Schedules').fill('sch_platform_primary\nsch_nowhere');
    await form.getByRole('button', { name: 'Add service' }).click();
    await page.getByText(/^sch_nowhere: /).waitFor();
    expect(await form.getByLabel('Schedules').inputValue()).toBe('sch_platform_primary\nsch_nowhere');
    await form.getByLabel('Schedules').fill('sch_platform_primary');
    await form.getByRole('button', { name: 'Add service' }).click();
    await page.getByText('Added Acme with 1 schedule.').waitFor();
    // The list now has both; the first (named after its host when it was the only one) is renamed and saved.
    await page.getByRole('heading', { name: 'Accounts' }).waitFor();
    const first = page.locator('[data-account="main"]');
    await first.getByRole('button', { name: 'Edit' }).click();
    await first.getByLabel('Name').fill('Work');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const state = await host.waitForState(
      (s) => s.accounts.length === 2 && s.schedules.length === 4 && s.schedules.every((x) => x.status.kind === 'fresh'),
      'both services read',
      15_000,
    );
    expect(state.accounts.map((a) => [a.id, a.label, a.hasKey])).toEqual([
      ['main', 'Work', true],
      ['acme', 'Acme', true],
    ]);
    // Each service was sent only its own key: either key at the other service would be answered 401.
    expect([acme.sim.requests.count({ status: 401 }), host.sim.requests.count({ status: 401 })]).toEqual([0, 0]);
    expect(acme.sim.requests.count()).toBeGreaterThan(0);

    await openPopover(page, host);
    const groups = page.getByTestId('account-group');
    await expect.poll(() => groups.count()).toBe(2);
    expect(await groups.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Work', 'Acme']);
    const work = groups.nth(0).getByRole('listitem').filter({ hasText: 'Platform primary' }).first();
    const other = groups.nth(1).getByRole('listitem').filter({ hasText: 'Platform primary' }).first();
    // Same schedule id, same rotation, other people: Acme's card names, in the same places, Acme's people.
    const workNames = namesIn((await work.textContent()) ?? '', acme.renamed.keys());
    const acmeNames = namesIn((await other.textContent()) ?? '', acme.renamed.values());
    expect(workNames.length).toBeGreaterThan(0);
    expect(acmeNames).toEqual(workNames.map((n) => asRenamed(n, acme?.renamed ?? new Map())));
    // My shifts name their account.
    const rows = await page.getByTestId('my-shift').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => /(Work|Acme) · /.test(r))).toBe(true);
    expect(await app.cspViolations()).toEqual([]);
  });

  it('names a failing service in its heading and keeps the other fresh', async () => {
    const app = await session.open('configured', { height: 640 });
    const { page, host } = app;
    const second = await twoServices(host);
    await openPopover(page, host);
    await second.sim.close();
    await host.invoke('sync:refresh', null);
    await host.waitForState((s) => s.accounts[1]?.sync.kind === 'offline' && !s.syncing, 'Acme offline');
    const headings = page.getByTestId('account-group').getByRole('heading', { level: 2 });
    // "offline" for a refused connection, "cannot reach the service" for one the closing server dropped.
    await expect
      .poll(async () => (await headings.allTextContents()).join(' | '))
      .toMatch(/^Work \| Acme: (?:offline|cannot reach the service), showing saved data$/);
    const state = host.engine.getState();
    expect(state.schedules.filter((s) => s.accountId === 'main').every((s) => s.status.kind === 'fresh')).toBe(true);
  });

  it('works the Accounts list by keyboard alone: move, save, remove after confirming', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'settings', width: 440, height: 640 });
    const { page, host } = app;
    await twoServices(host);
    await page.reload();
    await page.getByRole('heading', { name: 'Accounts' }).waitFor();
    const focused = () => page.evaluate('document.activeElement?.id ?? ""');
    await tabTo(page, 'document.activeElement?.id === "account-main-down"');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () =>
        Promise.all((await page.locator('[data-account]').all()).map((l) => l.getAttribute('data-account'))),
      )
      .toEqual(['acme', 'main']);
    expect(await focused()).toBe('account-main-down'); // the focus stays on the button that was pressed
    await tabTo(page, 'document.activeElement?.textContent === "Save settings"', 200);
    await page.keyboard.press('Enter');
    await host.waitForState((s) => s.accounts.map((a) => a.id).join() === 'acme,main', 'the new order saved');
    // Remove Acme: Shift+Tab back up to its Remove, confirm with the keyboard.
    for (let i = 0; i < 200 && (await focused()) !== 'account-acme-remove'; i++) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    const confirm = page.locator('#account-acme-confirm');
    await expect.poll(focused).toBe('account-acme-confirm');
    expect(await confirm.textContent()).toMatch(
      /API key is deleted from the keychain.*Nothing of your other services/s,
    );
    // "Keep it" takes the question away and the focus back to Remove; asked again, the question has the focus.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab'); // "Keep it"
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('account-acme-remove');
    expect(await confirm.count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('account-acme-confirm');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // "Remove Acme"
    await host.waitForState((s) => s.accounts.length === 1, 'Acme removed');
    await expect.poll(focused).toBe('accounts-result');
    expect(await page.locator('#accounts-result').textContent()).toContain('Removed Acme');
    // One service again: the view reads as before.
    await page.getByRole('group', { name: 'Service and you' }).waitFor();
    expect(host.engine.getState().accounts.map((a) => [a.id, a.hasKey])).toEqual([['main', true]]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no WCAG 2.2 AA violation in Settings → Accounts, the add form and the grouped popover (${colorScheme})`, async () => {
      const app = await session.open('configured', {
        kind: 'action',
        view: 'settings',
        width: 440,
        height: 640,
        colorScheme,
      });
      const { page, host } = app;
      await twoServices(host);
      await page.reload();
      await page.getByRole('heading', { name: 'Accounts' }).waitFor();
      await page.locator('[data-account="acme"]').getByRole('button', { name: 'Edit' }).click();
      await page.locator('#account-acme-remove').click();
      await page.getByRole('button', { name: 'Add another service' }).click();
      await page.getByTestId('add-account').getByRole('button', { name: 'Add service' }).click(); // its problems shown
      expect(await axeViolations(page)).toEqual([]);
      await openPopover(page, host);
      await page.getByTestId('account-group').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

describe('onboarding with a second service', () => {
  it('offers "Add another service" on its last step; the first service keeps its e-mail on Finish', async () => {
    const app = await session.open('empty', { kind: 'action', view: 'onboarding', width: 440, height: 640 });
    const { page, host } = app;
    acme = await startSecondService();
    await page.getByLabel('API key').fill(host.sim.apiKey);
    await page.getByRole('button', { name: 'Next: Service address' }).click();
    await page.getByLabel('Service address').fill(host.sim.url);
    await page.getByRole('button', { name: 'Next: Schedules' }).click();
    await page.getByLabel('Schedule id or link').fill('sch_platform_primary');
    await page.getByRole('button', { name: 'Check and add' }).click();
    await page.getByText('Added “Platform primary” (Berlin).').waitFor();
    await page.getByRole('button', { name: 'Next: You' }).click();
    await page.getByRole('combobox', { name: 'Which of these people are you?' }).fill('alice@example.com');
    // Optional: opened, filled and added here, without leaving the step.
    await page.getByRole('button', { name: 'Add another service' }).click();
    const form = page.getByTestId('add-account');
    await form.getByLabel('Name').fill('Acme');
    await form.getByLabel('Service address').fill(acme.sim.url);
    await form.getByLabel('API key').fill(acme.sim.apiKey);
    await form.getByLabel('My e-mail there').fill(acme.me);
    await form.getByLabel('Schedules').fill('sch_platform_primary');
    await form.getByLabel('Schedules').press('Tab');
    await page.keyboard.press('Enter'); // "Add service", by keyboard
    await page.getByText('Added Acme with 1 schedule.').waitFor();
    await page.getByRole('button', { name: 'Finish' }).click();
    const state = await host.waitForState(
      (s) => s.accounts.length === 2 && s.schedules.length === 2 && s.schedules.every((x) => x.status.kind === 'fresh'),
      'both services read',
      15_000,
    );
    expect(state.settings.accounts.map((a) => [a.id, a.email, a.schedules.map((w) => w.id)])).toEqual([
      ['main', 'alice@example.com', ['sch_platform_primary']],
      ['acme', acme.me, ['sch_platform_primary']],
    ]);
  });
});
