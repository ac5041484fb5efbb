// Renders the pure tray model (core/tray-menu) onto Electron's Tray and Menu. It re-renders when the state changes
// at minute boundaries (for countdowns) and the instant a pause ends, and touches the OS tray only for what differs.
import type { MenuItemConstructorOptions, Rectangle } from 'electron';
import { platformTraits } from '../core/platform/desktop-platform';
import type { Clock } from '../core/ports';
import {
  buildTrayMenu,
  nextTrayChangeAt,
  trayIconFor,
  trayTooltip,
  type TrayActionId,
  type TrayIcon,
  type TrayMenuItem,
  type TrayParams,
} from '../core/state/tray-menu';
import { nextShownChangeAt } from '../core/state/shown-change';
import type { AppState } from '../shared/view-state';

/** Where each state's icon lives under dist/icons/tray: the format each platform's tray wants. */
export function trayIconPath(iconsDir: string, icon: TrayIcon, platform: NodeJS.Platform): string {
  const traits = platformTraits(platform);
  return traits.path.join(iconsDir, 'tray', traits.trayIconFile(icon));
}

/** Maps the model to Electron's menu template. '&' is a mnemonic marker outside macOS, so it is doubled there. */
export function toMenuTemplate(
  items: readonly TrayMenuItem[],
  platform: NodeJS.Platform,
  onAction: (action: TrayActionId, params?: TrayParams) => void,
): MenuItemConstructorOptions[] {
  const text = (label: string) => (platform === 'darwin' ? label : label.replace(/&/g, '&&'));
  return items.map((item): MenuItemConstructorOptions => {
    switch (item.type) {
      case 'separator':
        return { type: 'separator' };
      case 'label':
        return { label: text(item.label), enabled: false };
      case 'action':
        return { label: text(item.label), enabled: item.enabled, click: () => onAction(item.action, item.params) };
      case 'checkbox':
        return {
          label: text(item.label),
          type: 'checkbox',
          checked: item.checked,
          click: () => onAction(item.action, item.params),
        };
      case 'submenu':
        return { label: text(item.label), submenu: toMenuTemplate(item.items, platform, onAction) };
    }
  });
}

/** The part of Electron's Tray used here, generic in the menu type so tests can record what is rendered. */
export interface TrayLike<M> {
  setImage(image: string): void;
  setToolTip(toolTip: string): void;
  setContextMenu(menu: M): void;
  popUpContextMenu(menu: M): void;
  on(event: 'click' | 'right-click', listener: (event: unknown, bounds: Rectangle) => void): unknown;
  destroy(): void;
}

export interface TrayControllerOptions<M> {
  tray: TrayLike<M>;
  buildMenu(template: MenuItemConstructorOptions[]): M;
  iconPath(icon: TrayIcon): string;
  clock: Clock;
  /** Read at every render, so times follow the user across zones (travel, a changed system zone). */
  localZone(): string;
  /** The app's locale for clock formats (12 h / 24 h, weekday names); default 'en-GB'. */
  locale?: string;
  platform: NodeJS.Platform;
  onAction: (action: TrayActionId, params?: TrayParams) => void;
  /** Left click (where reported): the tray's bounds, to place the popover. */
  onClick(bounds: Rectangle): void;
}

export interface TrayController {
  update(state: AppState): void;
  /** Shows (or, with undefined, clears) why the global shortcut does not work. */
  setShortcutProblem(message: string | undefined): void;
  /** Shows (or clears) why Start at login is not what Settings says, as the OS read it back. */
  setLoginProblem(message: string | undefined): void;
  /** What is on screen now, for diagnostics and tests. */
  current(): { icon: TrayIcon | undefined; tooltip: string; menu: TrayMenuItem[] };
  dispose(): void;
}

