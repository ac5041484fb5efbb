import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTrayController, toMenuTemplate, trayIconPath, type TrayLike } from '../../electron/adapters/tray';
import { DESKTOP_PLATFORMS, type DesktopPlatform } from '../../electron/core/platform/desktop-platform';
import type { TrayActionId, TrayMenuItem } from '../../electron/core/state/tray-menu';
import { defaultSettings } from '../../electron/shared/settings';
import type { AppState } from '../../electron/shared/view-state';
import { FakeClock } from '../core/support/fake-clock';
import { withTimeline } from '../support/view-timeline';
import { MAIN_ACCOUNT_ID } from '../../electron/shared/accounts';
import { accountIdOf } from '../../electron/shared/accounts';

const NOW = Date.parse('2026-03-10T10:00:30Z');

function recordingTray() {
  const calls: string[] = [];
  const listeners = new Map<
    string,
    (event: unknown, bounds: { x: number; y: number; width: number; height: number }) => void
  >();
  const tray: TrayLike<MenuItemConstructorOptions[]> = {
    setImage: (p) => void calls.push(`image ${p}`),
    setToolTip: (t) => void calls.push(`tooltip ${t}`),
    setContextMenu: () => void calls.push('menu'),
    popUpContextMenu: () => void calls.push('popup'),
    on: (event, l) => listeners.set(event, l),
    destroy: () => void calls.push('destroy'),
  };
  return { tray, calls, listeners };
}

function state(nextStartMs: number): AppState {
  return {
    setup: { hasKey: true, keyStorage: 'keychain', demo: true },
    settings: {
      ...defaultSettings(),
      // My e-mail is set: the state has a next shift of mine, which is only looked for by it.
      accounts: [
        { id: MAIN_ACCOUNT_ID, label: 'Main', baseUrl: '', email: 'me@example.com', schedules: [{ id: 'sch_a' }] },
      ],
    },
    accounts: [
      {
        id: accountIdOf('main'),
        label: 'Main',
        address: '',
        email: 'me@example.com',
        sync: { kind: 'ok' },
        lastSuccessAt: null,
        hasKey: true,
        keyStorage: 'keychain',
      },
    ],
    sync: { kind: 'ok' },
    lastSuccessAt: null,
    syncing: false,
    schedules: [
      withTimeline({
        id: 'sch_a',
        accountId: accountIdOf('main'),
        scheduleId: 'sch_a',
        name: 'A & B',
        timeZone: 'Europe/Berlin',
        status: { kind: 'fresh', at: new Date(NOW).toISOString() },
        known: {
          from: new Date(NOW - 86_400_000).toISOString(),
          to: new Date(NOW + 15 * 86_400_000).toISOString(),
          holes: [],
        },
        now: null,
        next: null,
        meOnCall: false,
        users: [],
        teams: [],
        chatUserGroup: null,
      }),
    ],
    me: {
      onCallNow: [],
      nextShift: {
        accountId: accountIdOf('main'),
        scheduleId: 'sch_a',
        scheduleName: 'A & B',
        start: new Date(nextStartMs).toISOString(),
        end: new Date(nextStartMs + 3_600_000).toISOString(),
        endBasis: { kind: 'fresh' as const, readAt: null },
        basis: { kind: 'fresh' as const, readAt: null },
      },
      shifts: [],
      gaps: [],
    },
    coverage: {
      mine: [],
      askingMe: [],
      coveredByMe: [],
      issues: [],
      status: { kind: 'fresh', at: new Date(NOW).toISOString() },
    },
    notices: [],
  };
}

/** Each platform's icons folder, written with its own separator. */
const ICONS_DIR: Record<DesktopPlatform, string> = {
  linux: '/icons',
  darwin: '/icons',
  win32: 'C:\\Program Files\\OnCall Tray\\resources\\app.asar\\dist\\icons',
};
/** What each platform's tray is given for the "soon" state (an independent statement of the table in desktop-platform.ts). */
const SOON_ICON: Record<DesktopPlatform, string> = {
  linux: '/icons/tray/soon.png',
  darwin: '/icons/tray/soonTemplate.png',
  win32: 'C:\\Program Files\\OnCall Tray\\resources\\app.asar\\dist\\icons\\tray\\soon.ico',
};

