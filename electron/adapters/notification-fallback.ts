// When macOS refuses a notification (electron-notifier.ts's onFailed), the reminder still reaches the user: its
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
  log?: (message: string) => void;
}

export function fallbackMessage(n: NotificationRequest, error: string): FallbackMessage {
  return {
    type: 'warning',
    title: 'OnCall Tray',
    message: n.title,
    detail: `${n.body}\n\nmacOS did not show this as a notification (${error}). ${MAC_NOTIFICATION_FIX}`,
    buttons: ['OK'],
  };
}

export function notificationFallback(o: NotificationFallbackOptions): (n: NotificationRequest, error: string) => void {
  return (n, error) => {
    o.openWindow(n.target, n.params);
    o.showMessage(fallbackMessage(n, error)).catch((e: unknown) => o.log?.(`fallback message: ${String(e)}`));
    o.recheck();
  };
}
