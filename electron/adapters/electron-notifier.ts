// The Notifier port on Electron's own Notification, used on macOS: Notification Center natively (arm64 too), each
// notification attributed to OnCall Tray (its icon, its entry in System Settings → Notifications, its Focus filters).
// node-notifier goes there through terminal-notifier, an x86_64 binary that needs Rosetta on Apple silicon and posts
// as "terminal-notifier". Electron is injected (main.ts passes its Notification), so this file imports only types and
// runs in plain Node under test. What to announce is the core's decision; this delivers and reports clicks.
import type { NotificationConstructorOptions } from 'electron';
import type { NotificationHealthResult } from '../core/readiness/readiness';
import type { ViewName } from '../shared/ipc-contract';
import type { NotificationRequest, Notifier } from '../core/ports';

/** The part of an Electron Notification this adapter uses. */
export interface ShownNotification {
  once(event: 'click', listener: () => void): unknown;
  once(event: 'close', listener: () => void): unknown;
  once(event: 'failed', listener: (event: unknown, error: string) => void): unknown;
  show(): void;
}

/** Electron's Notification class, as main.ts hands it over. */
export interface ElectronNotifications {
  isSupported(): boolean;
  create(options: NotificationConstructorOptions): ShownNotification;
}

/** The options of one notification: title and text, silent (as node-notifier's were); macOS shows the app's icon. */
export function electronNotificationOptions(n: NotificationRequest): NotificationConstructorOptions {
  return { title: n.title, body: n.body, silent: true };
}

export interface ElectronNotifierOptions {
  notifications: ElectronNotifications;
  onClick(target: ViewName, params?: Record<string, string>): void;
  log?: (message: string) => void;
}

export function createElectronNotifier(options: ElectronNotifierOptions): Notifier & { showing(): number } {
  // A notification nothing refers to may be garbage-collected, and its click is then lost: each is held until it is
  // clicked, closed or has failed.
  const live = new Set<ShownNotification>();
  return {
    async notify(n) {
      let shown: ShownNotification;
      try {
        shown = options.notifications.create(electronNotificationOptions(n));
      } catch (error) {
        options.log?.(`notification ${n.id} could not be shown: ${String(error)}`);
        return;
      }
      live.add(shown);
      shown.once('click', () => (live.delete(shown), options.onClick(n.target, n.params)));
      shown.once('close', () => void live.delete(shown));
      shown.once('failed', (_event, error) => {
        live.delete(shown);
        options.log?.(`notification ${n.id} could not be shown: ${error}`);
      });
      shown.show();
    },
    showing: () => live.size,
  };
}

/** Readiness, of this path: whether Electron can post here; Focus and the app's own setting can't be read. */
export function electronNotificationHealth(
  notifications: Pick<ElectronNotifications, 'isSupported'>,
): () => Promise<NotificationHealthResult> {
  return async () =>
    notifications.isSupported()
      ? {
          result: 'unknown',
          message:
            "Notifications go to Notification Center as OnCall Tray; whether Focus, Do Not Disturb or OnCall Tray's own setting (System Settings → Notifications) holds them back can't be checked here.",
        }
      : {
          result: 'problem',
          message: "This system can't show OnCall Tray's notifications: Electron reports notifications unsupported.",
        };
}
