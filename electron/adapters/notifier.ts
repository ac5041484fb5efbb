// The Notifier port on node-notifier: notify-send on Linux, toasts on Windows (notifications.ts picks it there; on
// macOS the app uses Electron's Notification, electron-notifier.ts, and the darwin options below serve only
// node-notifier used without Electron). No Electron import, so the same code delivers a real notification to dunst in
// the system tests. What to announce (and whether, per the user's reminder settings) is the core's decision; this
// only delivers and reports clicks.
import type { ViewName } from '../shared/ipc-contract';
import type { NotificationRequest, Notifier } from '../core/ports';
import { linuxAlarmNotifications, type RunCommand } from './linux-alarm-notification';
import { notificationOptions, osNotification, type NotifierIdentity, type NotifierOptions } from './os-notification';

export { notificationOptions, type NotifierIdentity, type NotifierOptions } from './os-notification';

export type NotifyCallback = (error: Error | null, response: string, metadata?: { activationType?: string }) => void;
export type SendNotification = (options: NotifierOptions, callback: NotifyCallback) => void;

export function isClick(response: string, metadata?: { activationType?: string }): boolean {
  const type = metadata?.activationType?.toLowerCase();
  return response === 'activate' || type === 'clicked' || type === 'contentsclicked';
}

export interface NodeNotifierOptions {
  identity: NotifierIdentity;
  onClick(target: ViewName, params?: Record<string, string>): void;
  /** Injected by tests; defaults to node-notifier, loaded lazily. */
  send?: SendNotification;
  log?: (message: string) => void;
  /** The system refused or failed to show `n` (notify-send or the toast failed): the caller shows it another way. */
  onFailed?: (n: NotificationRequest, error: string) => void;
  /** The system took `n` (notify-send or the toast reported no error): a failure before it no longer stands. */
  onShown?: (n: NotificationRequest) => void;
  /** Linux alarms run notify-send and gdbus themselves (linux-alarm-notification.ts); injected by tests. */
  run?: RunCommand;
}

async function defaultSend(): Promise<SendNotification> {
  // CommonJS `export =`: every loader (Node ESM, esbuild's CJS bundle, vitest) puts it on the default export.
  const notifier = (await import('node-notifier')).default;
  return (options, callback) => {
    notifier.notify(options, (error, response, metadata) => callback(error, response, metadata));
  };
}

export function createNodeNotifier(options: NodeNotifierOptions): Notifier {
  let send: Promise<SendNotification> | undefined = options.send ? Promise.resolve(options.send) : undefined;
  const { platform } = options.identity;
  const linuxAlarms = platform === 'darwin' || platform === 'win32' ? undefined : linuxAlarmNotifications(options.run);
  return {
    async notify(n) {
      // A Linux alarm's critical urgency comes from the one per-OS function (os-notification.ts).
      const chosen = osNotification(n, options.identity);
      const opts = chosen.via === 'node-notifier' ? chosen.options : notificationOptions(n, options.identity);
      if (linuxAlarms && n.alarm === true) {
        // Sent with an id kept, so it can be withdrawn (it never expires on its own).
        return linuxAlarms.send(n.id, opts).then(
          () => options.onShown?.(n),
          (error: unknown) => {
            const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
            options.log?.(`notification ${n.id} could not be shown: ${reason}`);
            options.onFailed?.(n, reason);
          },
        );
      }
      send ??= defaultSend();
      const deliver = await send;
      await new Promise<void>((resolve) => {
        deliver(opts, (error, response, metadata) => {
          if (error) {
            const reason = error.message.split('\n')[0] ?? 'unknown error';
            options.log?.(`notification ${n.id} could not be shown: ${reason}`);
            options.onFailed?.(n, reason);
            return resolve();
          }
          options.onShown?.(n);
          if (isClick(response, metadata)) options.onClick(n.target, n.params);
          resolve();
        });
        // Where clicks are awaited the callback comes only after the user acts; handing it over is enough here.
        if (opts.wait === true) resolve();
      });
    },
    withdraw: async (id) => linuxAlarms?.withdraw(id),
    ...(linuxAlarms
      ? { shownAs: (id: string) => linuxAlarms.idOf(id), adopt: (id: string, n: number) => linuxAlarms.adopt(id, n) }
      : {}),
  };
}
