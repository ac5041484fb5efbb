// A Linux alarm notification that can be taken back. The alarm goes out critical and never expiring
// (os-notification.ts), so once it no longer holds (acknowledged, handed off, muted, its ring over) it must be closed:
// node-notifier's notify-send call keeps no id, so the alarm is sent here with `--print-id`, re-sent under the same id
// (`--replace-id`, no stacked copies after a snooze), and closed with CloseNotification on the session bus.
import { execFile } from 'node:child_process';
import type { NotifierOptions } from './os-notification';

/** Runs a command and hands back its standard output (injected by tests). */
export type RunCommand = (command: string, args: readonly string[]) => Promise<string>;

const TIMEOUT_MS = 5_000;

export const runCommand: RunCommand = (command, args) =>
  new Promise((resolve, reject) => {
    execFile(command, [...args], { timeout: TIMEOUT_MS }, (error, stdout) =>
      error ? reject(new Error(error.message)) : resolve(stdout),
    );
  });

/** notify-send's arguments for node-notifier-style options (timeout in seconds, 0: never expires). */
export function notifySendArgs(options: NotifierOptions, replaceId?: number): string[] {
  const flag = (name: string, key: string): string[] =>
    options[key] === undefined ? [] : [`--${name}=${String(options[key])}`];
  const timeoutSec = typeof options.timeout === 'number' ? options.timeout : 10;
  return [
    ...flag('urgency', 'urgency'),
    `--expire-time=${timeoutSec * 1000}`,
    ...flag('app-name', 'app-name'),
    ...flag('icon', 'icon'),
    ...flag('hint', 'hint'),
    '--print-id',
    ...(replaceId === undefined ? [] : [`--replace-id=${replaceId}`]),
    '--',
    String(options.title ?? ''),
    String(options.message ?? ''),
  ];
}

export const closeNotificationArgs = (id: number): string[] => [
  'call',
  '--session',
  '--dest',
  'org.freedesktop.Notifications',
  '--object-path',
  '/org/freedesktop/Notifications',
  '--method',
  'org.freedesktop.Notifications.CloseNotification',
  String(id),
];

export interface LinuxAlarmNotifications {
  send(key: string, options: NotifierOptions): Promise<void>;
  /** Closes what was sent under `key`; nothing known under it is no error. */
  withdraw(key: string): Promise<void>;
  /** The id notify-send gave what is up under `key`. */
  idOf(key: string): number | undefined;
  /** An earlier run sent `key` as `id` (read back from alarms.json): closed or replaced under it from now on. */
  adopt(key: string, id: number): void;
}

export function linuxAlarmNotifications(run: RunCommand = runCommand): LinuxAlarmNotifications {
  const ids = new Map<string, number>();
  return {
    async send(key, options) {
      const out = await run('notify-send', notifySendArgs(options, ids.get(key)));
      const id = Number.parseInt(out.trim(), 10);
      if (Number.isSafeInteger(id) && id > 0) ids.set(key, id);
    },
    async withdraw(key) {
      const id = ids.get(key);
      if (id === undefined) return;
      ids.delete(key);
      await run('gdbus', closeNotificationArgs(id));
    },
    idOf: (key) => ids.get(key),
    adopt(key, id) {
      if (!ids.has(key) && Number.isSafeInteger(id) && id > 0) ids.set(key, id);
    },
  };
}
