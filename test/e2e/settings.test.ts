// Settings in real Chromium against the real engine and simulator: a rejected key leads to settings and a new
// key recovers; edits (theme, reminders, e-mail, schedules) are checked inline and saved through the engine.
import { describe, expect, it } from 'vitest';
import { e2eSession } from './support/session';

const session = e2eSession();

describe('settings', () => {
  it('leads from a rejected key to settings, where a new write-only key brings syncing back', async () => {
    const app = await session.open('configured');
    const { page, host } = app;
    await page.getByRole('heading', { name: 'Platform primary' }).waitFor();
    host.sim.state.revokeKey(host.sim.apiKey);
    await page.getByRole('button', { name: 'Refresh now' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'API key rejected' });
    await banner.waitFor();
    await app.screenshot('status-key-rejected');
    await banner.getByRole('button', { name: 'Open settings' }).click();
    expect(host.windowCalls.at(-1)).toEqual({ channel: 'window:open', request: { view: 'settings', params: {} } });
    expect(await page.getByTestId('key-storage').textContent()).toBe('A key is stored in your keychain.');
    host.sim.state.addKey('ocs_demo_new', 'usr_alice');
    await page.getByLabel('Replace with a new key').fill('ocs_demo_new');
    await page.getByRole('button', { name: 'Replace' }).click();
    await page.getByText('Stored in your keychain.', { exact: true }).waitFor();
    // Write-only: the field is emptied and the key never comes back to the page.
    expect(await page.getByLabel('Replace with a new key').inputValue()).toBe('');
    const received = await page.evaluate(() => JSON.stringify(Reflect.get(globalThis, '__oncallReceived')));
    expect(received).toContain('"storage":"keychain"'); // the key:set answer is in what the page received…
    expect(received).not.toContain('ocs_demo_new'); // …but the key itself never came back, in any answer or push
    await host.waitForState((s) => s.sync.kind === 'ok' && s.schedules.every((x) => x.status.kind === 'fresh'), 'syncing again');
  });

  it('checks edits inline and saves theme, reminders, e-mail and schedules through the engine', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'settings', height: 900 });
    const { page, host } = app;
    await page.getByLabel('My e-mail').fill('alice@');
    await page.getByLabel('Dark').check();
    await page.getByLabel('Remind me this long before a shift').fill('2');
    await page.getByLabel('Unit').selectOption({ label: 'hours' });
    await page.getByLabel('Remind me this long before a shift').press('Enter'); // adds; does not submit the form
    await page.getByText('2 h before').waitFor();
    expect(await page.getByText('Settings saved.').count()).toBe(0);
    await page.getByRole('button', { name: 'Stop watching Data Tokyo' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('This must be an e-mail address.').waitFor();
    expect(host.engine.getState().settings.theme).toBe('system');
    await page.getByLabel('My e-mail').fill('alice@example.com');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const s = host.engine.getState().settings;
    expect([s.theme, s.email, s.reminders.leadTimesMin, s.schedules.map((x) => x.id)]).toEqual(['dark', 'alice@example.com', [1440, 120, 15], ['sch_platform_primary', 'sch_payments_us']]);
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('dark');
    // The user's pick wins over the (light) system scheme.
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(23, 25, 29)');
    expect(await app.cspViolations()).toEqual([]);
    await app.screenshot('settings-saved-dark');
  });
});
