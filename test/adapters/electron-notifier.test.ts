// The macOS notifier on Electron's Notification, driven through a recording stand-in of that class: what it posts,
// that a click opens the notification's view (and only a click), that each notification is held until it is done
// with (an unreferenced one can be collected and its click lost), and that failures are logged, never thrown.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { NotificationConstructorOptions } from 'electron';
import {
  createElectronNotifier,
  electronNotificationHealth,
  type ElectronNotifications,
} from '../../electron/adapters/electron-notifier';
import type { NotificationRequest } from '../../electron/core/ports';
import { textContaining } from '../support/matchers';

const reminder: NotificationRequest = {
  id: 'shift:sch_primary:2026-03-10T16:00:00Z:lead15',
  title: 'On call in 15 min',
  body: 'Platform primary from 17:00',
  target: 'status',
  params: { scheduleId: 'sch_primary' },
};

class FakeNotification extends EventEmitter {
  shown = false;
  constructor(readonly options: NotificationConstructorOptions) {
    super();
  }
  show(): void {
    this.shown = true;
  }
}

function electron(supported = true) {
  const made: FakeNotification[] = [];
  const notifications: ElectronNotifications = {
    isSupported: () => supported,
    create: (options) => {
      const n = new FakeNotification(options);
      made.push(n);
      return n;
    },
  };
  return { made, notifications };
}

describe("notifications through Electron's Notification (macOS)", () => {
  it('posts the title and text silently, and a click opens its view with its parameters', async () => {
    const { made, notifications } = electron();
    const opened: Array<[string, Record<string, string> | undefined]> = [];
    const notifier = createElectronNotifier({ notifications, onClick: (t, p) => opened.push([t, p]) });
    await notifier.notify(reminder);
    expect(made.map((n) => [n.options, n.shown])).toEqual([
      [{ title: 'On call in 15 min', body: 'Platform primary from 17:00', silent: true }, true],
    ]);
    expect(opened).toEqual([]);
    made[0]?.emit('click', {});
    expect(opened).toEqual([['status', { scheduleId: 'sch_primary' }]]);
  });

  it('holds each notification until it is clicked, closed or has failed; a close opens nothing', async () => {
    const { made, notifications } = electron();
    const opened: string[] = [];
    const logs: string[] = [];
    const notifier = createElectronNotifier({
      notifications,
      onClick: (t) => opened.push(t),
      log: (m) => logs.push(m),
    });
    for (const id of ['a', 'b', 'c']) await notifier.notify({ ...reminder, id });
    expect(notifier.showing()).toBe(3);
    made[0]?.emit('close', {});
    made[1]?.emit('failed', {}, 'not authorised');
    expect(notifier.showing()).toBe(1);
    made[2]?.emit('click', {});
    expect(notifier.showing()).toBe(0);
    expect(opened).toEqual(['status']);
    expect(logs).toEqual(['notification b could not be shown: not authorised']);
  });

  it('logs a notification that cannot even be made, and does not throw', async () => {
    const logs: string[] = [];
    const notifier = createElectronNotifier({
      notifications: {
        isSupported: () => true,
        create: () => {
          throw new Error('no app bundle');
        },
      },
      onClick: () => undefined,
      log: (m) => logs.push(m),
    });
    await expect(notifier.notify(reminder)).resolves.toBeUndefined();
    expect(logs).toEqual([`notification ${reminder.id} could not be shown: Error: no app bundle`]);
  });

  it("readiness speaks of this path: Notification Center as OnCall Tray (Focus can't be read), or unsupported", async () => {
    const supported = await electronNotificationHealth(electron(true).notifications)();
    expect(supported.result).toBe('unknown');
    expect(supported.message).toMatch(
      /^Notifications go to Notification Center as OnCall Tray; .*can't be checked here\.$/,
    );
    expect(await electronNotificationHealth(electron(false).notifications)()).toEqual({
      result: 'problem',
      message: textContaining(
        "macOS won't show notifications from this build: Electron reports notifications unsupported.",
      ),
    });
  });

  it('macOS: a notification neither shown nor refused within the limit is shown the other way, once', async () => {
    const { made, notifications } = electron();
    const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
    const setTimer = (run: () => void, ms: number) => {
      const t = { run, ms, cancelled: false };
      timers.push(t);
      return { cancel: () => void (t.cancelled = true) };
    };
    const fellBack: Array<[string, string]> = [];
    const notifier = createElectronNotifier({
      notifications,
      onClick: () => undefined,
      onFailed: (n, error) => void fellBack.push([n.id, error]),
      setTimer,
    });
    await notifier.notify({ ...reminder, id: 'silent' });
    await notifier.notify({ ...reminder, id: 'shown' });
    made[1]?.emit('show');
    expect(timers.map((t) => [t.ms, t.cancelled])).toEqual([
      [5_000, false],
      [5_000, true],
    ]);
    for (const t of timers) if (!t.cancelled) t.run();
    expect(fellBack).toEqual([['silent', 'macOS neither showed nor refused it within 5 s']]);
    // Its refusal arriving late does not show it a second time.
    made[0]?.emit('failed', {}, 'refused');
    expect(fellBack).toHaveLength(1);
  });

  it('Windows alarms (the same class for their toast XML) report refusals and are not timed', async () => {
    const { made, notifications } = electron();
    const timers: number[] = [];
    const notifier = createElectronNotifier({
      notifications,
      onClick: () => undefined,
      platform: 'win32',
      setTimer: (_run, ms) => (timers.push(ms), { cancel: () => undefined }),
    });
    await notifier.notify({ ...reminder, alarm: true });
    expect(made).toHaveLength(1);
    expect(timers).toEqual([]);
  });
});
