import { describe, expect, it } from 'vitest';
import {
  displayFor,
  popoverPosition,
  trayEdge,
  type DisplayArea,
  type Rect,
} from '../../../electron/core/platform/popover-position';

const size = { width: 360, height: 520 };
const gapPx = 4;

function display(bounds: Rect, inset: { top?: number; bottom?: number; left?: number; right?: number }): DisplayArea {
  const top = inset.top ?? 0;
  const left = inset.left ?? 0;
  return {
    bounds,
    workArea: {
      x: bounds.x + left,
      y: bounds.y + top,
      width: bounds.width - left - (inset.right ?? 0),
      height: bounds.height - top - (inset.bottom ?? 0),
    },
  };
}

function inside(pos: { x: number; y: number }, area: Rect): boolean {
  return (
    pos.x >= area.x &&
    pos.y >= area.y &&
    pos.x + size.width <= area.x + area.width &&
    pos.y + size.height <= area.y + area.height
  );
}

describe('popover next to the tray', () => {
  it('hangs below a macOS menu-bar icon, centred under it', () => {
    const mac = display({ x: 0, y: 0, width: 1440, height: 900 }, { top: 25 });
    const tray = { x: 1000, y: 0, width: 24, height: 24 };
    const pos = popoverPosition({ trayBounds: tray, windowSize: size, displays: [mac], platform: 'darwin', gapPx });
    expect(pos).toEqual({ x: 1012 - 180, y: 25 + gapPx });
    expect(inside(pos, mac.workArea)).toBe(true);
  });

  it('sits above a Windows taskbar icon at the bottom, pushed left to stay on screen', () => {
    const win = display({ x: 0, y: 0, width: 1920, height: 1080 }, { bottom: 40 });
    const tray = { x: 1800, y: 1044, width: 32, height: 32 };
    const pos = popoverPosition({ trayBounds: tray, windowSize: size, displays: [win], platform: 'win32', gapPx });
    expect(pos).toEqual({ x: 1920 - 360, y: 1040 - 520 - gapPx });
    expect(inside(pos, win.workArea)).toBe(true);
  });

  it('opens to the right of a taskbar on the left edge', () => {
    const win = display({ x: 0, y: 0, width: 1920, height: 1080 }, { left: 60 });
    const tray = { x: 14, y: 900, width: 32, height: 32 };
    const pos = popoverPosition({ trayBounds: tray, windowSize: size, displays: [win], platform: 'win32', gapPx });
    expect(pos.x).toBe(60 + gapPx);
    expect(pos.y).toBe(1080 - 520); // centred on the icon would overflow the bottom: clamped
    expect(inside(pos, win.workArea)).toBe(true);
  });

  it('opens to the left of a taskbar on the right edge, centred on the icon', () => {
    const win = display({ x: 0, y: 0, width: 1920, height: 1080 }, { right: 60 });
    const tray = { x: 1874, y: 400, width: 32, height: 32 };
    const pos = popoverPosition({ trayBounds: tray, windowSize: size, displays: [win], platform: 'win32', gapPx });
    expect(pos).toEqual({ x: 1860 - 360 - gapPx, y: 416 - 260 });
  });

  it('stays on the secondary display at negative coordinates where the tray is', () => {
    const primary = display({ x: 0, y: 0, width: 2560, height: 1440 }, { top: 25 });
    const secondary = display({ x: -1920, y: -200, width: 1920, height: 1080 }, { top: 25 });
    const tray = { x: -40, y: -200, width: 24, height: 24 }; // near the right end of the secondary's menu bar
    const pos = popoverPosition({
      trayBounds: tray,
      windowSize: size,
      displays: [primary, secondary],
      platform: 'darwin',
      gapPx,
    });
    expect(pos).toEqual({ x: -360, y: -175 + gapPx }); // clamped to the secondary's right edge, not the primary
    expect(inside(pos, secondary.workArea)).toBe(true);
  });

  it('uses the nearest display edge when the panel auto-hides and the work area is the whole display', () => {
    const win = display({ x: 0, y: 0, width: 1920, height: 1080 }, {});
    const tray = { x: 1700, y: 1050, width: 30, height: 30 };
    expect(trayEdge(win, { x: 1715, y: 1065 })).toBe('bottom');
    const pos = popoverPosition({ trayBounds: tray, windowSize: size, displays: [win], platform: 'win32', gapPx });
    expect(pos.y).toBe(1080 - 520 - gapPx);
    expect(inside(pos, win.workArea)).toBe(true);
  });

  it('falls back to the cursor when the tray reports empty bounds (Linux AppIndicator)', () => {
    const linux = display({ x: 0, y: 0, width: 1920, height: 1080 }, { top: 32 });
    const pos = popoverPosition({
      trayBounds: { x: 0, y: 0, width: 0, height: 0 },
      cursor: { x: 1850, y: 10 },
      windowSize: size,
      displays: [linux],
      platform: 'linux',
      gapPx,
    });
    expect(pos).toEqual({ x: 1920 - 360, y: 32 + gapPx });
  });

  it('without tray bounds or cursor, uses the corner where the platform keeps its tray', () => {
    const area = display({ x: 0, y: 0, width: 1920, height: 1080 }, { bottom: 40 });
    const onWindows = popoverPosition({
      trayBounds: undefined,
      windowSize: size,
      displays: [area],
      platform: 'win32',
      gapPx,
    });
    expect(onWindows).toEqual({ x: 1920 - 360 - gapPx, y: 1040 - 520 - gapPx });
    const onLinux = popoverPosition({
      trayBounds: undefined,
      windowSize: size,
      displays: [area],
      platform: 'linux',
      gapPx,
    });
    expect(onLinux).toEqual({ x: 1920 - 360 - gapPx, y: gapPx });
  });

  it('picks the nearest display for a point in a gap between displays', () => {
    const left = display({ x: 0, y: 0, width: 1000, height: 800 }, {});
    const right = display({ x: 1100, y: 0, width: 1000, height: 800 }, {});
    expect(displayFor([left, right], { x: 1090, y: 10 })).toBe(right);
    expect(displayFor([left, right], { x: 1010, y: 10 })).toBe(left);
  });
});
