// A watched schedule the service answers 404 for, on the second of two services (adv49 r25 #1, issue 49: a problem's
// fix opens where the fix is): the popover's button and the tray's item (through the tray's own command table) both
// open Settings at that service and that schedule's row, its editor open, the row on screen above the Save bar and
// the focus on its "Stop watching <name>" control. In Chromium against the real engine and two simulators.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTrayMenu } from '../../electron/core/state/tray-menu';
import { trayCommands } from '../../electron/adapters/tray-commands';
import { hashFor } from '../../renderer/src/lib/route';
import { trayItems } from '../core/support/tray-labels';
import { startSecondService, type SecondService } from './support/second-service';
import { e2eSession } from './support/session';
import type { Page } from 'playwright-core';
import { z } from 'zod';

// The tray's command table imports Electron for its dialogs and clipboard, which the open-settings item never uses.
vi.mock('electron', () => ({ clipboard: {}, dialog: {} }));

const session = e2eSession();
const GONE = 'sch_gone_away';
const SettingsOpen = z.object({ view: z.literal('settings'), params: z.record(z.string(), z.string()) });
/** Where the popover's last window:open asked Settings to open (undefined: not Settings, or no place named). */
const placeOf = (request: unknown): Record<string, string> | undefined => SettingsOpen.safeParse(request).data?.params;
let acme: SecondService | undefined;
afterEach(async () => {
  await acme?.sim.close();
  acme = undefined;
});

/** Settings opened with `params` (440×640, as its window): where the focus is and whether the gone row is on screen. */
async function landing(page: Page, url: string, params: Record<string, string> | undefined): Promise<void> {
  await page.setViewportSize({ width: 440, height: 640 });
  await page.goto(`${url}/index.html?window=action&view=settings${hashFor('settings', params)}`);
  await page.getByRole('button', { name: 'Save settings' }).waitFor();
  // The gone schedule's own Remove in the watched list, found by role and text, not by the app's test hooks.
  const row = page.getByRole('list', { name: 'Watched schedules' }).getByRole('listitem').filter({ hasText: GONE });
  const remove = row.getByRole('button', { name: 'Remove' });
  const id = await remove.getAttribute('aria-describedby');
  expect(await page.locator(`[id="${id}"]`).textContent()).toBe(`Stop watching ${GONE}`);
  await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("aria-describedby")')).toBe(id);
  const box = await remove.boundingBox();
  const bar = await page.getByTestId('save-bar').boundingBox();
  expect(box && bar && box.y >= 0 && box.y + box.height <= bar.y, JSON.stringify({ box, bar })).toBe(true);
}

describe('a schedule the service does not have: its fixes open at its row', () => {
  it('on the second service, from the popover and from the tray', async () => {
    const { page, host } = await session.open('configured', { width: 360, height: 520 });
    acme = await startSecondService();
    const saved = host.engine.getState().settings.accounts;
    const schedules = ['sch_platform_primary', GONE].map((id) => ({ id }));
    await host.invoke('settings:update', {
      accounts: [
        { ...saved[0], label: 'Work' },
        { id: 'acme', label: 'Acme', baseUrl: acme.sim.url, email: acme.me, schedules },
      ],
    });
    await host.invoke('key:set', { accountId: 'acme', key: acme.sim.apiKey });
    await host.waitForState(
      (s) => s.schedules.some((x) => x.scheduleId === GONE && x.status.kind === 'not_found') && !s.syncing,
      'Acme read, its gone schedule not found',
      20_000,
    );

    const item = trayItems(buildTrayMenu(host.engine.getState(), Date.now(), 'Europe/Berlin')).find(
      (i) => i.type === 'action' && i.action === 'open-settings' && i.label.includes(GONE),
    );
    if (!item || item.type !== 'action') throw new Error('no tray item for the gone schedule');
    const opens: (Record<string, string> | undefined)[] = [];
    const commands = trayCommands({
      engine: host.engine,
      clock: { now: () => Date.now(), setTimer: () => () => undefined },
      localZone: () => 'Europe/Berlin',
      open: (_view, params) => void opens.push(params),
      updatePage: () => undefined,
      openCheckedLink: async () => undefined,
      quit: () => undefined,
    });
    await commands[item.action](item.params);

    await page.goto(`${host.url}/index.html?window=popover&view=status`);
    await page.waitForSelector('html[data-rendered]');
    const line = page.getByTestId('stale-line').locator('.stale', { hasText: GONE });
    await line.getByRole('button').click();
    // One rule for both surfaces: the same place, naming Acme and the gone schedule.
    expect(placeOf(host.windowCalls.at(-1)?.request)).toEqual(opens[0]);
    expect(opens[0]).toMatchObject({ account: 'acme', schedule: GONE });

    await landing(page, host.url, opens[0]);
  }, 90_000);

  it('with one service, from the popover and from the tray', async () => {
    const { page, host } = await session.open('configured', { width: 360, height: 520 });
    const acc = host.engine.getState().settings.accounts[0];
    if (!acc) throw new Error('no account');
    await host.invoke('settings:update', { accounts: [{ ...acc, schedules: [...acc.schedules, { id: GONE }] }] });
    await host.invoke('sync:refresh', null);
    await host.waitForState(
      (s) => s.schedules.some((x) => x.scheduleId === GONE && x.status.kind === 'not_found') && !s.syncing,
      'the gone schedule not found',
      20_000,
    );
    await page.goto(`${host.url}/index.html?window=popover&view=status`);
    await page.waitForSelector('html[data-rendered]');
    await page.getByTestId('stale-line').getByRole('button').first().click();
    const opened = placeOf(host.windowCalls.at(-1)?.request);
    expect(opened).toMatchObject({ account: acc.id, schedule: GONE });
    const item = trayItems(buildTrayMenu(host.engine.getState(), Date.now(), 'Europe/Berlin')).find(
      (i) => i.type === 'action' && i.action === 'open-settings' && i.label.includes(GONE),
    );
    expect(item && item.type === 'action' ? item.params : undefined).toEqual({
      accountId: acc.id,
      scheduleId: GONE,
      section: 'schedules',
    });
    await landing(page, host.url, opened);
  }, 90_000);
});
