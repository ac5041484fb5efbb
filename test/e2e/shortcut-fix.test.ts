// The default global shortcut held by another app (adv49 r20): the tray's problem item, through the tray's own
// command table, opens Settings at the shortcut field (three screens below Settings' top in a 440×640 window), the
// field on screen above the sticky Save bar, focused, with its "could not be registered" shown; and the item names
// the keys as Settings' field shows them, never Electron's accelerator syntax. In Chromium against the real engine
// and the simulator on loopback, the OS's refusal from main's own binder (the host's takenShortcuts).
import { describe, expect, it, vi } from 'vitest';
import { buildTrayMenu } from '../../electron/core/state/tray-menu';
import { createShortcutBinder } from '../../electron/adapters/shortcut';
import { trayCommands } from '../../electron/adapters/tray-commands';
import type { ViewName } from '../../electron/shared/ipc-contract';
import { hashFor } from '../../renderer/src/lib/route';
import { trayItems } from '../core/support/tray-labels';
import { e2eSession } from './support/session';

// The tray's command table imports Electron for its dialogs and clipboard, which the open-settings item never uses.
vi.mock('electron', () => ({ clipboard: {}, dialog: {} }));

const session = e2eSession();
const DEFAULT = 'CommandOrControl+Shift+O';

describe('the shortcut another app holds: its tray item opens its fix', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`opens Settings at the shortcut field, focused, its error in view (${colorScheme})`, async () => {
      const { page, host } = await session.open(
        'configured',
        { kind: 'action', view: 'settings', width: 440, height: 640, colorScheme },
        { takenShortcuts: [DEFAULT] },
      );
      const state = host.engine.getState();
      expect(state.settings.globalShortcut).toBe(DEFAULT);
      // Main's binder as main wires it, on the desktop Chromium here reports (Linux: the page names keys "Ctrl").
      const binder = createShortcutBinder(
        { register: () => false, unregister: () => undefined },
        () => {},
        () => {},
        'linux',
      );
      binder.bind(state.settings.globalShortcut);
      const menu = buildTrayMenu(state, Date.now(), 'Europe/Berlin', { shortcutProblem: binder.problem() });
      const item = trayItems(menu).find((i) => 'label' in i && i.label.startsWith('Shortcut '));
      if (!item || item.type !== 'action') throw new Error('no tray item for the taken shortcut');
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
      const field = page.getByLabel('Global shortcut for quick override');
      await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('shortcut');
      const error = page.locator('#shortcut-error');
      await expect.poll(() => error.textContent()).toMatch(/could not be registered/);
      const bar = await page.getByTestId('save-bar').boundingBox();
      for (const shown of [await field.boundingBox(), await error.boundingBox()])
        expect(shown && bar && shown.y >= 0 && shown.y + shown.height <= bar.y, JSON.stringify({ shown, bar })).toBe(
          true,
        );
      // The item says the keys as the field says them (read from the page, not from the app's own formatter).
      const keys = await field.inputValue();
      expect(keys).not.toBe('');
      expect(item.label).toContain(`Shortcut ${keys} is unavailable`);
      expect(item.label).not.toContain('CommandOrControl');
      await page.screenshot({ path: `/tmp/fix49sc/settings-from-shortcut-item-${colorScheme}.png` });
    }, 90_000);
  }
});
