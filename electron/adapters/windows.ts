// Our two windows, created lazily: the frameless status popover next to the tray (hidden on blur) and the
// quick-action window for the forms. Both load only our own bundled page, run sandboxed with context isolation,
// and can neither navigate nor open windows. Which page is "ours" is decided here, for the IPC sender check.
import { BrowserWindow, screen, type Rectangle, type WebContents } from 'electron';
import { popoverPosition } from '../core/platform/popover-position';
import { isRendererUrl } from './app-paths';
import type { PayloadOf, PushEvent, ViewName } from '../shared/ipc-contract';

const POPOVER_SIZE = { width: 360, height: 520 };
const ACTION_SIZE = { width: 440, height: 640 };
/** "Larger…": the week in a window wider than the popover's 360 px (as a form's 440 px was: not larger at all). */
const WEEK_SIZE = { width: 960, height: 600 };
const sizeFor = (view: ViewName): { width: number; height: number } => (view === 'week' ? WEEK_SIZE : ACTION_SIZE);
/** A click on the tray blurs the open popover first; that click must not reopen it at once. */
const REOPEN_GUARD_MS = 300;

export interface WindowManagerOptions {
  preloadPath: string;
  /** The page to load, app://renderer/index.html; the view goes in its query. */
  indexUrl: string;
  platform: NodeJS.Platform;
  iconPath?: string;
  now?: () => number;
}

export interface WindowManager {
  toggleStatus(trayBounds?: Rectangle): void;
  /** Creates and loads the popover hidden, so the first click on the tray shows a page that is already live. */
  prepareStatus(): void;
  /**
   * Whether the popover exists (its page loaded or loading). Until it is created again, no page asks for main's
   * prerender: the page that is there gets the state by push.
   */
  hasStatus(): boolean;
  open(view: ViewName, params?: Record<string, string>, trayBounds?: Rectangle): void;
  /** Closes (hides, for the popover) the window showing these web contents. */
  closeFor(webContentsId: number): void;
  ownWebContentsIds(): ReadonlySet<number>;
  isOwnUrl(url: string): boolean;
  push<E extends PushEvent>(event: E, payload: PayloadOf<E>): void;
  /** Calls `listener` each time the status popover is shown. */
  onStatusShown(listener: () => void): void;
  destroyAll(): void;
}

/** Applied to every web contents the app ever creates: no navigation, no new windows, no <webview>. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

function createPopover(o: WindowManagerOptions): BrowserWindow {
  return new BrowserWindow({
    ...POPOVER_SIZE,
    show: false,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    alwaysOnTop: true,
    title: 'OnCall Tray',
    ...(o.iconPath ? { icon: o.iconPath } : {}),
    webPreferences: {
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
      // Middle-click must not open links in new windows.
      disableBlinkFeatures: 'Auxclick',
      // electronegativity PRELOAD_JS_CHECK (MEDIUM, manual review) points here: reviewed. The preload
      // (electron/preload.ts) exposes only the typed contract's channel names, never ipcRenderer itself.
      preload: o.preloadPath,
    },
  });
}

function createActionWindow(o: WindowManagerOptions, size: { width: number; height: number }): BrowserWindow {
  return new BrowserWindow({
    ...size,
    minWidth: 360,
    minHeight: 480,
    show: false,
    autoHideMenuBar: true,
    fullscreenable: false,
    title: 'OnCall Tray',
    ...(o.iconPath ? { icon: o.iconPath } : {}),
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      disableBlinkFeatures: 'Auxclick',
      // PRELOAD_JS_CHECK: reviewed, as for the popover above.
      preload: o.preloadPath,
    },
  });
}

type NavigateTarget = PayloadOf<'navigate'>;

const targetOf = (view: ViewName, params?: Record<string, string>): NavigateTarget => ({
  view,
  ...(params ? { params } : {}),
});

type Params = Record<string, string>;

/** Loading and navigating a window's page: a request made while its page is still loading is kept, not dropped,
 *  and the newest one is sent when the page is ready (the query only gives the first paint). */
function pages(o: WindowManagerOptions) {
  const targets = new WeakMap<BrowserWindow, NavigateTarget>();
  return {
    load(win: BrowserWindow, kind: 'popover' | 'action', view: ViewName, params?: Params) {
      hardenWebContents(win.webContents);
      win.removeMenu();
      targets.set(win, targetOf(view, params));
      win.webContents.once('did-finish-load', () =>
        win.webContents.send('navigate', targets.get(win) ?? targetOf(view, params)),
      );
      const url = new URL(o.indexUrl);
      url.search = new URLSearchParams({ window: kind, view }).toString();
      void win.loadURL(url.href);
    },
    navigate(win: BrowserWindow, view: ViewName, params?: Params) {
      const target = targetOf(view, params);
      targets.set(win, target);
      if (!win.webContents.isLoading()) win.webContents.send('navigate', target);
    },
  };
}
type Pages = ReturnType<typeof pages>;

