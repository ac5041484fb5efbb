// The app's one choice of notification path, per platform (injected): macOS posts through Electron's Notification and
// its readiness asks Electron; Linux and Windows post through node-notifier and their readiness is the desktop's
// (D-Bus on Linux) or "can't be checked" (Windows). Each path is proven by what reaches it and what never does.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { ElectronNotifications } from '../../electron/adapters/electron-notifier';
import type { Run } from '../../electron/adapters/notification-health';
import { appNotifications, notificationPath } from '../../electron/adapters/notifications';
import type { NotifierOptions, NotifyCallback } from '../../electron/adapters/notifier';
import type { NotificationRequest } from '../../electron/core/ports';
import { textMatching } from '../support/matchers';

const request: NotificationRequest = {
  id: 'test-notification:2026-03-10T16:00:00Z',
  title: 'OnCall Tray test',
  body: 'Did this appear?',
  target: 'settings',
};

function world(platform: NodeJS.Platform) {
  const posted: string[] = [];
  const sent: NotifierOptions[] = [];
  const asked: string[] = [];
  const clickers: Array<() => void> = [];
  const opened: string[] = [];
  const electron: ElectronNotifications = {
    isSupported: () => (asked.push('Notification.isSupported'), true),
    create: (options) => {
      posted.push(String(options.title));
      const shown = new EventEmitter();
      return Object.assign(shown, { show: () => void clickers.push(() => shown.emit('click', {})) });
    },
  };
  const run: Run = async (command) => (
    asked.push(command),
    { ok: false, stdout: '', stderr: 'Failed to open connection' }
  );
  const alarmArgs: string[][] = [];
  const chosen = appNotifications({
    alarmRun: async (command, args) => (alarmArgs.push([command, ...args]), '7'),
    identity: { appName: 'OnCall Tray', appId: 'com.oncalltray.app', platform },
    electron,
    onClick: (target) => opened.push(target),
    send: (options: NotifierOptions, callback: NotifyCallback) => (sent.push(options), callback(null, 'activate')),
    run,
  });
  return { chosen, posted, sent, asked, clickers, opened, alarmArgs };
}

describe('the notification path the app takes', () => {
  it("is Electron's Notification on macOS and node-notifier elsewhere", () => {
    expect(notificationPath('darwin')).toBe('electron');
    expect(notificationPath('linux')).toBe('node-notifier');
    expect(notificationPath('win32')).toBe('node-notifier');
  });

  it("macOS: posts through Electron's Notification only, a click opens the view, readiness asks Electron", async () => {
    const w = world('darwin');
    expect(w.chosen.path).toBe('electron');
    await w.chosen.notifier.notify(request);
    expect(w.posted).toEqual(['OnCall Tray test']);
    expect(w.sent).toEqual([]);
    w.clickers[0]?.();
    expect(w.opened).toEqual(['settings']);
    const health = await w.chosen.health();
    // Asked when posting (an unsupported system gets the in-app fallback) and by readiness.
    expect(w.asked).toEqual(['Notification.isSupported', 'Notification.isSupported']);
    expect(health.message).toMatch(/Notification Center as OnCall Tray/);
  });

  it('Linux: posts through node-notifier only; readiness asks the desktop over D-Bus', async () => {
    const w = world('linux');
    expect(w.chosen.path).toBe('node-notifier');
    await w.chosen.notifier.notify(request);
    expect(w.sent.map((o) => o.title)).toEqual(['OnCall Tray test']);
    expect(w.posted).toEqual([]);
    const health = await w.chosen.health();
    expect(w.asked).toEqual(['dbus-send']);
    expect(health).toEqual({ result: 'unknown', message: textMatching(/no desktop session bus/) });
  });

  it("Windows: posts a toast through node-notifier (a click opens the view); readiness says it can't be checked", async () => {
    const w = world('win32');
    await w.chosen.notifier.notify(request);
    expect(w.sent).toEqual([expect.objectContaining({ title: 'OnCall Tray test', appID: 'com.oncalltray.app' })]);
    expect(w.opened).toEqual(['settings']);
    expect(w.posted).toEqual([]);
    expect(await w.chosen.health()).toEqual({
      result: 'unknown',
      message: textMatching(/Windows does not tell/),
    });
    expect(w.asked).toEqual([]);
  });

  it('Windows: a shift-start alarm goes through Electron (its toast XML); the others stay on node-notifier', async () => {
    const w = world('win32');
    await w.chosen.notifier.notify({ ...request, title: 'On call now', alarm: true });
    await w.chosen.notifier.notify(request);
    expect(w.posted).toEqual(['On call now']);
    expect(w.sent.map((o) => o.title)).toEqual(['OnCall Tray test']);
  });

  it('Linux: the alarm goes through notify-send itself (its id kept) with critical urgency and no timeout', async () => {
    const w = world('linux');
    await w.chosen.notifier.notify({ ...request, alarm: true });
    expect(w.alarmArgs).toEqual([
      expect.arrayContaining(['notify-send', '--urgency=critical', '--expire-time=0', '--print-id']),
    ]);
    expect(w.sent).toEqual([]);
    expect(w.posted).toEqual([]);
  });
});
