// The Notifier port on Electron's own Notification, used on macOS: Notification Center natively (arm64 too), each
// notification attributed to OnCall Tray (its icon, its entry in System Settings → Notifications, its Focus filters).
// node-notifier goes there through terminal-notifier, an x86_64 binary that needs Rosetta on Apple silicon and posts
// as "terminal-notifier". Electron is injected (main.ts passes its Notification), so this file imports only types and
// runs in plain Node under test. What to announce is the core's decision; this delivers and reports clicks.
import type { NotificationConstructorOptions } from 'electron';
import type { NotificationHealthResult } from '../core/readiness/readiness';
import type { ViewName } from '../shared/ipc-contract';
import type { NotificationRequest, Notifier } from '../core/ports';
import { osNotification } from './os-notification';

/** The part of an Electron Notification this adapter uses. */
export interface ShownNotification {
  once(event: 'click', listener: () => void): unknown;
  once(event: 'show', listener: () => void): unknown;
  once(event: 'close', listener: () => void): unknown;
  once(event: 'failed', listener: (event: unknown, error: string) => void): unknown;
  /** macOS: a button was pressed (its index among the options' `actions`); optional in fakes. */
  on?(event: 'action', listener: (event: unknown, index: number) => void): unknown;
  show(): void;
  /** Takes it off screen (Electron's Notification.close()); optional in fakes. */
  close?(): void;
}

/** Electron's Notification class, as main.ts hands it over. */
export interface ElectronNotifications {
  isSupported(): boolean;
  create(options: NotificationConstructorOptions): ShownNotification;
}

/** The options of one notification: title and text, silent (as node-notifier's were); macOS shows the app's icon.
 *  An alarm is loud (os-notification.ts: sound and actions on macOS, the alarm toast XML on Windows). */
export function electronNotificationOptions(
  n: NotificationRequest,
  platform: NodeJS.Platform = 'darwin',
): NotificationConstructorOptions {
  const chosen = osNotification(n, { appName: 'OnCall Tray', appId: '', platform });
  return chosen.via === 'electron' ? chosen.options : { title: n.title, body: n.body, silent: true };
}

export interface ElectronNotifierOptions {
  notifications: ElectronNotifications;
  onClick(target: ViewName, params?: Record<string, string>): void;
  /**
   * macOS did not show `n` (a `failed` event: since Electron 42 notifications go through UNNotification, which
   * refuses a bundle without a coherent code signature; or notifications unsupported): the caller shows it some
   * other way the user will see. Called once per notification.
   */
  onFailed?(n: NotificationRequest, error: string): void;
  log?: (message: string) => void;
  /** A button of an alarm notification (macOS reports its index): the caller hands it to the engine. */
  onAction?(n: NotificationRequest, index: number): void;
  /** The system showed `n` (its `show` event): on Windows a failure before it no longer stands. */
  onShown?(n: NotificationRequest): void;
  /** Where it runs: macOS for every notification, Windows for alarms only (their toast XML); default macOS. */
  platform?: NodeJS.Platform;
  /** macOS: how long a notification may go neither shown nor refused before it is shown the other way. */
  silenceLimitMs?: number;
  /** Injected by tests; defaults to an unref'd setTimeout. */
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
}

/** macOS may meet an unsigned or disallowed build with silence rather than a `failed` event: after this, the
 *  notification counts as not shown (the "within a few seconds"). */
export const MAC_SILENCE_LIMIT_MS = 5_000;

function realTimer(run: () => void, ms: number): { cancel(): void } {
  const t = setTimeout(run, ms);
  t.unref?.();
  return { cancel: () => clearTimeout(t) };
}

export interface ElectronNotifier extends Notifier {
  withdraw(id: string): Promise<void>;
  showing(): number;
  /** Why the last notification was not shown, until one is shown again (undefined: none has failed). */
  failure(): string | undefined;
}

