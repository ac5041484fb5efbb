import { fallbackMessage } from '../../electron/adapters/notification-fallback';
import { describe, expect, it } from 'vitest';
import {
  createNodeNotifier,
  notificationOptions,
  type NotifierIdentity,
  type NotifyCallback,
  type NotifierOptions,
} from '../../electron/adapters/notifier';
import type { NotificationRequest } from '../../electron/core/ports';
import { textContaining } from '../support/matchers';

const reminder: NotificationRequest = {
  id: 'shift:sch_primary:2026-03-10T16:00:00Z:lead15',
  title: 'On call in 15 min',
  body: 'Platform primary from 17:00',
  target: 'status',
  params: { scheduleId: 'sch_primary' },
};
const identity = (platform: NodeJS.Platform): NotifierIdentity => ({
  appName: 'OnCall Tray',
  iconPath: '/opt/OnCall Tray/resources/app.asar.unpacked/dist/icons/app.png',
  appId: 'com.oncalltray.app',
  desktopEntry: 'oncall-tray',
  platform,
});

describe('notification options per platform', () => {
  it('Linux: title, body, the app name and icon for notify-send, no click waiting', () => {
    expect(notificationOptions(reminder, identity('linux'))).toEqual({
      title: 'On call in 15 min',
      message: 'Platform primary from 17:00',
      icon: '/opt/OnCall Tray/resources/app.asar.unpacked/dist/icons/app.png',
      'app-name': 'OnCall Tray',
      urgency: 'normal',
      timeout: 10,
      hint: 'string:desktop-entry:oncall-tray',
    });
  });

  it('Windows: the app id so the toast is attributed to OnCall Tray, and waits for clicks', () => {
    expect(notificationOptions(reminder, identity('win32'))).toMatchObject({
      appID: 'com.oncalltray.app',
      wait: true,
      icon: textContaining('app.png'),
    });
  });

  it('macOS: the icon as content image, silent, waits for clicks', () => {
    expect(notificationOptions(reminder, identity('darwin'))).toMatchObject({
      contentImage: textContaining('app.png'),
      wait: true,
      sound: false,
    });
  });
});

describe('node-notifier adapter', () => {
  function recordingSend(answer: (cb: NotifyCallback) => void) {
    const sent: NotifierOptions[] = [];
    const send = (options: NotifierOptions, cb: NotifyCallback) => {
      sent.push(options);
      answer(cb);
    };
    return { sent, send };
  }

  it("opens the notification's target window when the user clicks it", async () => {
    const opened: Array<[string, Record<string, string> | undefined]> = [];
    let clickLater: NotifyCallback | undefined;
    const { sent, send } = recordingSend((cb) => (clickLater = cb));
    const notifier = createNodeNotifier({ identity: identity('win32'), send, onClick: (t, p) => opened.push([t, p]) });
    await notifier.notify(reminder); // resolves on hand-off: the click may come much later
    expect(sent).toHaveLength(1);
    expect(opened).toEqual([]);
    clickLater?.(null, 'activate', { activationType: 'clicked' });
    expect(opened).toEqual([['status', { scheduleId: 'sch_primary' }]]);
  });

  it('does not open anything on timeout or dismissal, and logs delivery failures without throwing', async () => {
    const opened: string[] = [];
    const logs: string[] = [];
    const answers: Array<Parameters<NotifyCallback>> = [
      [null, 'timeout', { activationType: 'timeout' }],
      [new Error('notify-send must be installed on the system.'), ''],
    ];
    const { send } = recordingSend((cb) => cb(...(answers.shift() ?? [null, ''])));
    const notifier = createNodeNotifier({
      identity: identity('linux'),
      send,
      onClick: (t) => opened.push(t),
      log: (m) => logs.push(m),
    });
    await notifier.notify(reminder);
    await notifier.notify(reminder);
    expect(opened).toEqual([]);
    expect(logs).toEqual([
      `notification ${reminder.id} could not be shown: notify-send must be installed on the system.`,
    ]);
  });

  it('a notification the system failed to show is handed to the fallback (shown another way), a timeout is not', async () => {
    const failed: Array<[string, string]> = [];
    const answers: Array<Parameters<NotifyCallback>> = [
      [null, 'timeout', { activationType: 'timeout' }],
      [new Error('GDBus.Error: org.freedesktop.Notifications not provided\nat line 2'), ''],
    ];
    const { send } = recordingSend((cb) => cb(...(answers.shift() ?? [null, ''])));
    const notifier = createNodeNotifier({
      identity: identity('linux'),
      send,
      onClick: () => undefined,
      onFailed: (n, error) => void failed.push([n.id, error]),
    });
    await notifier.notify(reminder);
    expect(failed).toEqual([]);
    await notifier.notify(reminder);
    expect(failed).toEqual([[reminder.id, 'GDBus.Error: org.freedesktop.Notifications not provided']]);
    const message = fallbackMessage(reminder, failed[0]?.[1] ?? '', 'linux');
    expect(message.detail).toContain('The system did not show this as a notification (GDBus.Error');
    expect(message.detail).toContain('notification service');
    expect(message.detail).not.toContain('macOS');
  });
});
