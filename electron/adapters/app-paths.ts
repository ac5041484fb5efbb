// Where the built app's files are, relative to the app folder (the project root in development, app.asar when
// packaged). Files handed to other processes (notification icons) must come from app.asar.unpacked.
import { pathFor } from '../core/platform/desktop-platform';
import type { TrayIcon } from '../core/state/tray-menu';
import { APP_SCHEME, RENDERER_HOST } from './app-protocol';
import { trayIconPath } from './tray';

export const APP_ID = 'com.oncalltray.app';
export const APP_NAME = 'OnCall Tray';
export const DESKTOP_ENTRY = 'oncall-tray';

export interface AppPaths {
  preload: string;
  /** The built renderer folder, the only one app:// serves. */
  rendererDir: string;
  /** The popover's prerender bundle (Vite's SSR build), loaded by main. */
  prerender: string;
  appIcon: string;
  /** The app icon as a path other processes can read (outside the asar archive). */
  externalAppIcon: string;
  trayIcon: (icon: TrayIcon) => string;
}

export function unpackedPath(path: string): string {
  return path.replace(/app\.asar(?=[\\/])/, 'app.asar.unpacked');
}

export function appPaths(appDir: string, platform: NodeJS.Platform): AppPaths {
  const paths = pathFor(platform);
  const join = (...parts: string[]): string => paths.join(...parts);
  const dist = join(appDir, 'dist');
  const icons = join(dist, 'icons');
  const appIcon = join(icons, 'app.png');
  return {
    preload: join(dist, 'main', 'preload.cjs'),
    rendererDir: join(dist, 'renderer'),
    prerender: join(dist, 'renderer-ssr', 'prerender.cjs'),
    appIcon,
    externalAppIcon: unpackedPath(appIcon),
    trayIcon: (icon) => trayIconPath(icons, icon, platform),
  };
}

/** True only for our renderer page, app://renderer/index.html (any query or hash). */
export function isRendererUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === RENDERER_HOST && parsed.pathname === '/index.html';
  } catch {
    return false;
  }
}
