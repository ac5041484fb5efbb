// What differs between the three desktops the app ships for, in one table: the tray icon's file, how "Start at
// login" is made true, and the path module for the system's paths. The app reads it, and so do the tests, which run
// every platform's row on any host (path.win32 works on Linux), so a Linux machine checks the Windows and macOS
// branches it can reach. Anything not named darwin or win32 is treated as Linux (the app's only other target).
import path from 'node:path';

export const DESKTOP_PLATFORMS = ['linux', 'darwin', 'win32'] as const;
export type DesktopPlatform = (typeof DESKTOP_PLATFORMS)[number];

/** The part of node:path the app uses for the system's paths; path.posix or path.win32. */
export type PathModule = typeof path.posix;

/** xdg-autostart: a desktop entry in ~/.config/autostart. login-items: Electron's app.setLoginItemSettings. */
export type AutostartMechanism = 'xdg-autostart' | 'login-items';

export interface PlatformTraits {
  /** The tray icon's file name under dist/icons/tray: a template image on macOS (@2x found by Electron), .ico on Windows. */
  trayIconFile(icon: string): string;
  autostart: AutostartMechanism;
  path: PathModule;
  /** The tray tooltip's length limit: Windows cuts at 127 characters (NOTIFYICONDATA); macOS and the Linux
   *  StatusNotifier have none documented, so a generous bound keeps a busy tooltip from growing without end. */
  tooltipMaxChars: number;
  /** Whether shortcuts are named with a Mac keyboard's keys (Cmd, Option), as Settings' recorder names them there. */
  macKeys: boolean;
}

const TRAITS: Record<DesktopPlatform, PlatformTraits> = {
  linux: {
    trayIconFile: (icon) => `${icon}.png`,
    autostart: 'xdg-autostart',
    path: path.posix,
    tooltipMaxChars: 1023,
    macKeys: false,
  },
  darwin: {
    trayIconFile: (icon) => `${icon}Template.png`,
    autostart: 'login-items',
    path: path.posix,
    tooltipMaxChars: 1023,
    macKeys: true,
  },
  win32: {
    trayIconFile: (icon) => `${icon}.ico`,
    autostart: 'login-items',
    path: path.win32,
    tooltipMaxChars: 127,
    macKeys: false,
  },
};

export function desktopPlatform(platform: NodeJS.Platform): DesktopPlatform {
  return platform === 'darwin' || platform === 'win32' ? platform : 'linux';
}

export function platformTraits(platform: NodeJS.Platform): PlatformTraits {
  return TRAITS[desktopPlatform(platform)];
}

/** The path module for a platform's own paths (on the host it is node:path itself). */
export function pathFor(platform: NodeJS.Platform): PathModule {
  return platformTraits(platform).path;
}