function place(o: WindowManagerOptions, win: BrowserWindow, trayBounds?: Rectangle) {
  const position = popoverPosition({
    trayBounds,
    windowSize: POPOVER_SIZE,
    displays: screen.getAllDisplays(),
    cursor: screen.getCursorScreenPoint(),
    platform: o.platform,
  });
  win.setPosition(position.x, position.y, false);
}

/** The status popover: made once (hidden until shown), hidden on blur, and not reopened by the same click. */
function popoverPart(o: WindowManagerOptions, page: Pages) {
  const now = o.now ?? Date.now;
  let popover: BrowserWindow | undefined;
  let popoverHiddenAt = 0;
  const statusShown = new Set<() => void>();
  /** The popover, created and loaded (hidden) if it does not exist yet. */
  function ensure(params?: Params): { win: BrowserWindow; created: boolean } {
    if (popover && !popover.isDestroyed()) return { win: popover, created: false };
    const win = createPopover(o);
    win.on('blur', () => {
      popoverHiddenAt = now();
      win.hide();
    });
    win.on('closed', () => (popover = undefined));
    page.load(win, 'popover', 'status', params);
    popover = win;
    return { win, created: true };
  }
  function show(trayBounds?: Rectangle, params?: Params) {
    const { win, created } = ensure(params);
    if (!created) page.navigate(win, 'status', params);
    place(o, win, trayBounds);
    win.show();
    win.focus();
    for (const listener of statusShown) listener();
  }
  return {
    ensure,
    show,
    toggle(trayBounds?: Rectangle) {
      if (popover && !popover.isDestroyed() && popover.isVisible()) return void popover.hide();
      if (now() - popoverHiddenAt < REOPEN_GUARD_MS) return;
      show(trayBounds);
    },
    current: () => popover,
    onShown: (listener: () => void) => void statusShown.add(listener),
    forget: () => (popover = undefined),
  };
}

/** The action window (forms and the week): one at a time, navigated in place. */
function actionPart(o: WindowManagerOptions, page: Pages) {
  let action: BrowserWindow | undefined;
  let actionView: ViewName | undefined;
  return {
    show(view: ViewName, params?: Params) {
      if (!action || action.isDestroyed()) {
        const win = createActionWindow(o, sizeFor(view));
        win.on('closed', () => (action = undefined));
        win.once('ready-to-show', () => win.show());
        page.load(win, 'action', view, params);
        action = win;
        actionView = view;
        return;
      }
      // The week and a form want different sizes: resized only when going from one to the other.
      if ((view === 'week') !== (actionView === 'week')) action.setSize(sizeFor(view).width, sizeFor(view).height);
      actionView = view;
      page.navigate(action, view, params);
      action.show();
      action.focus();
    },
    current: () => action,
    forget: () => (action = undefined),
  };
}

export function createWindowManager(o: WindowManagerOptions): WindowManager {
  const page = pages(o);
  const status = popoverPart(o, page);
  const action = actionPart(o, page);
  const windows = () =>
    [status.current(), action.current()].filter((w): w is BrowserWindow => w !== undefined && !w.isDestroyed());
  return {
    toggleStatus: (trayBounds) => status.toggle(trayBounds),
    prepareStatus() {
      status.ensure();
    },
    hasStatus() {
      const popover = status.current();
      return popover !== undefined && !popover.isDestroyed();
    },
    open(view, params, trayBounds) {
      if (view === 'status') status.show(trayBounds, params);
      else action.show(view, params);
    },
    closeFor(webContentsId) {
      for (const win of windows()) {
        if (win.webContents.id !== webContentsId) continue;
        if (win === status.current()) win.hide();
        else win.close();
      }
    },
    onStatusShown: (listener) => status.onShown(listener),
    ownWebContentsIds: () => new Set(windows().map((w) => w.webContents.id)),
    isOwnUrl: (url) => isRendererUrl(url),
    push(event, payload) {
      for (const win of windows()) win.webContents.send(event, payload);
    },
    destroyAll() {
      for (const win of windows()) win.destroy();
      status.forget();
      action.forget();
    },
  };
}
