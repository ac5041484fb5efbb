// When the system refuses a notification (electron-notifier.ts's or notifier.ts's onFailed; macOS also by silence), the reminder still reaches the user: its
// window opens (the one a click would have opened: the status popover for a shift start, with the schedule), a
// message box in the app says what it was and why it came this way, and readiness is asked again, so the
// "Ready for your shift" list names the problem and the tray shows its problem icon. Electron is injected, so this
// runs in plain Node under test.
import type { NotificationRequest } from '../core/ports';
import type { ViewName } from '../shared/ipc-contract';
import { MAC_NOTIFICATION_FIX } from './electron-notifier';

export interface FallbackMessage {
  type: 'warning';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
}

export interface NotificationFallbackOptions {
  openWindow(target: ViewName, params?: Record<string, string>): void;
  /** Electron's dialog.showMessageBox, without a parent window (the app may have none open). */
  showMessage(message: FallbackMessage): Promise<unknown>;
  /** Asks readiness again now (the engine's check), so the state and the tray say what is wrong. */
  recheck(): void;
  /** Which system's words the message uses; default macOS. */
  platform?: NodeJS.Platform;
  log?: (message: string) => void;
}

/** What to do where notify-send (Linux) or a toast (Windows) failed; macOS has its own (a signed build). */
export const SYSTEM_NOTIFICATION_FIX: Partial<Record<NodeJS.Platform, string>> = {
  linux:
    "Check that your desktop's notification service is running (notify-send must show a notification). Until " +
    'then, reminders open the OnCall Tray window; alarms in your calendar (Export my shifts…) remain a second channel.',
  win32:
    'Allow OnCall Tray in Settings → System → Notifications. Until then, reminders open the OnCall Tray window; ' +
    'alarms in your calendar (Export my shifts…) remain a second channel.',
};

export function fallbackMessage(
  n: NotificationRequest,
  error: string,
  platform: NodeJS.Platform = 'darwin',
): FallbackMessage {
  const why =
    platform === 'darwin'
      ? `macOS did not show this as a notification (${error}). ${MAC_NOTIFICATION_FIX}`
      : `The system did not show this as a notification (${error}). ${SYSTEM_NOTIFICATION_FIX[platform] ?? SYSTEM_NOTIFICATION_FIX.linux}`;
  return { type: 'warning', title: 'OnCall Tray', message: n.title, detail: `${n.body}\n\n${why}`, buttons: ['OK'] };
}

export function notificationFallback(o: NotificationFallbackOptions): (n: NotificationRequest, error: string) => void {
  return (n, error) => {
    // An alarm's own window is already ringing on every display (alarm-window.ts): a message box over it would
    // only hide it. Readiness still learns the system path failed.
    // Called from a notifier's callback: a throw here would be uncaught in main, so each step is guarded alone.
    const step = (what: string, run: () => unknown): void => {
      try {
        const done = run();
        if (done instanceof Promise) done.catch((e: unknown) => o.log?.(`fallback ${what}: ${String(e)}`));
      } catch (e) {
        o.log?.(`fallback ${what}: ${String(e)}`);
      }
    };
    if (n.alarm !== true) {
      step('window', () => o.openWindow(n.target, n.params));
      step('message', () => o.showMessage(fallbackMessage(n, error, o.platform)));
    }
    step('recheck', () => o.recheck());
  };
}
