// A recording stand-in for the subset of the `electron` module that main.ts and the adapters use. It records
// calls and lets a test emit app, powerMonitor, tray and window events. Electron's binary is not available here,
// so this is how the composition root runs in tests; its types are checked against electron.d.ts separately.
import { EventEmitter } from 'node:events';

type Listener = (...args: unknown[]) => unknown;

export interface StandInOptions {
  appPath: string;
  userData: string;
  gotLock?: boolean;
  online?: boolean;
  /** Pages finish loading only when a test calls finishLoad() (otherwise on the next microtask). */
  manualLoad?: boolean;
  locale?: string;
  /** Accelerators another app holds: registering them fails. */
  takenShortcuts?: string[];
  /** The system Electron runs on (default: this host): app.dock exists only on macOS, as in Electron. */
  platform?: NodeJS.Platform;
  /** macOS's login item status once set on (default 'enabled'; 'requires-approval' as macOS 13+ may answer). */
  loginItemStatus?: 'enabled' | 'requires-approval';
}

class RecordingEmitter extends EventEmitter {
  emitWith(event: string, ...args: unknown[]): void {
    this.emit(event, ...args);
  }
}

export function createElectronStandIn(options: StandInOptions) {
  const calls: string[] = [];
  let openAtLogin = false;
  const onMac = (options.platform ?? process.platform) === 'darwin';
  const handlers = new Map<string, Listener>();
  const trays: StandInTray[] = [];
  const windows: StandInWindow[] = [];
  const shortcuts = new Map<string, () => void>();
  let nextWebContentsId = 1;
  let online = options.online ?? true;

  class StandInWebContents extends RecordingEmitter {
    readonly id = nextWebContentsId++;
    readonly sent: Array<[string, unknown]> = [];
    windowOpenHandler: unknown;
    loading = false;
    send(channel: string, payload: unknown): void {
      this.sent.push([channel, payload]);
    }
    setWindowOpenHandler(handler: unknown): void {
      this.windowOpenHandler = handler;
    }
    isLoading(): boolean {
      return this.loading;
    }
  }

  class StandInWindow extends RecordingEmitter {
    readonly webContents = new StandInWebContents();
    visible = false;
    destroyed = false;
    /** The URL the window loaded, and its query as an object (the view it was opened on). */
    loaded: { url: string; query: Record<string, string> } | undefined;
    position: [number, number] | undefined;
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push(this);
      calls.push('BrowserWindow');
    }
    loadURL(url: string): Promise<void> {
      this.loaded = { url, query: Object.fromEntries(new URL(url).searchParams) };
      this.webContents.loading = true;
      if (!options.manualLoad) queueMicrotask(() => this.finishLoad());
      return Promise.resolve();
    }
    finishLoad(): void {
      this.webContents.loading = false;
      this.webContents.emitWith('did-finish-load');
    }
    removeMenu(): void {}
    setPosition(x: number, y: number): void {
      this.position = [x, y];
    }
    show(): void {
      this.visible = true;
    }
    hide(): void {
      this.visible = false;
    }
    focus(): void {}
    isVisible(): boolean {
      return this.visible;
    }
    isDestroyed(): boolean {
      return this.destroyed;
    }
    close(): void {
      this.destroy();
    }
    destroy(): void {
      this.destroyed = true;
      this.emitWith('closed');
    }
  }

  class StandInTray extends RecordingEmitter {
    image: string;
    tooltip = '';
    menu: unknown;
    destroyed = false;
    constructor(image: string) {
      super();
      this.image = image;
      trays.push(this);
      calls.push('Tray');
    }
    setImage(image: string): void {
      this.image = image;
    }
    setToolTip(text: string): void {
      this.tooltip = text;
    }
    setContextMenu(menu: unknown): void {
      this.menu = menu;
    }
    /** The menu last popped up (macOS: on right click, as the tray then has no context menu set). */
    popped: unknown;
    popUpContextMenu(menu: unknown): void {
      this.popped = menu;
    }
    destroy(): void {
      this.destroyed = true;
    }
  }

  /** Electron's Notification: each one made is kept, and show() recorded; a test emits its click. */
  const notifications: StandInNotification[] = [];
  class StandInNotification extends RecordingEmitter {
    static isSupported(): boolean {
      return true;
    }
    shown = false;
    constructor(readonly options: Record<string, unknown>) {
      super();
      notifications.push(this);
    }
    show(): void {
      this.shown = true;
      calls.push(`Notification.show ${String(this.options.title)}`);
    }
  }

  const app = Object.assign(new RecordingEmitter(), {
    isPackaged: false,
    dock:
      (options.platform ?? process.platform) === 'darwin' ? { hide: () => void calls.push('dock.hide') } : undefined,
    requestSingleInstanceLock: () => (calls.push('requestSingleInstanceLock'), options.gotLock ?? true),
    whenReady: () => Promise.resolve(),
    getAppPath: () => options.appPath,
    getLocale: () => options.locale ?? 'en-GB',
    getPath: (name: string) => (name === 'userData' ? options.userData : `/tmp/${name}`),
    setAppUserModelId: (id: string) => void calls.push(`setAppUserModelId ${id}`),
    setLoginItemSettings: (s: { openAtLogin: boolean }) => {
      openAtLogin = s.openAtLogin;
      calls.push(`setLoginItemSettings ${JSON.stringify(s)}`);
    },
    // As Electron answers: macOS adds the item's status (SMAppService), which may wait for the user's approval.
    getLoginItemSettings: () => ({
      openAtLogin,
      ...(onMac ? { status: openAtLogin ? (options.loginItemStatus ?? 'enabled') : ('not-registered' as const) } : {}),
    }),
    exit: (code: number) => void calls.push(`exit ${code}`),
    relaunch: (o?: { args?: string[] }) => void calls.push(`relaunch ${JSON.stringify(o?.args ?? [])}`),
    quit(): void {
      calls.push('quit');
      let prevented = false;
      app.emitWith('before-quit', { preventDefault: () => (prevented = true) });
      if (!prevented) calls.push('quit:done');
    },
  });

  const powerMonitor = new RecordingEmitter();
  const session = {
    defaultSession: {
      setPermissionRequestHandler: () => void calls.push('setPermissionRequestHandler'),
      setPermissionCheckHandler: () => void calls.push('setPermissionCheckHandler'),
      webRequest: { onHeadersReceived: () => void calls.push('onHeadersReceived') },
    },
  };
  /** The schemes registered as privileged before ready, and the handlers given to protocol.handle. */
  const protocols = {
    privileged: [] as unknown[],
    handlers: new Map<string, (request: Request) => Promise<Response>>(),
  };
  const protocol = {
    registerSchemesAsPrivileged: (schemes: unknown[]) => void protocols.privileged.push(...schemes),
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
      void protocols.handlers.set(scheme, handler),
    unhandle: (scheme: string) => void protocols.handlers.delete(scheme),
  };
  const display = {
    bounds: { x: 0, y: 0, width: 1920, height: 1080 },
    workArea: { x: 0, y: 32, width: 1920, height: 1048 },
  };

  const module = {
    app,
    BrowserWindow: StandInWindow,
    Tray: StandInTray,
    Notification: StandInNotification,
    Menu: { buildFromTemplate: (template: unknown) => ({ template }) },
    nativeImage: { createFromPath: (p: string) => ({ path: p }) },
    ipcMain: {
      handle: (channel: string, listener: Listener) => void handlers.set(channel, listener),
      removeHandler: (channel: string) => void handlers.delete(channel),
    },
    powerMonitor,
    net: { isOnline: () => online },
    screen: { getAllDisplays: () => [display], getCursorScreenPoint: () => ({ x: 1800, y: 10 }) },
    shell: { openExternal: async (url: string) => void calls.push(`openExternal ${url}`) },
    session,
    protocol,
    globalShortcut: {
      register: (accelerator: string, cb: () => void) =>
        !(options.takenShortcuts ?? []).includes(accelerator) && (shortcuts.set(accelerator, cb), true),
      unregister: (accelerator: string) => void shortcuts.delete(accelerator),
    },
  };

  return {
    module,
    calls,
    handlers,
    trays,
    windows,
    notifications,
    shortcuts,
    protocols,
    setOnline: (value: boolean) => void (online = value),
  };
}

export type ElectronStandIn = ReturnType<typeof createElectronStandIn>;
