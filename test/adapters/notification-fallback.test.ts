// macOS refuses notifications from a build without a coherent signature (Electron 42 on: UNNotification), with a
// `failed` event on the Notification. Here the real engine, on a simulator and a fake clock, delivers through the
// macOS path (appNotifications on 'darwin') to a fake Electron Notification that fails as macOS does: the shift's
// reminders must still reach the user (their window opens, a message box says what they were), readiness must say
// "macOS won't show notifications from this build" with what to do, and the tray must show its problem icon.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { NotificationConstructorOptions } from 'electron';
import type { ElectronNotifications } from '../../electron/adapters/electron-notifier';
import { notificationFallback, type FallbackMessage } from '../../electron/adapters/notification-fallback';
import { appNotifications } from '../../electron/adapters/notifications';
import type { Engine } from '../../electron/core/engine/types';
import type { NotificationRequest } from '../../electron/core/ports';
import { trayIconFor } from '../../electron/core/state/tray-menu';
import { createHarness, seedSettings, type Harness } from '../core/support/engine-harness';
import { ME, PLATFORM_MY_START, platformSeed } from '../core/support/seeds';
import { HOUR, MIN } from '../support/time';

const seed = platformSeed();
const MY_START = PLATFORM_MY_START;
const REFUSED = 'Notifications are not allowed for this application';

/** Electron's Notification as an unsigned build meets it on macOS 13+: show() is answered with `failed`. */
class RefusedNotification extends EventEmitter {
  constructor(readonly options: NotificationConstructorOptions) {
    super();
  }
  show(): void {
    queueMicrotask(() => this.emit('failed', {}, REFUSED));
  }
}

