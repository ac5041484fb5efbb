// One place chooses how the app delivers notifications, and readiness is asked of that same path: on macOS Electron's
// own Notification (electron-notifier.ts), elsewhere node-notifier (notifier.ts: notify-send on Linux, toasts on
// Windows). `npm run status` never delivers and keeps notification-health.ts's answer for its platform.
import type { NotificationHealthResult } from '../core/readiness/readiness';
import type { ViewName } from '../shared/ipc-contract';
import type { NotificationRequest, Notifier } from '../core/ports';
import { createElectronNotifier, electronNotificationHealth, type ElectronNotifications } from './electron-notifier';
import { notificationHealth, type Run } from './notification-health';
import { createNodeNotifier, type NotifierIdentity, type SendNotification } from './notifier';
import { osNotification } from './os-notification';
import type { RunCommand } from './linux-alarm-notification';
import { deliveryRecord, withLastFailure } from './notification-delivery';

export type NotificationPath = 'electron' | 'node-notifier';

/** macOS: Electron's Notification (native, arm64, attributed to the app); elsewhere node-notifier. */
export function notificationPath(platform: NodeJS.Platform): NotificationPath {
  return platform === 'darwin' ? 'electron' : 'node-notifier';
}

export interface AppNotificationsOptions {
  identity: NotifierIdentity;
  /** Electron's Notification; only used where notificationPath says so. */
  electron: ElectronNotifications;
  onClick: (target: ViewName, params?: Record<string, string>) => void;
  /** The system refused a notification (any OS; on macOS also silence): show it another way the user will see. */
  onFailed?: (n: NotificationRequest, error: string) => void;
  /** A button of an alarm notification (macOS; Windows toasts activate the app with an argument instead). */
  onAction?: (n: NotificationRequest, index: number) => void;
  /** A notification was shown after one had failed: that problem is over (readiness asks again). */
  onRecovered?: () => void;
  log?: (message: string) => void;
  /** Injected by tests. */
  send?: SendNotification;
  run?: Run;
  /** Runs notify-send and gdbus for Linux alarms (linux-alarm-notification.ts); injected by tests. */
  alarmRun?: RunCommand;
}

export interface AppNotifications {
  path: NotificationPath;
  notifier: Notifier;
  health: () => Promise<NotificationHealthResult>;
}

export function appNotifications(options: AppNotificationsOptions): AppNotifications {
  const { identity, onClick, log } = options;
  const path = notificationPath(identity.platform);
  // Recorded before the fallback runs: it asks readiness again at once, which must already see this failure.
  const record = deliveryRecord();
  const delivery = {
    onFailed: (n: NotificationRequest, error: string) => (record.failed(error), options.onFailed?.(n, error)),
    onShown: () => {
      const recovered = record.failure() !== undefined;
      record.shown();
      if (recovered) options.onRecovered?.();
    },
  };
  if (path === 'electron') {
    const notifier = createElectronNotifier({
      notifications: options.electron,
      onClick,
      ...delivery,
      ...(options.onAction ? { onAction: options.onAction } : {}),
      ...(log ? { log } : {}),
    });
    return { path, notifier, health: electronNotificationHealth(options.electron, () => notifier.failure()) };
  }
  const nodeNotifier = createNodeNotifier({
    identity,
    onClick,
    log,
    send: options.send,
    ...delivery,
    ...(options.alarmRun ? { run: options.alarmRun } : {}),
  });
  // Windows alarms need their own toast XML, which only Electron's Notification takes (os-notification.ts).
  const alarms = createElectronNotifier({
    notifications: options.electron,
    onClick,
    platform: identity.platform,
    ...delivery,
    ...(log ? { log } : {}),
  });
  const notifier: Notifier = {
    notify: (n) => (osNotification(n, identity).via === 'electron' ? alarms.notify(n) : nodeNotifier.notify(n)),
    withdraw: async (id) => {
      await Promise.all([alarms.withdraw(id), nodeNotifier.withdraw?.(id)]);
    },
    shownAs: (id) => nodeNotifier.shownAs?.(id),
    adopt: (id, n) => nodeNotifier.adopt?.(id, n),
  };
  const desktop = notificationHealth(identity.platform, options.run);
  return { path, notifier, health: withLastFailure(identity.platform, desktop, record) };
}
