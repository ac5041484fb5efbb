// What the desktop shell (main.ts) builds once and hands to the pieces it wires, and the shell's one log line format.
import type { LocalZone } from '../core/platform/local-zone';
import type { AppPaths } from './app-paths';
import type { DemoSession } from './demo';
import type { createExternalOpener } from './external';
import type { watchForUpdates } from './update-check';
import type { WindowManager } from './windows';
import type { AlarmWindows } from './alarm-window';

export const log = (message: string): void => console.log(`[oncall] ${message}`);

export interface Context {
  platform: NodeJS.Platform;
  paths: AppPaths;
  demo: DemoSession | undefined;
  windows: WindowManager;
  updates: ReturnType<typeof watchForUpdates>;
  openExternal: ReturnType<typeof createExternalOpener>;
  /** The system's zone, followed (not Intl's, which main keeps from launch): every time main shows is in it. */
  zone: LocalZone;
  /** The shift-start alarm's windows (one per display), the engine's AlarmSurface. */
  alarms: AlarmWindows;
}
