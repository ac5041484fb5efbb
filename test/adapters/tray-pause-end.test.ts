// Issue 49 (adv49 r27): a pause shows on the icon, tooltip and menu until it ends, not after. The tray redrew on whole
// minutes only, and nothing in the state changes when a pause ends: a 1 h pause taken at 10:00:30 stayed on the icon
// and tooltip until 11:01:00. Real tray controller, fake clock; the app's own pause and an account's; a property over
// pause lengths and start seconds. Failed before: at end+1 ms the icon was still "paused".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { createTrayController, trayIconPath, type TrayLike } from '../../electron/adapters/tray';
import type { DesktopPlatform } from '../../electron/core/platform/desktop-platform';
import type { TrayActionId } from '../../electron/core/state/tray-menu';
import { defaultSettings } from '../../electron/shared/settings';
import type { AppState } from '../../electron/shared/view-state';
import { FakeClock } from '../core/support/fake-clock';
import { trayLabels } from '../core/support/tray-labels';
import { withTimeline } from '../support/view-timeline';
import { MAIN_ACCOUNT_ID, accountIdOf } from '../../electron/shared/accounts';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 12);
const HOUR_MS = 3_600_000;
const MIN_MS = 60_000;

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
function setup(startMs = NOW, platform: NodeJS.Platform = 'linux', locale?: string) {
  const clock = new FakeClock(startMs);
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
  return { clock, controller, actions, clicks, zone, ...rec };
}

type PauseKind = 'app' | 'account';

/** The state with a pause until `untilMs`: the app's own (the tray's "Pause notifications for 1 h") or the account's. */
function pausedState(nowMs: number, untilMs: number, kind: PauseKind): AppState {
  const s = state(nowMs + 5 * HOUR_MS);
  const until = new Date(untilMs).toISOString();
  if (kind === 'app') return { ...s, settings: { ...s.settings, pausedUntil: until } };
  const accounts = s.settings.accounts.map((a) => ({ ...a, pausedUntil: until }));
  return { ...s, settings: { ...s.settings, accounts } };
}

/** Whether the tray shows a pause now: its icon, its tooltip, or a menu line saying it (or offering to resume it). */
function trayShowsPause(c: ReturnType<ReturnType<typeof setup>['controller']['current']>): boolean {
  return (
    c.icon?.includes('paused') === true ||
    /paused/i.test(c.tooltip) ||
    trayLabels(c.menu).some((l) => /paused|^Resume/i.test(l))
  );
}

describe('tray: a pause stops showing the moment it ends (issue 49)', () => {
  for (const kind of ['app', 'account'] as const) {
    it(`a 1 h ${kind} pause taken at 10:00:30 shows until 11:00:30 and not 1 ms after`, async () => {
      const endMs = NOW + HOUR_MS;
      const { controller, clock } = setup();
      controller.update(pausedState(NOW, endMs, kind));
      expect(trayShowsPause(controller.current())).toBe(true);
      await clock.advanceTo(endMs - 1);
      expect(trayShowsPause(controller.current())).toBe(true);
      await clock.advanceTo(endMs + 1);
      expect(controller.current().icon).not.toMatch(/paused/);
      expect(trayShowsPause(controller.current())).toBe(false);
      controller.dispose();
    });
  }

  it('over pause lengths and start seconds: shown at end-1 ms, not at end+1 ms', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: MIN_MS - 1 }),
        fc.integer({ min: 1, max: 90 * MIN_MS }),
        fc.constantFrom<PauseKind>('app', 'account'),
        async (startOffsetMs, lengthMs, kind) => {
          const startMs = Date.parse('2026-03-10T10:00:00Z') + startOffsetMs;
          const endMs = startMs + lengthMs;
          const { controller, clock } = setup(startMs);
          controller.update(pausedState(startMs, endMs, kind));
          await clock.advanceTo(endMs - 1);
          expect(trayShowsPause(controller.current())).toBe(true);
          await clock.advanceTo(endMs + 1);
          expect(trayShowsPause(controller.current())).toBe(false);
          controller.dispose();
        },
      ),
      { numRuns: NUM_RUNS },
    );
  }, 60_000);
});
