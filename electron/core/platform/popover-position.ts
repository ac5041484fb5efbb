// Where the status popover goes: next to the tray icon, inside the work area of the display the tray is on.
// Pure maths over plain rectangles (Electron's Rectangle shape), so every screen edge and multi-display layout
// (secondary displays may sit at negative coordinates) is tested without a screen.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DisplayArea {
  /** The whole display. */
  bounds: Rect;
  /** The display minus menu bar, taskbar, docks and panels. */
  workArea: Rect;
}

export type TrayEdge = 'top' | 'bottom' | 'left' | 'right';
export type Platform = 'darwin' | 'win32' | 'linux' | (string & {});

export interface PopoverInput {
  /** Tray icon bounds; empty (zero size) where the platform does not report them (Linux AppIndicator). */
  trayBounds: Rect | undefined;
  windowSize: { width: number; height: number };
  displays: readonly DisplayArea[];
  /** Used when the tray bounds are unknown: the cursor is where the user just clicked. */
  cursor?: { x: number; y: number };
  platform: Platform;
  /** Space between the popover and the panel or icon. */
  gapPx?: number;
}

const DEFAULT_GAP_PX = 4;

function contains(r: Rect, p: { x: number; y: number }): boolean {
  return p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height;
}

function distanceTo(r: Rect, p: { x: number; y: number }): number {
  const dx = Math.max(r.x - p.x, 0, p.x - (r.x + r.width));
  const dy = Math.max(r.y - p.y, 0, p.y - (r.y + r.height));
  return Math.hypot(dx, dy);
}

/** The display containing the point, else the nearest one. */
export function displayFor(displays: readonly DisplayArea[], point: { x: number; y: number }): DisplayArea | undefined {
  const hit = displays.find((d) => contains(d.bounds, point));
  if (hit) return hit;
  let best: DisplayArea | undefined;
  for (const d of displays) {
    if (!best || distanceTo(d.bounds, point) < distanceTo(best.bounds, point)) best = d;
  }
  return best;
}

/** Which panel the tray sits in: the side where the work area leaves room, else the nearest display edge. */
export function trayEdge(display: DisplayArea, center: { x: number; y: number }): TrayEdge {
  const { bounds: b, workArea: w } = display;
  if (center.y < w.y) return 'top';
  if (center.y >= w.y + w.height) return 'bottom';
  if (center.x < w.x) return 'left';
  if (center.x >= w.x + w.width) return 'right';
  // Auto-hidden panels leave no gap in the work area: use whichever display edge is closest.
  const gaps: Array<[TrayEdge, number]> = [
    ['top', center.y - b.y],
    ['bottom', b.y + b.height - center.y],
    ['left', center.x - b.x],
    ['right', b.x + b.width - center.x],
  ];
  gaps.sort((a, c) => a[1] - c[1]);
  return gaps[0]?.[0] ?? 'top';
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, Math.max(min, max)));
}

function anchorFor(input: PopoverInput): { x: number; y: number; width: number; height: number } | undefined {
  const t = input.trayBounds;
  if (t && t.width > 0 && t.height > 0) return t;
  if (input.cursor) return { ...input.cursor, width: 0, height: 0 };
  return undefined;
}

/** A corner of the primary work area where that platform's tray usually is, for when nothing better is known. */
function fallbackPosition(input: PopoverInput): { x: number; y: number } {
  const display = input.displays[0];
  if (!display) return { x: 0, y: 0 };
  const w = display.workArea;
  const gap = input.gapPx ?? DEFAULT_GAP_PX;
  const x = w.x + w.width - input.windowSize.width - gap;
  const y = input.platform === 'win32' ? w.y + w.height - input.windowSize.height - gap : w.y + gap;
  return { x: Math.round(Math.max(w.x, x)), y: Math.round(Math.max(w.y, y)) };
}

/** Top-left corner for the popover window, fully inside the work area of the tray's display. */
export function popoverPosition(input: PopoverInput): { x: number; y: number } {
  const anchor = anchorFor(input);
  if (!anchor) return fallbackPosition(input);
  const center = { x: anchor.x + anchor.width / 2, y: anchor.y + anchor.height / 2 };
  const display = displayFor(input.displays, center);
  if (!display) return { x: Math.round(center.x), y: Math.round(center.y) };
  const w = display.workArea;
  const { width, height } = input.windowSize;
  const gap = input.gapPx ?? DEFAULT_GAP_PX;
  let x = center.x - width / 2;
  let y = center.y - height / 2;
  switch (trayEdge(display, center)) {
    case 'top':
      y = w.y + gap;
      break;
    case 'bottom':
      y = w.y + w.height - height - gap;
      break;
    case 'left':
      x = w.x + gap;
      break;
    case 'right':
      x = w.x + w.width - width - gap;
      break;
  }
  return {
    x: Math.round(clamp(x, w.x, w.x + w.width - width)),
    y: Math.round(clamp(y, w.y, w.y + w.height - height)),
  };
}
