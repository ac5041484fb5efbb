// My e-mail names no one on the service's schedules (a typo on a first run): the tray's problem item, through the
// tray's own command table, opens Settings at that service's "My e-mail" field, on screen above the sticky Save bar
// and focused, so the fix is typed where the problem is (issue 47, after adv47 r25). In Chromium against the real
// engine and the simulator on loopback; the e-mail in the field is read from the page, not from the app's words.
import { describe, expect, it, vi } from 'vitest';
import { buildTrayMenu } from '../../electron/core/state/tray-menu';
import { trayCommands } from '../../electron/adapters/tray-commands';
import type { ViewName } from '../../electron/shared/ipc-contract';
import { hashFor } from '../../renderer/src/lib/route';
import { trayItems } from '../core/support/tray-labels';
import { e2eSession } from './support/session';

// The tray's command table imports Electron for its dialogs and clipboard, which the open-settings item never uses.
vi.mock('electron', () => ({ clipboard: {}, dialog: {} }));

const session = e2eSession();
const TYPO = 'alice@exmaple.com';

describe('an e-mail that names no one: its tray item opens its fix', () => {
  it('opens Settings at the service’s e-mail field, focused, above the Save bar', async () => {
    const { page, host } = await session.open(
      'configured',
      { kind: 'action', view: 'settings', width: 440, height: 640 },
      { email: TYPO },
    );
    await expect
      .poll(() => host.engine.getState().notices.some((n) => n.id.startsWith('identity-absent:')), { timeout: 30_000 })
      .toBe(true);
    const menu = buildTrayMenu(host.engine.getState(), Date.now(), 'Europe/Berlin');
    const item = trayItems(menu).find((i) => i.type === 'action' && i.params?.section === 'email');
    if (!item || item.type !== 'action') throw new Error('no tray item for the e-mail that names no one');
    expect(item.label).toContain(TYPO);
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
    expect(opens.map((o) => o.view)).toEqual(['settings']);

    await page.goto(`${host.url}/index.html?window=action&view=settings${hashFor('settings', opens[0]?.params)}`);
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    const field = page.getByLabel('My e-mail');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toMatch(/^my-email/);
    expect(await field.inputValue()).toBe(TYPO);
    const bar = await page.getByTestId('save-bar').boundingBox();
    const shown = await field.boundingBox();
    expect(shown && bar && shown.y >= 0 && shown.y + shown.height <= bar.y, JSON.stringify({ shown, bar })).toBe(true);
    await page.screenshot({ path: '/tmp/fix47ident2/settings-from-email-item.png' });
  }, 90_000);
});
