// The OS tools the system tests drive. On Linux a missing tool is a failure with the apt package to install,
// never a silent skip: .ci/run installs them (gnome-keyring, dunst, xvfb, libnotify-bin, dbus-x11).
import { spawnSync } from 'node:child_process';

const PACKAGE_OF: Record<string, string> = {
  'dbus-run-session': 'dbus (dbus-daemon) / dbus-x11',
  'dbus-monitor': 'dbus (dbus-bin)',
  'dbus-send': 'dbus (dbus-bin)',
  'gnome-keyring-daemon': 'gnome-keyring',
  dunst: 'dunst',
  dunstctl: 'dunst',
  'notify-send': 'libnotify-bin',
  'xvfb-run': 'xvfb',
};

export function requireTools(tools: readonly string[]): void {
  const missing = tools.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
  if (missing.length > 0) {
    const hint = missing.map((t) => `${t} (apt: ${PACKAGE_OF[t] ?? 'unknown'})`).join(', ');
    throw new Error(`System test needs tools that are not installed: ${hint}. Install them with apt-get.`);
  }
}
