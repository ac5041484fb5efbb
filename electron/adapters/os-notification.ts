// The one pure function that says how a notification goes out on each OS, so Linux tests prove every branch's
// content. A shift-start alarm is loud and stays: Linux critical urgency (shown through Do Not Disturb, never
// expires), a Windows toast of its own XML (scenario "alarm", long duration, looping alarm sound, the three
// actions), macOS not silent with a sound and the actions (Electron can't set an interruption level there: the
// alarm window, alarm-window-spec.ts, is what reaches the user through Focus). Every other reminder stays as it was:
// quiet and informational. Types only from Electron, so this runs in plain Node.
import type { NotificationConstructorOptions } from 'electron';
import type { NotificationRequest } from '../core/ports';

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

const TIMEOUT_SEC = 10;

/** The body as text under the freedesktop notification spec's markup (&, <, > as entities): a name from a file or
 *  the service ("<a href=…>Berlin</a> <b>primary</b> &amp;") is shown as it is written, never rendered as a link
 *  or bold (issue 52). The summary is plain text to the spec, so only the body is escaped. */
export function escapeBodyMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The node-notifier options for one notification on one platform. */
export function notificationOptions(n: NotificationRequest, id: NotifierIdentity): NotifierOptions {
  const linux = id.platform !== 'darwin' && id.platform !== 'win32';
  const base: NotifierOptions = { title: n.title, message: linux ? escapeBodyMarkup(n.body) : n.body };
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

/** The alarm's buttons, in order; `id` is what an activation reports back (ALARM_ACTION_ARGUMENT). */
export const ALARM_ACTIONS = [
  { id: 'ack', label: 'I’m on it' },
  { id: 'snooze', label: 'Snooze 5 min' },
  { id: 'cover', label: 'Can’t — find cover' },
] as const;
export type AlarmActionId = (typeof ALARM_ACTIONS)[number]['id'];

/** Windows' own looping alarm sound (ms-winsoundevent), the one alarm-clock apps use. */
export const WINDOWS_ALARM_SOUND = 'ms-winsoundevent:Notification.Looping.Alarm';
/** A system sound macOS has on every Mac (in /System/Library/Sounds). */
export const MAC_ALARM_SOUND = 'Glass';

export type OsNotification =
  { via: 'node-notifier'; options: NotifierOptions } | { via: 'electron'; options: NotificationConstructorOptions };

/** A button, or `open`: a click on the toast's body (it opens the alarm window). */
export type AlarmActivation = AlarmActionId | 'open';

/** What a toast's activation carries: `oncall-alarm:<activation>:<notification id>`. */
export const alarmActionArgument = (action: AlarmActivation, id: string): string => `oncall-alarm:${action}:${id}`;

/** Reads an activation argument back; undefined for anything else. */
export function parseAlarmActionArgument(arg: string): { action: AlarmActivation; id: string } | undefined {
  const m = /^oncall-alarm:(ack|snooze|cover|open):(.+)$/.exec(arg);
  const action = m?.[1];
  if (action !== 'ack' && action !== 'snooze' && action !== 'cover' && action !== 'open') return undefined;
  return m?.[2] ? { action, id: m[2] } : undefined;
}

/** What XML 1.0's Char production forbids (C0 controls but tab and newlines, U+FFFE/FFFF, lone surrogates): not even
 *  as a character reference, so a conforming parser rejects the whole toast (adv50 r24 #3: "Ops\u000b(EU)"). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** XML text and attribute escaping: a schedule called `A & B <ops>` must not break (or inject into) the toast; a
 *  control character a service name carries is shown as a space, any other character XML can't hold as U+FFFD. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHAR, (c) => (c < ' ' ? ' ' : '\uFFFD'))
    .replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

/** The Windows alarm toast: "alarm" keeps it on screen until acted on and loops the sound; "urgent" (Windows 11's
 *  important notifications) is the fallback scenario where alarms are not allowed to break through Focus. */
export function alarmToastXml(n: NotificationRequest, scenario: 'alarm' | 'urgent' = 'alarm'): string {
  const actions = ALARM_ACTIONS.map(
    (a) =>
      `<action content="${escapeXml(a.label)}" arguments="${escapeXml(alarmActionArgument(a.id, n.id))}" activationType="foreground"/>`,
  ).join('');
  return (
    `<toast scenario="${scenario}" duration="long" launch="${escapeXml(alarmActionArgument('open', n.id))}">` +
    `<visual><binding template="ToastGeneric"><text>${escapeXml(n.title)}</text><text>${escapeXml(n.body)}</text></binding></visual>` +
    `<audio src="${WINDOWS_ALARM_SOUND}" loop="true"/>` +
    `<actions>${actions}</actions>` +
    `</toast>`
  );
}

function alarmNotification(n: NotificationRequest, id: NotifierIdentity): OsNotification {
  switch (id.platform) {
    case 'win32':
      // node-notifier's toaster can't take XML: Electron's Notification can (toastXml).
      return { via: 'electron', options: { title: n.title, body: n.body, toastXml: alarmToastXml(n) } };
    case 'darwin':
      return {
        via: 'electron',
        options: {
          title: n.title,
          body: n.body,
          silent: false,
          sound: MAC_ALARM_SOUND,
          timeoutType: 'never',
          actions: ALARM_ACTIONS.map((a) => ({ type: 'button' as const, text: a.label })),
        },
      };
    default: {
      // timeout 0: "never expires" to notify-send (node-notifier multiplies it to ms; `wait` would set 5 s).
      const { wait: _wait, ...rest } = notificationOptions(n, id);
      return { via: 'node-notifier', options: { ...rest, urgency: 'critical', timeout: 0 } };
    }
  }
}

/** How `n` is delivered on `id.platform`: an alarm loud (above), anything else as before (quiet, informational). */
export function osNotification(n: NotificationRequest, id: NotifierIdentity): OsNotification {
  if (n.alarm === true) return alarmNotification(n, id);
  if (id.platform === 'darwin') return { via: 'electron', options: { title: n.title, body: n.body, silent: true } };
  return { via: 'node-notifier', options: notificationOptions(n, id) };
}
