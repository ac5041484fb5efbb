// The window manager against the recording stand-in of `electron`, with page loads finished by the test, so the
// order "window opened, another request, page ready" can be played exactly.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElectronStandIn, type ElectronStandIn } from './support/electron-stand-in';

const current = vi.hoisted(() => new Map<'electron', ElectronStandIn>());
vi.mock('electron', () => {
  const use = () => {
    const standIn = current.get('electron');
    if (!standIn) throw new Error('set up the electron stand-in first');
    return standIn.module;
  };
  return {
    get BrowserWindow() {
      return use().BrowserWindow;
    },
    get screen() {
      return use().screen;
    },
  };
});

afterEach(() => current.clear());

async function manager() {
  const standIn = createElectronStandIn({ appPath: '/app', userData: '/tmp/unused', manualLoad: true });
  current.set('electron', standIn);
  const { createWindowManager } = await import('../../electron/adapters/windows');
  const windows = createWindowManager({
    preloadPath: '/app/preload.js',
    indexUrl: 'app://renderer/index.html',
    platform: 'linux',
    now: () => 10_000,
  });
  return { standIn, windows };
}

const navigations = (sent: Array<[string, unknown]>) =>
  sent.filter(([channel]) => channel === 'navigate').map(([, payload]) => payload);

describe('window manager', () => {
  it('shows the latest request, with its params, when a second one arrives while the window is loading', async () => {
    const { standIn, windows } = await manager();
    windows.open('coverage');
    windows.open('override', { scheduleId: 'sch_a' });
    const win = standIn.windows[0];
    if (!win) throw new Error('no window');
    expect(standIn.windows).toHaveLength(1);
    expect(navigations(win.webContents.sent)).toEqual([]);
    win.finishLoad();
    expect(navigations(win.webContents.sent)).toEqual([{ view: 'override', params: { scheduleId: 'sch_a' } }]);
  });

  it('a notification click during the popover load lands on its params; later requests are sent at once', async () => {
    const { standIn, windows } = await manager();
    windows.toggleStatus({ x: 1800, y: 0, width: 24, height: 24 });
    windows.open('status', { scheduleId: 'sch_b' });
    const popover = standIn.windows[0];
    if (!popover) throw new Error('no popover');
    popover.finishLoad();
    expect(navigations(popover.webContents.sent)).toEqual([{ view: 'status', params: { scheduleId: 'sch_b' } }]);
    windows.open('status');
    expect(navigations(popover.webContents.sent).at(-1)).toEqual({ view: 'status' });
  });

  it('prepares the popover hidden at start; the first click shows that page without loading it again', async () => {
    const { standIn, windows } = await manager();
    windows.prepareStatus();
    const popover = standIn.windows[0];
    if (!popover) throw new Error('no popover');
    expect(popover.loaded?.query).toEqual({ window: 'popover', view: 'status' });
    expect(popover.isVisible()).toBe(false);
    popover.finishLoad();
    windows.prepareStatus();
    windows.toggleStatus({ x: 1800, y: 0, width: 24, height: 24 });
    expect(standIn.windows).toHaveLength(1);
    expect(popover.isVisible()).toBe(true);
    expect(navigations(popover.webContents.sent).at(-1)).toEqual({ view: 'status' });
  });

  it('says a popover exists from its creation until it is destroyed (main renders ahead only without one)', async () => {
    const { standIn, windows } = await manager();
    expect(windows.hasStatus()).toBe(false);
    windows.prepareStatus();
    expect(windows.hasStatus()).toBe(true);
    standIn.windows[0]?.finishLoad();
    windows.toggleStatus({ x: 1800, y: 0, width: 24, height: 24 });
    windows.toggleStatus({ x: 1800, y: 0, width: 24, height: 24 });
    expect(windows.hasStatus()).toBe(true);
    standIn.windows[0]?.destroy();
    expect(windows.hasStatus()).toBe(false);
    windows.prepareStatus();
    expect(windows.hasStatus()).toBe(true);
  });
});