/** What the tray shows besides the state: the locale, and why the shortcut or the login item is not as set. */
function extrasOf(
  locale: string | undefined,
  shortcutProblem: string | undefined,
  loginProblem: string | undefined,
  platform: NodeJS.Platform,
) {
  return {
    // The OS cuts a longer tooltip where it likes: the app cuts it at a line, with "…".
    maxChars: platformTraits(platform).tooltipMaxChars,
    ...(locale ? { locale } : {}),
    ...(shortcutProblem ? { shortcutProblem } : {}),
    ...(loginProblem ? { loginProblem } : {}),
  };
}

/** Everything the tray shows at an instant, as one string: the next refresh is when it would change. */
function shownAt(state: AppState, atMs: number, zone: string, extras: ReturnType<typeof extrasOf>): string {
  const menuText = JSON.stringify(buildTrayMenu(state, atMs, zone, extras));
  return `${trayIconFor(state, atMs)}\n${trayTooltip(state, atMs, zone, extras)}\n${menuText}`;
}

/** What the tray shows from its making until the engine's first state: nothing is read yet (the keychain may wait
 *  minutes for its password), so never the plain 'off' bell, which would say I am off call (adv49 r36 #1). */
export const STARTING_ICON: TrayIcon = 'problem';
export const STARTING_TOOLTIP = 'OnCall Tray is starting: reading your keys…';

export function createTrayController<M>(o: TrayControllerOptions<M>): TrayController {
  let state: AppState | undefined;
  let icon: TrayIcon | undefined = STARTING_ICON;
  let tooltip = STARTING_TOOLTIP;
  o.tray.setImage(o.iconPath(STARTING_ICON));
  o.tray.setToolTip(STARTING_TOOLTIP);
  let menuItems: TrayMenuItem[] = [];
  let menuKey = '';
  let menu: M | undefined;
  let cancelTimer: (() => void) | undefined;
  let shortcutProblem: string | undefined;
  let loginProblem: string | undefined;

  function render(): void {
    if (!state) return;
    const now = o.clock.now();
    const nextIcon = trayIconFor(state, now);
    if (nextIcon !== icon) o.tray.setImage(o.iconPath(nextIcon));
    icon = nextIcon;
    const zone = o.localZone();
    const extras = extrasOf(o.locale, shortcutProblem, loginProblem, o.platform);
    const nextTooltip = trayTooltip(state, now, zone, extras);
    if (nextTooltip !== tooltip) o.tray.setToolTip(nextTooltip);
    tooltip = nextTooltip;
    const items = buildTrayMenu(state, now, zone, extras);
    const key = JSON.stringify(items);
    if (key !== menuKey) {
      menu = o.buildMenu(toMenuTemplate(items, o.platform, o.onAction));
      // On macOS a context menu would swallow the left click that opens the popover: it pops up on right click.
      if (o.platform !== 'darwin') o.tray.setContextMenu(menu);
    }
    menuItems = items;
    menuKey = key;
    schedule(now);
  }

  function schedule(now: number): void {
    cancelTimer?.();
    const shown = (atMs: number) =>
      state ? shownAt(state, atMs, o.localZone(), extrasOf(o.locale, shortcutProblem, loginProblem, o.platform)) : '';
    // A pause ends between minute boundaries: the redraw is then at its end, not up to a minute after it.
    const pauseEndMs = state ? nextShownChangeAt(state, now) : null;
    const atMs = Math.min(nextTrayChangeAt(shown, now), pauseEndMs ?? Infinity);
    cancelTimer = o.clock.setTimer(atMs - now, render);
  }

  o.tray.on('click', (_event, bounds) => o.onClick(bounds));
  o.tray.on('right-click', () => {
    if (o.platform === 'darwin' && menu) o.tray.popUpContextMenu(menu);
  });

  return {
    update(next) {
      state = next;
      render();
    },
    setShortcutProblem(message) {
      if (message === shortcutProblem) return;
      shortcutProblem = message;
      render();
    },
    setLoginProblem(message) {
      if (message === loginProblem) return;
      loginProblem = message;
      render();
    },
    current: () => ({ icon, tooltip, menu: menuItems }),
    dispose() {
      cancelTimer?.();
      cancelTimer = undefined;
      o.tray.destroy();
    },
  };
}
