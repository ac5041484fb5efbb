// Where the built app's files are, relative to the app folder (the project root in development, app.asar when
// packaged). Files handed to other processes (notification icons) must come from app.asar.unpacked.
import { join } from 'node:path';
import type { TrayIcon } from '../core/tray-menu';
import { trayIconPath } from './tray';

export const APP_ID = 'com.oncalltray.app';
export const APP_NAME = 'OnCall Tray';
export const DESKTOP_ENTRY = 'oncall-tray';

export interface AppPaths {
  preload: string;
  indexHtml: string;
  appIcon: string;
  /** The app icon as a path other processes can read (outside the asar archive). */
  externalAppIcon: string;
  trayIcon(icon: TrayIcon): string;
}

export function unpackedPath(path: string): string {
  return path.replace(/app\.asar(?=[\\/])/, 'app.asar.unpacked');
}

export function appPaths(appDir: string, platform: NodeJS.Platform): AppPaths {
  const dist = join(appDir, 'dist');
  const icons = join(dist, 'icons');
  const appIcon = join(icons, 'app.png');
  return {
    preload: join(dist, 'main', 'preload.cjs'),
    indexHtml: join(dist, 'renderer', 'index.html'),
    appIcon,
    externalAppIcon: unpackedPath(appIcon),
    trayIcon: (icon) => trayIconPath(icons, icon, platform),
  };
}
