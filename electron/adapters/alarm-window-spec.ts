// The alarm window, as data: one frameless window per display, always on top at the level that stays over
// full-screen apps ('screen-saver'), visible on every workspace including full-screen ones, and keeping the display
// awake while it rings. Pure (types only from Electron) so its content is tested in plain Node; the adapter that
// opens it (alarm-window.ts) only hands these options to BrowserWindow.
import type { BrowserWindowConstructorOptions } from 'electron';

export interface DisplayArea {
  id: number;
  bounds: { x: number; y: number; width: number; height: number };
}

export interface AlarmWindowSpec {
  displayId: number;
  options: BrowserWindowConstructorOptions;
  /** BrowserWindow.setAlwaysOnTop(true, level): 'screen-saver' is above full-screen windows on macOS and Windows. */
  alwaysOnTopLevel: 'screen-saver';
  /** setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true }): shown over a full-screen Space on macOS. */
  visibleOnFullScreen: true;
  /** powerSaveBlocker.start('prevent-display-sleep') while ringing. */
  keepDisplayAwake: true;
}

const WIDTH = 520;
const HEIGHT = 340;

/** One window per display, centred on it. */
export function alarmWindowSpecs(displays: readonly DisplayArea[], preloadPath: string): AlarmWindowSpec[] {
  return displays.map((d) => ({
    displayId: d.id,
    alwaysOnTopLevel: 'screen-saver',
    visibleOnFullScreen: true,
    keepDisplayAwake: true,
    options: {
      x: Math.round(d.bounds.x + (d.bounds.width - WIDTH) / 2),
      y: Math.round(d.bounds.y + (d.bounds.height - HEIGHT) / 2),
      width: WIDTH,
      height: HEIGHT,
      frame: false,
      alwaysOnTop: true,
      fullscreenable: false,
      resizable: false,
      minimizable: false,
      skipTaskbar: false,
      show: false,
      title: 'OnCall Tray — shift starting',
      webPreferences: {
        preload: preloadPath,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        // The sound must loop without a click first.
        autoplayPolicy: 'no-user-gesture-required',
        // A window behind others (another display's) still counts down and plays.
        backgroundThrottling: false,
      },
    },
  }));
}
