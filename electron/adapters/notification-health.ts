// Whether notifications can be shown right now, asked of the desktop itself (readiness before a shift). Linux: the
// notification server over D-Bus (present? paused, as dunst says; `Inhibited`, as KDE says) and GNOME's "show
// banners" setting. macOS and Windows do not tell an app whether Focus / Do Not Disturb is on: "can't be checked
// here", never "ok". Plain Node (dbus-send, gsettings), so `npm run status` can use it too. Never throws.
import { execFile } from 'node:child_process';
import type { NotificationHealthResult } from '../core/readiness/readiness';

export type Run = (
  command: string,
  args: readonly string[],
) => Promise<{ ok: boolean; stdout: string; stderr?: string }>;

const runFile: Run = (command, args) =>
  new Promise((resolve) => {
    execFile(command, [...args], { timeout: 3_000 }, (error, stdout, stderr) =>
      resolve({ ok: !error, stdout: String(stdout), stderr: String(stderr) }),
    );
  });

/** dbus-send could not reach a session bus at all (no desktop session, e.g. over ssh): nothing can be asked. */
const noBus = (stderr: string | undefined): boolean =>
  /Failed to open connection|Unable to autolaunch|No such file or directory/i.test(stderr ?? '');

const DEST = ['--session', '--print-reply', '--dest=org.freedesktop.Notifications', '/org/freedesktop/Notifications'];

async function property(run: Run, iface: string, name: string): Promise<boolean | undefined> {
  const answer = await run('dbus-send', [
    ...DEST,
    'org.freedesktop.DBus.Properties.Get',
    `string:${iface}`,
    `string:${name}`,
  ]);
  if (!answer.ok) return undefined;
  const m = /boolean (true|false)/.exec(answer.stdout);
  return m ? m[1] === 'true' : undefined;
}

/** The server's name ("dunst"), null when no notification server answers, undefined when there is no bus to ask. */
export async function serverName(run: Run): Promise<string | null | undefined> {
  const answer = await run('dbus-send', [...DEST, 'org.freedesktop.Notifications.GetServerInformation']);
  if (!answer.ok) return noBus(answer.stderr) ? undefined : null;
  return /string "([^"]*)"/.exec(answer.stdout)?.[1] ?? 'a notification server';
}

export async function linuxNotificationHealth(run: Run = runFile): Promise<NotificationHealthResult> {
  const server = await serverName(run);
  if (server === undefined)
    return { result: 'unknown', message: "Notifications can't be checked: no desktop session bus to ask." };
  if (server === null)
    return { result: 'problem', message: 'No notification server answers on this desktop: start one (e.g. dunst).' };
  if ((await property(run, 'org.dunstproject.cmd0', 'paused')) === true) {
    return {
      result: 'problem',
      // dunst 1.9 holds even a critical notification while paused: it shows when they resume (adv50 r18 #2).
      message:
        'Notifications are paused (dunst): the alarm notification waits until they resume; only the alarm window rings — resume them with dunstctl set-paused false.',
      quietWhy: 'dunst is paused and holds its notification',
    };
  }
  if ((await property(run, 'org.freedesktop.Notifications', 'Inhibited')) === true) {
    return {
      result: 'problem',
      message: 'Do Not Disturb is on: notifications are held back.',
      quietWhy: 'Do Not Disturb is on',
    };
  }
  const banners = await run('gsettings', ['get', 'org.gnome.desktop.notifications', 'show-banners']);
  if (banners.ok && banners.stdout.trim() === 'false') {
    return {
      result: 'problem',
      message: 'Notification banners are off (GNOME Settings → Notifications → Do Not Disturb).',
      quietWhy: 'notification banners are off',
    };
  }
  return { result: 'ok', message: `Notifications can be shown (${server}).` };
}

/** The check for this platform. */
export function notificationHealth(
  platform: NodeJS.Platform = process.platform,
  run: Run = runFile,
): () => Promise<NotificationHealthResult> {
  if (platform === 'linux') return () => linuxNotificationHealth(run);
  const where = platform === 'darwin' ? 'macOS does' : platform === 'win32' ? 'Windows does' : 'This system does';
  const answer: NotificationHealthResult = {
    result: 'unknown',
    message: `Notifications can't be checked here: ${where} not tell apps whether Focus or Do Not Disturb is on.`,
  };
  return async () => answer;
}
