// Start at login on Linux: an XDG autostart entry (~/.config/autostart/oncall-tray.desktop), which GNOME, KDE,
// Xfce and most other desktops honour. Pure text and paths here; the adapter writes or removes the file.
// Linux paths only, so path.posix whatever the host (the tests run this on every system).
import { posix } from 'node:path';

const join = (...parts: string[]): string => posix.join(...parts);

export const AUTOSTART_FILE_NAME = 'oncall-tray.desktop';

/** $XDG_CONFIG_HOME/autostart, defaulting to ~/.config/autostart as the XDG base directory spec says. */
export function autostartDir(env: { XDG_CONFIG_HOME?: string | undefined; HOME?: string | undefined }): string {
  const config =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(env.HOME ?? '~', '.config');
  return join(config, 'autostart');
}

/** Quotes one Exec argument per the Desktop Entry spec: reserved characters force quoting; " ` $ \ are escaped. */
export function quoteExecArg(arg: string): string {
  const escapedPercent = arg.replace(/%/g, '%%');
  if (!/[\s"'\\`$<>~|&;*?#()]/.test(escapedPercent) && escapedPercent !== '') return escapedPercent;
  return `"${escapedPercent.replace(/(["`$\\])/g, '\\$1')}"`;
}

export interface AutostartEntry {
  name: string;
  /** The program and its arguments, e.g. the AppImage path, or the installed binary. */
  command: readonly string[];
  comment?: string;
  iconPath?: string;
}

export function autostartDesktopEntry(entry: AutostartEntry): string {
  const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');
  const lines = [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${oneLine(entry.name)}`,
    ...(entry.comment ? [`Comment=${oneLine(entry.comment)}`] : []),
    `Exec=${entry.command.map(quoteExecArg).join(' ')}`,
    ...(entry.iconPath ? [`Icon=${oneLine(entry.iconPath)}`] : []),
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
  ];
  return lines.join('\n') + '\n';
}

/** What the OS says of the login item once set (Electron's app.getLoginItemSettings; `status` on macOS only). */
export interface LoginItemReadback {
  openAtLogin: boolean;
  /** macOS 13+: 'enabled', 'requires-approval', 'not-registered' or 'not-found'. */
  status?: string | undefined;
}

const LOGIN_ITEMS = 'macOS: System Settings → General → Login Items; Windows: Settings → Apps → Startup';

/**
 * Why Start at login is not what Settings asks, from the OS's own answer read back after setting it (macOS may
 * leave the item waiting for the user's approval, or the user may have turned it off there); undefined when they
 * agree. On macOS `status` is the truth (`openAtLogin` says only what was asked for).
 */
export function loginItemProblem(wanted: boolean, read: LoginItemReadback): string | undefined {
  if (read.status === 'requires-approval')
    return wanted ? `Start at login waits for your approval: allow OnCall Tray (${LOGIN_ITEMS}).` : undefined;
  const on = read.status === undefined ? read.openAtLogin : read.status === 'enabled';
  if (wanted && !on) return `Start at login is on, but the system did not register OnCall Tray (${LOGIN_ITEMS}).`;
  if (!wanted && on) return `Start at login is off, but the system still starts OnCall Tray at login (${LOGIN_ITEMS}).`;
  return undefined;
}
