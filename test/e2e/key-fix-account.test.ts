// A rejected key on the second of two services (adv49 r17): its fix opens where that account's key is entered.
// The popover's "Enter new key…" and the tray's problem item (through the tray's own command table) both open
// Settings on that account, and Settings opened so has that account's editor open, its key field shown on screen
// and focused. In Chromium against the real engine and two simulators on loopback.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { Host } from './support/host';
import { startSecondService, type SecondService } from './support/second-service';
import { e2eSession } from './support/session';
import { buildTrayMenu } from '../../electron/core/state/tray-menu';
import { trayCommands } from '../../electron/adapters/tray-commands';
import type { ViewName } from '../../electron/shared/ipc-contract';
import { hashFor } from '../../renderer/src/lib/route';
import { trayItems } from '../core/support/tray-labels';

// The tray's command table imports Electron for its dialogs and clipboard, which the open-settings item never uses.
vi.mock('electron', () => ({ clipboard: {}, dialog: {} }));

const session = e2eSession();
let acme: SecondService | undefined;
afterEach(async () => {
  await acme?.sim.close();
  acme = undefined;
});

/** Work (the host's service, its key good) and Acme, whose stored key its service rejects. */
async function acmeKeyRejected(host: Host): Promise<void> {
  acme = await startSecondService();
  const saved = host.engine.getState().settings.accounts;
  const schedules = ['sch_platform_primary', 'sch_payments_us', 'sch_data_tokyo'].map((id) => ({ id }));
  await host.invoke('settings:update', {
    accounts: [
      { ...saved[0], label: 'Work' },
      { id: 'acme', label: 'Acme', baseUrl: acme.sim.url, email: acme.me, schedules },
    ],
  });
  await host.invoke('key:set', { accountId: 'acme', key: 'ocs_wrong_key_123' });
  await host.waitForState((s) => s.accounts[1]?.sync.kind === 'key_rejected' && !s.syncing, 'Acme refused', 15_000);
}

/** Settings as a window opened with `params` shows it, and where the keyboard is. */
async function settingsAt(page: Page, host: Host, params: Record<string, string> | undefined): Promise<void> {
  await page.goto(`${host.url}/index.html?window=action&view=settings${hashFor('settings', params)}`);
  await page.getByRole('button', { name: 'Save settings' }).waitFor();
  const field = page.locator('[data-account="acme"]').getByLabel('New API key');
  await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('api-key-acme');
  const box = await field.boundingBox();
  const bar = await page.getByTestId('save-bar').boundingBox();
  // On screen, above the sticky Save bar; Work's editor stays closed.
  expect(box && bar && box.y >= 0 && box.y + box.height <= bar.y).toBe(true);
  expect(await page.locator('#account-main-fields').isHidden()).toBe(true);
}

describe('a rejected key on the second account', () => {
  it('"Enter new key…" in the popover opens Settings at that account’s key field, focused', async () => {
    const app = await session.open('configured', { width: 440, height: 640 });
    const { page, host } = app;
    await acmeKeyRejected(host);
    await page.goto(`${host.url}/index.html?window=popover&view=status`);
    await page.getByRole('button', { name: 'Enter new key…' }).click();
    const opened = host.windowCalls.at(-1);
    expect(opened).toEqual({ channel: 'window:open', request: { view: 'settings', params: { account: 'acme' } } });
    await settingsAt(page, host, { account: 'acme' });
  }, 60_000);

  it('the tray’s item for it opens Settings on that account too, at its key field', async () => {
    const app = await session.open('configured', { width: 440, height: 640 });
    const { page, host } = app;
    await acmeKeyRejected(host);
    const state = host.engine.getState();
    const item = trayItems(buildTrayMenu(state, Date.now(), 'Europe/Berlin')).find(
      (i) => 'label' in i && i.label.startsWith('Acme: The service rejected the API key'),
    );
    if (!item || item.type !== 'action') throw new Error('no tray item for Acme’s rejected key');
    expect(item.action).toBe('open-settings');
    const opens: { view: ViewName; params: Record<string, string> | undefined }[] = [];
    const commands = trayCommands({
      engine: host.engine,
      clock: { now: () => Date.now(), setTimer: () => () => undefined },
      localZone: () => 'Europe/Berlin',
      open: (view, params) => void opens.push({ view, params }),
      updatePage: () => undefined,
      openCheckedLink: async () => undefined,
      quit: () => undefined,
    });
    await commands[item.action](item.params);
    expect(opens).toEqual([{ view: 'settings', params: { account: 'acme' } }]);
    await settingsAt(page, host, opens[0]?.params);
  }, 60_000);
});
