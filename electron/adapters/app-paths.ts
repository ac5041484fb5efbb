// Where the built app's files are, relative to the app folder (the project root in development, app.asar when
// packaged). Files handed to other processes (notification icons) must come from app.asar.unpacked.
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TrayIcon } from '../core/state/tray-menu';
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

/** True only for our bundled renderer page (any query or hash), compared as file paths. */
export function isRendererUrl(url: string, indexHtmlPath: string, platform: NodeJS.Platform): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'file:' || parsed.host !== '') return false;
    parsed.search = '';
    parsed.hash = '';
    const a = normalize(fileURLToPath(parsed));
    const b = normalize(indexHtmlPath);
    return platform === 'win32' ? a.toLowerCase() === b.toLowerCase() : a === b;
  } catch {
    return false;
  }
}