let h: Harness | undefined;
describe('a notification macOS refuses (failed event)', () => {
  it('becomes a readiness problem with what to do, the tray problem icon, and the reminder shown in the app instead', async () => {
    h = await createHarness({ startMs: MY_START - 2 * HOUR, seed });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_plat'], startAtLogin: true });
    const posted: NotificationConstructorOptions[] = [];
    const electron: ElectronNotifications = {
      isSupported: () => true,
      create: (options) => (posted.push(options), new RefusedNotification(options)),
    };
    const windows: Array<[string, Record<string, string> | undefined]> = [];
    const messages: FallbackMessage[] = [];
    const fellBack: NotificationRequest[] = [];
    const late: { engine?: Engine } = {};
    const fallback = notificationFallback({
      openWindow: (view, params) => void windows.push([view, params]),
      showMessage: async (m) => void messages.push(m),
      recheck: () => late.engine?.popoverOpened(),
    });
    const notifications = appNotifications({
      identity: { appName: 'OnCall Tray', iconPath: '/icon.png', appId: 'x', desktopEntry: 'x', platform: 'darwin' },
      electron,
      onClick: () => undefined,
      onFailed: (n, error) => (fellBack.push(n), fallback(n, error)),
    });
    expect(notifications.path).toBe('electron');
    const engine = h.engine({ notifier: notifications.notifier, notificationHealth: notifications.health });
    late.engine = engine;
    await engine.start();
    await h.clock.advance(MIN);
    await engine.checksSettled();
    // Nothing has been refused yet: readiness can't tell (Focus is unreadable), and says so; the tray is fine.
    const before = engine.getState();
    expect(before.me.readiness?.checks.find((c) => c.id === 'notifications')?.result).toBe('unknown');
    expect(trayIconFor(before, h.clock.now())).not.toBe('problem');

    // The shift's reminders before its start (readiness speaks of the next shift, so this is where it is read).
    await h.clock.advanceTo(MY_START - MIN);
    await engine.checksSettled();
    const startReminders = posted.filter((p) => /Platform/.test(`${p.title} ${p.body}`));
    expect(startReminders.length).toBeGreaterThan(0);
    // Every reminder macOS refused came through the app instead, once each: its window, and a message box.
    expect(fellBack.map((n) => n.title)).toEqual(posted.map((p) => p.title));
    expect(new Set(fellBack.map((n) => n.id)).size).toBe(fellBack.length);
    expect(windows.length).toBe(fellBack.length);
    expect(messages.map((m) => m.message)).toEqual(fellBack.map((n) => n.title));
    expect(messages[0]?.detail).toContain(`macOS did not show this as a notification (${REFUSED})`);
    expect(messages[0]?.detail).toContain('calendar');

    const after = engine.getState();
    const check = after.me.readiness?.checks.find((c) => c.id === 'notifications');
    expect(check?.result).toBe('problem');
    expect(check?.message).toMatch(
      new RegExp(`^macOS won't show notifications from this build: ${REFUSED}\\. Install a signed release`),
    );
    expect(trayIconFor(after, h.clock.now())).toBe('problem');
  }, 60_000);

  it('falls back at once for the next one, and trusts Notification Center again once one is shown', async () => {
    const made: EventEmitter[] = [];
    const electron: ElectronNotifications = {
      isSupported: () => true,
      create: () => {
        const n = Object.assign(new EventEmitter(), { show: () => undefined });
        made.push(n);
        return n;
      },
    };
    const fellBack: string[] = [];
    const notifications = appNotifications({
      identity: { appName: 'OnCall Tray', iconPath: '/icon.png', appId: 'x', desktopEntry: 'x', platform: 'darwin' },
      electron,
      onClick: () => undefined,
      onFailed: (n) => void fellBack.push(n.id),
    });
    const reminder = (id: string): NotificationRequest => ({ id, title: 't', body: 'b', target: 'status' });
    await notifications.notifier.notify(reminder('a'));
    made[0]?.emit('failed', {}, REFUSED);
    expect((await notifications.health()).result).toBe('problem');
    // Known refused: b comes through the app before (and without waiting for) its own refusal, and only once.
    await notifications.notifier.notify(reminder('b'));
    expect(fellBack).toEqual(['a', 'b']);
    made[1]?.emit('failed', {}, REFUSED);
    expect(fellBack).toEqual(['a', 'b']);
    // Signed and allowed now: c is shown, and readiness goes back to what it can tell.
    await notifications.notifier.notify(reminder('c'));
    made[2]?.emit('show');
    expect(fellBack).toEqual(['a', 'b', 'c']);
    expect((await notifications.health()).result).toBe('unknown');
    await notifications.notifier.notify(reminder('d'));
    expect(fellBack).toEqual(['a', 'b', 'c']);
  });

  it('an alarm the system failed to show opens no message box over its own ringing window; readiness is asked', () => {
    const opened: string[] = [];
    const boxes: FallbackMessage[] = [];
    let rechecked = 0;
    const fallback = notificationFallback({
      openWindow: (view) => void opened.push(view),
      showMessage: async (m) => void boxes.push(m),
      recheck: () => void rechecked++,
    });
    fallback({ id: 'alarm:x', title: 'On call now', body: 'b', target: 'status', alarm: true }, REFUSED);
    expect([opened, boxes, rechecked]).toEqual([[], [], 1]);
  });

  it('a fallback step that throws (no dialog, no window yet) is logged; the others still run, nothing escapes', () => {
    const logs: string[] = [];
    let rechecked = 0;
    const fallback = notificationFallback({
      openWindow: () => {
        throw new Error('no window yet');
      },
      showMessage: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'showMessageBox')");
      },
      recheck: () => void rechecked++,
      log: (m) => void logs.push(m),
    });
    expect(() => fallback({ id: 'r', title: 't', body: 'b', target: 'status' }, REFUSED)).not.toThrow();
    expect(rechecked).toBe(1);
    expect(logs).toEqual([
      'fallback window: Error: no window yet',
      "fallback message: TypeError: Cannot read properties of undefined (reading 'showMessageBox')",
    ]);
  });
});