export function createElectronNotifier(options: ElectronNotifierOptions): ElectronNotifier {
  // A notification nothing refers to may be garbage-collected, and its click is then lost: each is held until it is
  // clicked, closed or has failed.
  const live = new Set<ShownNotification>();
  /** The last alarm shown per request id, so an alarm that no longer holds can be withdrawn. */
  const byId = new Map<string, ShownNotification>();
  let failure: string | undefined;
  return {
    async notify(n) {
      let fellBack = false;
      const fallBack = (error: string): void => {
        failure = error;
        options.log?.(`notification ${n.id} could not be shown: ${error}`);
        if (fellBack) return;
        fellBack = true;
        options.onFailed?.(n, error);
      };
      if (!options.notifications.isSupported()) return fallBack('Electron reports notifications unsupported');
      let shown: ShownNotification;
      try {
        shown = options.notifications.create(electronNotificationOptions(n, options.platform));
      } catch (error) {
        return fallBack(String(error));
      }
      live.add(shown);
      if (n.alarm === true) byId.set(n.id, shown);
      shown.once('click', () => (live.delete(shown), options.onClick(n.target, n.params)));
      shown.once('close', () => void live.delete(shown));
      if (n.alarm === true && options.onAction) shown.on?.('action', (_event, index) => options.onAction?.(n, index));
      const silence = watchSilence(options, () => fallBack(silenceError(options)));
      shown.once('show', () => (silence?.cancel(), (failure = undefined), options.onShown?.(n)));
      shown.once('failed', (_event, error) => {
        silence?.cancel();
        live.delete(shown);
        fallBack(error);
      });
      // Once macOS has refused one, the next is shown the other way at once, not only after its own refusal (which
      // may never come: an unsigned build can also be met with silence). Posting it still lets a fixed setup show.
      const knownFailure = failure;
      shown.show();
      if (knownFailure !== undefined && !fellBack) {
        fellBack = true;
        options.onFailed?.(n, knownFailure);
      }
    },
    async withdraw(id) {
      const shown = byId.get(id);
      byId.delete(id);
      if (shown) live.delete(shown);
      shown?.close?.();
    },
    showing: () => live.size,
    failure: () => failure,
  };
}

/** Only on macOS, where neither event may come; elsewhere a refusal is reported. */
function watchSilence(options: ElectronNotifierOptions, onSilence: () => void): { cancel(): void } | undefined {
  if ((options.platform ?? 'darwin') !== 'darwin') return undefined;
  return (options.setTimer ?? realTimer)(onSilence, options.silenceLimitMs ?? MAC_SILENCE_LIMIT_MS);
}

function silenceError(options: ElectronNotifierOptions): string {
  const seconds = Math.round((options.silenceLimitMs ?? MAC_SILENCE_LIMIT_MS) / 1000);
  return `macOS neither showed nor refused it within ${seconds} s`;
}

/** What the user can do when macOS refuses this build's notifications, and what still reaches them meanwhile. */
export const MAC_NOTIFICATION_FIX =
  'Install a signed release of OnCall Tray (or sign this build with a Developer ID), then allow OnCall Tray in ' +
  'System Settings → Notifications. Until then, reminders open the OnCall Tray window and the tray icon shows ' +
  'this problem; alarms in your calendar (Export my shifts…) remain a second channel.';

/**
 * Readiness, of this path: whether Electron can post here, and whether macOS refused the last one (a `failed`
 * event); Focus and the app's own setting can't be read.
 */
export function electronNotificationHealth(
  notifications: Pick<ElectronNotifications, 'isSupported'>,
  failure: () => string | undefined = () => undefined,
): () => Promise<NotificationHealthResult> {
  return async () => {
    const refused = notifications.isSupported() ? failure() : 'Electron reports notifications unsupported';
    if (refused !== undefined) {
      return {
        result: 'problem',
        message: `macOS won't show notifications from this build: ${refused}. ${MAC_NOTIFICATION_FIX}`,
      };
    }
    return {
      result: 'unknown',
      message:
        "Notifications go to Notification Center as OnCall Tray; whether Focus, Do Not Disturb or OnCall Tray's own setting (System Settings → Notifications) holds them back can't be checked here.",
    };
  };
}