function setup(platform: NodeJS.Platform = 'linux', locale?: string) {
  const clock = new FakeClock(NOW);
  const zone = { current: 'Europe/Berlin' };
  const rec = recordingTray();
  const actions: TrayActionId[] = [];
  const clicks: unknown[] = [];
  const controller = createTrayController({
    tray: rec.tray,
    buildMenu: (t) => t,
    iconPath: (i) =>
      trayIconPath(ICONS_DIR[platform === 'darwin' || platform === 'win32' ? platform : 'linux'], i, platform),
    clock,
    localZone: () => zone.current,
    ...(locale ? { locale } : {}),
    platform,
    onAction: (a) => actions.push(a),
    onClick: (b) => clicks.push(b),
  });
  // What the tray shows before the first state is tested apart (tray-starting.test.ts): here, what a state draws.
  rec.calls.length = 0;
  return { clock, controller, actions, clicks, zone, ...rec };
}

const labelsOf = (items: TrayMenuItem[]) => items.flatMap((i) => (i.type === 'separator' ? [] : [i.label]));

describe('tray adapter', () => {
  it('shows the icon, tooltip and menu for the state, and redraws only what changed', () => {
    const { controller, calls } = setup();
    const s = state(NOW + 2 * 3_600_000 - 30_000);
    controller.update(s);
    expect(calls).toEqual([
      'image /icons/tray/soon.png',
      'tooltip Next on call: A & B 13:00–14:00 · 1 h (in 2 h)\nUncovered: A & B until 25 Mar, 11:00, then unknown',
      'menu',
    ]);
    calls.length = 0;
    controller.update(structuredClone(s)); // same state again: nothing to do
    expect(calls).toEqual([]);
  });

  it('rebuilds the countdown at each minute boundary, without a state change', async () => {
    const { controller, calls, clock } = setup();
    controller.update(state(NOW + 2 * 3_600_000 - 30_000));
    expect(clock.pendingDueMs()).toEqual([NOW + 30_000]);
    calls.length = 0;
    await clock.advanceTo(NOW + 30_000);
    expect(calls).toEqual([
      'tooltip Next on call: A & B 13:00–14:00 · 1 h (in 1 h 59 min)\nUncovered: A & B until 25 Mar, 11:00, then unknown',
      'menu',
    ]);
    expect(clock.pendingDueMs()).toEqual([NOW + 90_000]);
    // My state, first in the menu, opens the popover.
    expect(controller.current().menu[0]).toEqual({
      type: 'action',
      label: 'Your next shift: A & B 13:00–14:00 · 1 h (in 1 h 59 min)',
      action: 'open-status',
      enabled: true,
    });
  });

  it('wakes only when what it shows would change: hourly for a shift days away, each minute for a countdown', async () => {
    const { controller, clock } = setup();
    // In 3 d 1 h 30 min: "(in 3 d 1 h)" holds for about half an hour, then each text holds an hour.
    controller.update(state(NOW + 3 * 86_400_000 + 90 * 60_000));
    expect(controller.current().tooltip).toMatch(/\(in 3 d 1 h\)/);
    expect(clock.pendingDueMs()).toEqual([NOW + 30_000 + 31 * 60_000]); // durations round to the minute
    let wakes = 0;
    while ((clock.pendingDueMs()[0] ?? Infinity) < NOW + 6 * 3_600_000) {
      await clock.advanceTo(clock.pendingDueMs()[0] ?? NOW);
      wakes++;
    }
    // Six hours, six texts: one wake each, not 360 minute ticks.
    expect(wakes).toBe(6);
    expect(controller.current().tooltip).toMatch(/\(in 2 d 19 h\)/);
    // A countdown in minutes (a shift in 2 h) still moves each minute.
    controller.update(state(clock.now() + 2 * 3_600_000));
    expect(clock.pendingDueMs()).toEqual([Math.floor(clock.now() / 60_000) * 60_000 + 60_000]);
  });

  it('reads the local zone at each render, so a zone change (travel) shows at the next minute', async () => {
    const { controller, clock, zone } = setup();
    controller.update(state(NOW + 2 * 3_600_000 - 30_000));
    expect(controller.current().tooltip).toBe(
      'Next on call: A & B 13:00–14:00 · 1 h (in 2 h)\nUncovered: A & B until 25 Mar, 11:00, then unknown',
    );
    zone.current = 'America/New_York';
    await clock.advanceTo(NOW + 30_000);
    expect(controller.current().tooltip).toBe(
      'Next on call: A & B 08:00–09:00 (13:00–14:00 Berlin) · 1 h (in 1 h 59 min)\nUncovered: A & B until 25 Mar, 06:00 (11:00 Berlin), then unknown',
    );
  });

  it("formats times in the app's locale", () => {
    const { controller } = setup('linux', 'en-US');
    controller.update(state(NOW + 2 * 3_600_000 - 30_000));
    expect(controller.current().tooltip).toBe(
      'Next on call: A & B 01:00 PM–02:00 PM · 1 h (in 2 h)\nUncovered: A & B until Mar 25, 11:00 AM, then unknown',
    );
  });

  it('tells the user in the menu when the global shortcut is unavailable, and drops it once fixed', () => {
    const { controller, calls } = setup();
    controller.update(state(NOW + 3_600_000));
    calls.length = 0;
    controller.setShortcutProblem('Shortcut Alt+O is unavailable');
    expect(controller.current().menu).toContainEqual({
      type: 'action',
      label: 'Shortcut Alt+O is unavailable',
      action: 'open-settings',
      enabled: true,
      // Settings opens at the shortcut field, its fix (adv49 r20).
      params: { section: 'shortcut' },
    });
    expect(calls).toEqual(['menu']);
    controller.setShortcutProblem(undefined);
    expect(labelsOf(controller.current().menu)).not.toContain('Shortcut Alt+O is unavailable');
  });

  it('maps menu clicks to action ids and left clicks to the popover', () => {
    const { controller, actions, clicks, listeners } = setup();
    controller.update(state(NOW + 3_600_000));
    const template = toMenuTemplate(controller.current().menu, 'linux', (a) => actions.push(a));
    const quit = template.find((t) => t.label === 'Quit');
    // Electron calls click(menuItem, window, event); the adapter's handlers ignore those arguments.
    if (quit?.click) Reflect.apply(quit.click, undefined, []);
    expect(actions).toEqual(['quit']);
    listeners.get('click')?.({}, { x: 1, y: 2, width: 3, height: 4 });
    expect(clicks).toEqual([{ x: 1, y: 2, width: 3, height: 4 }]);
  });

  it('escapes "&" outside macOS so it is not read as a mnemonic', () => {
    const template = toMenuTemplate([{ type: 'label', label: 'A & B' }], 'win32', () => {});
    expect(template[0]?.label).toBe('A && B');
    expect(toMenuTemplate([{ type: 'label', label: 'A & B' }], 'darwin', () => {})[0]?.label).toBe('A & B');
  });

  it('on macOS keeps left click for the popover and pops the menu up on right click', () => {
    const { controller, calls, listeners } = setup('darwin');
    controller.update(state(NOW + 3_600_000));
    expect(calls[0]).toBe('image /icons/tray/soonTemplate.png');
    expect(calls).not.toContain('menu');
    listeners.get('right-click')?.({}, { x: 0, y: 0, width: 0, height: 0 });
    expect(calls).toContain('popup');
  });

  it('stops its minute timer when disposed', () => {
    const { controller, clock, calls } = setup();
    controller.update(state(NOW + 3_600_000));
    controller.dispose();
    expect(clock.pendingDueMs()).toEqual([]);
    expect(calls).toContain('destroy');
  });
});

describe.each(DESKTOP_PLATFORMS)('tray adapter on %s', (platform) => {
  it("shows the platform's icon file, with its own path separators, and the menu where its tray takes one", () => {
    const { controller, calls } = setup(platform);
    controller.update(state(NOW + 2 * 3_600_000 - 30_000));
    expect(calls[0]).toBe(`image ${SOON_ICON[platform]}`);
    // macOS pops the menu up on right click instead, so a left click can open the popover.
    expect(calls.includes('menu')).toBe(platform !== 'darwin');
  });

  it('has an icon in the build for every tray state, in the format this platform names', () => {
    for (const icon of ['off', 'soon', 'oncall', 'attention', 'problem'] as const) {
      const file = trayIconPath('tray-root', icon, platform).replace(/^tray-root[\\/]tray[\\/]/, '');
      expect(existsSync(join(process.cwd(), 'build', 'icons', 'tray', file)), file).toBe(true);
    }
  });
});
