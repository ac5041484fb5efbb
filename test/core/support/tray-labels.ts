// The tray menu's text as a user reads it, submenus opened: each item's label in order, a submenu's label followed by
// its items'. Tests that look for a line anywhere in the menu read it through this, wherever the menu nests it.
import type { TrayMenuItem } from '../../../electron/core/state/tray-menu';

export function trayLabels(items: readonly TrayMenuItem[]): string[] {
  return items.flatMap((i) => {
    if (i.type === 'separator') return [];
    if (i.type === 'submenu') return [i.label, ...trayLabels(i.items)];
    return [i.label];
  });
}

/** The items of the menu with its submenus opened in place (a submenu's own entry kept before its items). */
export function trayItems(items: readonly TrayMenuItem[]): TrayMenuItem[] {
  return items.flatMap((i) => (i.type === 'submenu' ? [i, ...i.items] : [i]));
}
