// The Notifier port on node-notifier: notify-send on Linux, toasts on Windows (notifications.ts picks it there; on
// macOS the app uses Electron's Notification, electron-notifier.ts, and the darwin options below serve only
// node-notifier used without Electron). No Electron import, so the same code delivers a real notification to dunst in
// the system tests. What to announce (and whether, per the user's reminder settings) is the core's decision; this
// only delivers and reports clicks.
import type { ViewName } from '../shared/ipc-contract';
import type { NotificationRequest, Notifier } from '../core/ports';

export interface NotifierIdentity {
  appName: string;
  /** Absolute path readable by other processes (outside asar): notify-send and the toaster load it themselves. */
  iconPath?: string;
  /** Windows AppUserModelID; must match electron-builder's appId so toasts are attributed to the app. */
  appId: string;
  /** Linux desktop entry name (without .desktop), so the notification server groups it under the app. */
  desktopEntry?: string;
  platform: NodeJS.Platform;
}

export type NotifierOptions = Record<string, string | number | boolean>;
export type NotifyCallback = (error: Error | null, response: string, metadata?: { activationType?: string }) => void;
export type SendNotification = (options: NotifierOptions, callback: NotifyCallback) => void;

const TIMEOUT_SEC = 10;

/** The node-notifier options for one notification on one platform. */
export function notificationOptions(n: NotificationRequest, id: NotifierIdentity): NotifierOptions {
  const base: NotifierOptions = { title: n.title, message: n.body };
  const icon: NotifierOptions = id.iconPath ? { icon: id.iconPath } : {};
  switch (id.platform) {
    case 'darwin':
      // terminal-notifier cannot take another app's name; the icon goes beside the text. wait: clicks are reported.
      return {
        ...base,
        ...(id.iconPath ? { contentImage: id.iconPath } : {}),
        wait: true,
        timeout: TIMEOUT_SEC,
        sound: false,
      };
    case 'win32':
      return { ...base, ...icon, appID: id.appId, wait: true };
    default:
      // notify-send reports no clicks: the notification only informs; the tray menu is one click away.
      return {
        ...base,
        ...icon,
        'app-name': id.appName,
        urgency: 'normal',
        timeout: TIMEOUT_SEC,
        ...(id.desktopEntry ? { hint: `string:desktop-entry:${id.desktopEntry}` } : {}),
      };
  }
}

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
  return {
    async notify(n) {
      send ??= defaultSend();
      const deliver = await send;
      const opts = notificationOptions(n, options.identity);
      await new Promise<void>((resolve) => {
        deliver(opts, (error, response, metadata) => {
          if (error) options.log?.(`notification ${n.id} could not be shown: ${error.message.split('\n')[0]}`);
          else if (isClick(response, metadata)) options.onClick(n.target, n.params);
          resolve();
        });
        // Where clicks are awaited the callback comes only after the user acts; handing it over is enough here.
        if (opts.wait === true) resolve();
      });
    },
  };
}
