// "Ready for your shift": each check and its three outcomes, from the derived state (the snapshot a sync leaves),
// and the one line the tray and `status` show. The platform's answer about notifications is given as it would come.
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import type { NotificationHealthResult } from '../../../electron/core/readiness/readiness';
import { buildTrayMenu, trayIconFor } from '../../../electron/core/state/tray-menu';
import { readinessLine } from '../../../electron/shared/readiness-text';
import type { ServiceSettings } from '../../../electron/shared/settings';
import type { AppState } from '../../../electron/shared/view-state';
import { SETUP_OK, alice, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';
import { trayLabels } from '../support/tray-labels';

const ZONE = 'Europe/Berlin';
const NOW = '2026-03-02T12:00:00Z';
const READ = '2026-03-02T11:58:00Z';
const range = { shiftsFrom: '2026-02-23T11:00:00Z', shiftsTo: '2026-03-17T11:00:00Z' };
const platform = scheduleSnap(
  'sch_platform',
  [
    shift('2026-03-02T08:00:00Z', '2026-03-02T21:00:00Z', alice),
    shift('2026-03-02T21:00:00Z', '2026-03-03T08:00:00Z', me),
  ],
  {
    ...range,
    details: details('Platform primary', ZONE, [alice, me]),
    detailsFetchedAt: READ,
    shiftsFetchedAt: READ,
  },
);
const OK_NOTIFICATIONS: NotificationHealthResult = { result: 'ok', message: 'Notifications can be shown (dunst).' };

function derive(
  o: {
    settings?: Partial<ServiceSettings>;
    snapshot?: ReturnType<typeof snapshotOf>;
    notifications?: NotificationHealthResult;
    nowIso?: string;
  } = {},
): AppState {
  const settings = settingsWith({ schedules: [{ id: 'sch_platform' }], startAtLogin: true, ...o.settings });
  return deriveState({
    snapshot: o.snapshot ?? snapshotOf([platform], { coverageFetchedAt: READ }),
    nowMs: ms(o.nowIso ?? NOW),
    settings,
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    ...(o.notifications === undefined ? {} : { notificationHealth: o.notifications }),
  });
}

const results = (s: AppState) => Object.fromEntries((s.me.readiness?.checks ?? []).map((c) => [c.id, c.result]));
const line = (s: AppState) =>
  s.me.readiness ? readinessLine(s.me.readiness, (iso) => iso.slice(11, 16), s).text : undefined;
const menu = (s: AppState) => trayLabels(buildTrayMenu(s, ms(NOW), ZONE));

describe('readiness before my next shift', () => {
  it('is ready when every check passes, and says so in the tray menu', () => {
    const state = derive({ notifications: OK_NOTIFICATIONS });
    expect(results(state)).toEqual({
      key: 'ok',
      schedule: 'ok',
      reminders: 'ok',
      autostart: 'ok',
      notifications: 'ok',
    });
    expect(state.me.readiness?.shift).toEqual({
      accountId: 'main',
      scheduleId: 'sch_platform',
      scheduleName: 'Platform primary',
      start: '2026-03-02T21:00:00Z',
      end: '2026-03-03T08:00:00Z',
      endBasis: { kind: 'fresh', readAt: '2026-03-02T11:58:00.000Z' },
      basis: { kind: 'fresh', readAt: '2026-03-02T11:58:00.000Z' },
    });
    expect(menu(state)).toContain('Ready for your shift at 22:00 ✓');
  });

  it('is absent when my next shift is more than 24 h away', () => {
    expect(derive({ nowIso: '2026-03-01T20:59:00Z' }).me.readiness).toBeNull();
    expect(derive({ nowIso: '2026-03-01T21:01:00Z' }).me.readiness).not.toBeNull();
  });

  it('names the problem and its fix: autostart off, reminders off, key rejected, saved data', () => {
    expect(line(derive({ settings: { startAtLogin: false }, notifications: OK_NOTIFICATIONS }))).toBe(
      'Not ready for your shift at 21:00 — After a restart, nothing will remind you: turn on Start at login.',
    );
    const off = derive({
      settings: {
        schedules: [
          {
            id: 'sch_platform',
            reminders: { leadTimesMin: [], atStart: false, atEnd: true, coverageRequests: true, shiftChanges: true },
          },
        ],
      },
    });
    expect(off.me.readiness?.checks.find((c) => c.id === 'reminders')).toMatchObject({
      result: 'problem',
      action: 'settings',
    });
    const rejected = derive({ snapshot: snapshotOf([platform], { coverageFetchedAt: READ, keyRejected: true }) });
    expect(rejected.me.readiness?.checks.find((c) => c.id === 'key')).toMatchObject({
      result: 'problem',
      action: 'settings',
    });
    const stale = derive({
      snapshot: snapshotOf([{ ...platform, problem: { kind: 'server', message: 'HTTP 503', at: NOW } }]),
    });
    expect(stale.me.readiness?.checks.find((c) => c.id === 'schedule')).toMatchObject({
      result: 'problem',
      action: 'refresh',
    });
  });

  it("never says ok for notifications it can't check, and a paused server makes the tray icon a problem", () => {
    const unchecked = derive();
    expect(unchecked.me.readiness?.checks.find((c) => c.id === 'notifications')?.result).toBe('unknown');
    expect(line(unchecked)).toMatch(
      /^Can't tell if you're ready for your shift at 21:00 — Notifications were not checked yet\.$/,
    );
    const paused = derive({
      notifications: {
        result: 'problem',
        message: 'Notifications are paused (dunst): resume them with dunstctl set-paused false.',
      },
    });
    expect(line(paused)).toBe(
      'Not ready for your shift at 21:00 — Notifications are paused (dunst): resume them with dunstctl set-paused false.',
    );
    expect(trayIconFor(paused, ms(NOW))).toBe('problem');
    expect(trayIconFor(derive({ notifications: OK_NOTIFICATIONS }), ms(NOW))).toBe('soon');
  });

  it("settles what the platform can't tell with this week's test notification; one that didn't appear is a problem", () => {
    const cantTell: NotificationHealthResult = { result: 'unknown', message: "Focus can't be checked here." };
    const check = (s: AppState) => s.me.readiness?.checks.find((c) => c.id === 'notifications');
    expect(check(derive({ notifications: cantTell }))).toMatchObject({
      result: 'unknown',
      action: 'test-notification',
    });
    const seen = derive({
      notifications: cantTell,
      settings: { notificationTest: { at: '2026-02-27T09:00:00Z', seen: true } },
    });
    expect(check(seen)).toMatchObject({ result: 'ok', message: 'You saw a test notification this week.' });
    // Eight days ago: no longer counts.
    const old = derive({
      notifications: cantTell,
      settings: { notificationTest: { at: '2026-02-22T09:00:00Z', seen: true } },
    });
    expect(check(old)?.result).toBe('unknown');
    // Sent, not answered yet: the platform's word stands.
    const asked = derive({
      notifications: cantTell,
      settings: { notificationTest: { at: '2026-03-02T11:00:00Z', seen: null } },
    });
    expect(check(asked)?.result).toBe('unknown');
    // "It didn't appear" outweighs even a platform that says ok.
    const missed = derive({
      notifications: OK_NOTIFICATIONS,
      settings: { notificationTest: { at: '2026-03-02T11:00:00Z', seen: false } },
    });
    expect(check(missed)).toMatchObject({ result: 'problem', action: 'test-notification' });
    expect(line(missed)).toMatch(/^Not ready for your shift at 21:00 — The test notification didn't appear/);
  });

  it('does not count an answer dated ahead of the clock (the clock stepped back since): neither ok nor a problem', () => {
    const cantTell: NotificationHealthResult = { result: 'unknown', message: "Focus can't be checked here." };
    const check = (s: AppState) => s.me.readiness?.checks.find((c) => c.id === 'notifications');
    const ahead = (at: string, seen: boolean) =>
      check(derive({ notifications: cantTell, settings: { notificationTest: { at, seen } } }));
    expect(ahead('2026-03-02T13:00:00Z', true)).toMatchObject({
      result: 'unknown',
      message: "Focus can't be checked here.",
    });
    expect(ahead('2099-01-01T00:00:00Z', false)?.result).toBe('unknown');
    // A clock step (under a minute) still counts.
    expect(ahead('2026-03-02T12:00:30Z', true)?.result).toBe('ok');
  });
});
