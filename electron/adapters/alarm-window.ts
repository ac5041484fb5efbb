// The alarm window (AlarmSurface): one window per display, from alarm-window-spec.ts, always on top at the
// 'screen-saver' level, on every workspace including full-screen ones, the display kept awake while it rings. It
// loads our own page with ?window=alarm (the renderer's alarm view), which asks 'alarm:get' for what it rings for.
// Closes on close(key) and after its ring limit (alarm-ringing.ts decides which alarm is shown and when it ends).
import { BrowserWindow, powerSaveBlocker, screen } from 'electron';
import type { AlarmSurface } from '../core/alarm/surface';
import type { Clock } from '../core/ports';
import type { AlarmView } from '../shared/alarm-view';
import { shownAlarm } from '../shared/alarm-words';
import { alarmWindowSpecs } from './alarm-window-spec';
import { RingingAlarms, type RingStep } from './alarm-ringing';
import { hardenWebContents } from './windows';

export interface AlarmWindowsOptions {
  preloadPath: string;
  /** The page to load, app://renderer/index.html. */
  indexUrl: string;
  clock: Pick<Clock, 'now' | 'setTimer'>;
  log?: (message: string) => void;
}

export interface AlarmWindows extends AlarmSurface {
  /** What 'alarm:get' answers: the alarm the windows show, or null. */
  current(): AlarmView | null;
  /** The clock the windows ring by: 'alarm:get' words the alarm at its now. */
  now(): number;
  /** For the IPC sender check: the alarm windows' web contents are ours too. */
  ownWebContentsIds(): ReadonlySet<number>;
  destroyAll(): void;
}

function openOne(spec: ReturnType<typeof alarmWindowSpecs>[number], indexUrl: string): BrowserWindow {
  // The same hardening as the app's other windows (windows.ts), on top of the spec's sandbox and isolation.
  const win = new BrowserWindow({
    ...spec.options,
    webPreferences: {
      ...spec.options.webPreferences,
      // Said here too, not only in the spec: the security lint reads the BrowserWindow call itself.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  hardenWebContents(win.webContents);
  win.removeMenu();
  win.setAlwaysOnTop(true, spec.alwaysOnTopLevel);
  win.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: spec.visibleOnFullScreen });
  win.once('ready-to-show', () => {
    win.show();
    win.focus();
  });
  const url = new URL(indexUrl);
  url.search = new URLSearchParams({ window: 'alarm' }).toString();
  void win.loadURL(url.href);
  return win;
}

export function createAlarmWindows(o: AlarmWindowsOptions): AlarmWindows {
  const ringing = new RingingAlarms();
  let open: BrowserWindow[] = [];
  let blocker: number | undefined;
  let cancelTimer: (() => void) | undefined;

  const live = () => open.filter((w) => !w.isDestroyed());
  function closeWindows(): void {
    for (const win of live()) win.destroy();
    open = [];
    if (blocker !== undefined && powerSaveBlocker.isStarted(blocker)) powerSaveBlocker.stop(blocker);
    blocker = undefined;
  }
  function openWindows(): void {
    const displays = screen.getAllDisplays().map((d) => ({ id: d.id, bounds: d.bounds }));
    open = alarmWindowSpecs(displays, o.preloadPath).map((spec) => openOne(spec, o.indexUrl));
    // Asleep displays ring nobody: every spec asks for this (keepDisplayAwake).
    blocker ??= powerSaveBlocker.start('prevent-display-sleep');
  }
  function apply(steps: RingStep[]): void {
    for (const step of steps) {
      if (step.kind === 'close') closeWindows();
      else if (step.kind === 'open') openWindows();
      else for (const win of live()) win.webContents.send('alarm:changed', shownAlarm(step.view, o.clock.now()));
    }
    armTimer();
  }
  /** One timer, for the first ring limit: what rang that long closes. */
  function armTimer(): void {
    cancelTimer?.();
    cancelTimer = undefined;
    const deadline = ringing.nextDeadlineMs();
    if (deadline === undefined) return;
    cancelTimer = o.clock.setTimer(Math.max(0, deadline - o.clock.now()), () => {
      o.log?.('alarm window: rang its limit, closed');
      apply(ringing.expire(o.clock.now()));
    });
  }

  return {
    show: (view) => apply(ringing.show(view, o.clock.now())),
    close: (key) => apply(ringing.close(key)),
    current: () => ringing.current(),
    now: () => o.clock.now(),
    ownWebContentsIds: () => new Set(live().map((w) => w.webContents.id)),
    destroyAll() {
      cancelTimer?.();
      closeWindows();
    },
  };
}
