// The app data folder, computed the way Electron's app.getPath('userData') does (appData + product name), so
// plain-Node tools (the status command) read the same settings, cache and keychain account as the app.
import { homedir } from 'node:os';
import { pathFor } from '../platform/desktop-platform';

export const PRODUCT_NAME = 'OnCall Tray';

export interface PathEnv {
  APPDATA?: string | undefined;
  XDG_CONFIG_HOME?: string | undefined;
}

/** Electron's `appData`: %APPDATA% on Windows, ~/Library/Application Support on macOS, $XDG_CONFIG_HOME or ~/.config elsewhere. */
export function appDataDir(platform: NodeJS.Platform, env: PathEnv, home: string): string {
  const paths = pathFor(platform);
  const join = (...parts: string[]): string => paths.join(...parts);
  if (platform === 'win32') return env.APPDATA && env.APPDATA !== '' ? env.APPDATA : join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(home, '.config');
}

/** Electron's `userData` for this app. */
export function userDataDir(
  platform: NodeJS.Platform = process.platform,
  env: PathEnv = process.env,
  home: string = homedir(),
): string {
  return pathFor(platform).join(appDataDir(platform, env, home), PRODUCT_NAME);
}
