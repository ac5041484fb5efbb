// adv49 r36 #1: from its making until the engine's first state, the tray never shows the plain "off" bell (off call)
// with no tooltip: nothing is read yet. The platform's own table names the files, as the shell's paths do.
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createTrayController, type TrayLike } from '../../electron/adapters/tray';
import { platformTraits } from '../../electron/core/platform/desktop-platform';
import { FakeClock } from '../core/support/fake-clock';

describe('the tray before the engine says anything', () => {
  for (const platform of ['linux', 'darwin', 'win32'] as const) {
    it(`${platform}: not the off-call bell, and a tooltip that says it is starting`, () => {
      const file = (icon: string) => platformTraits(platform).trayIconFile(icon);
      // Electron's Tray is made with some image; whatever it was, the controller sets its own at once.
      const shown = { image: file('off'), tooltip: '' };
      const tray: TrayLike<MenuItemConstructorOptions[]> = {
        setImage: (p) => void (shown.image = p),
        setToolTip: (t) => void (shown.tooltip = t),
        setContextMenu: () => undefined,
        popUpContextMenu: () => undefined,
        on: () => undefined,
        destroy: () => undefined,
      };
      const controller = createTrayController({
        tray,
        buildMenu: (t) => t,
        iconPath: file,
        clock: new FakeClock(Date.parse('2026-03-10T10:30:00Z')),
        localZone: () => 'UTC',
        platform,
        onAction: () => undefined,
        onClick: () => undefined,
      });
      expect(shown.image).not.toBe(file('off'));
      expect(shown.tooltip.toLowerCase()).toContain('starting');
      expect(controller.current().tooltip).toBe(shown.tooltip);
      controller.dispose();
    });
  }
});
