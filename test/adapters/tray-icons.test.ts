import { existsSync, readFileSync } from 'node:fs';
import { join, posix, win32 } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { trayIconPath } from '../../electron/adapters/tray';
import type { TrayIcon } from '../../electron/core/state/tray-menu';
import { pngSize } from '../../scripts/icon-containers';

const BUILD = join(process.cwd(), 'build');
const ICONS = join(BUILD, 'icons');
const STATES: TrayIcon[] = [
  'oncall',
  'soon',
  'off',
  'attention',
  'problem',
  'paused',
  'oncall-paused',
  'problem-paused',
];

function render(svgFile: string, size: number) {
  const svg = readFileSync(join(ICONS, 'src', svgFile), 'utf8');
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render();
}

function icoSizes(ico: Buffer): number[] {
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => ico.readUInt8(6 + 16 * i) || 256);
}

describe('tray icons shipped in build/', () => {
  it('has an icon for every state on every platform, where the tray adapter looks for it', () => {
    for (const state of STATES) {
      for (const platform of ['linux', 'darwin', 'win32'] as const) {
        // The path as that platform writes it, read back here with that platform's own path module.
        const pathOn = platform === 'win32' ? win32 : posix;
        const file = pathOn.relative(pathOn.join(ICONS, 'tray'), trayIconPath(ICONS, state, platform));
        expect(existsSync(join(ICONS, 'tray', file)), `${state} ${platform}`).toBe(true);
      }
      expect(existsSync(join(ICONS, 'tray', `${state}@2x.png`))).toBe(true);
      expect(existsSync(join(ICONS, 'tray', `${state}Template@2x.png`))).toBe(true);
    }
  });

  it('has the sizes each platform expects: 22/44 px on Linux, 18/36 px templates, multi-size .ico', () => {
    for (const state of STATES) {
      const at = (name: string) => pngSize(readFileSync(join(ICONS, 'tray', name)));
      expect(at(`${state}.png`)).toEqual({ width: 22, height: 22 });
      expect(at(`${state}@2x.png`)).toEqual({ width: 44, height: 44 });
      expect(at(`${state}Template.png`)).toEqual({ width: 18, height: 18 });
      expect(at(`${state}Template@2x.png`)).toEqual({ width: 36, height: 36 });
      expect(icoSizes(readFileSync(join(ICONS, 'tray', `${state}.ico`)))).toEqual([16, 20, 24, 32, 40, 48, 64]);
    }
  });

  it('macOS templates are black plus alpha only, and every state has a different shape', () => {
    const shapes = new Set<string>();
    for (const state of STATES) {
      const pixels = render(`tray-${state}-template.svg`, 36).pixels;
      for (let i = 0; i < pixels.length; i += 4) {
        if (pixels[i + 3] === 0) continue;
        expect([pixels[i], pixels[i + 1], pixels[i + 2]]).toEqual([0, 0, 0]);
      }
      shapes.add(Buffer.from(pixels).toString('base64'));
    }
    expect(shapes.size).toBe(STATES.length);
  });

  it('committed PNGs are the current renders of their SVG sources (run `npm run icons` after editing one)', () => {
    for (const state of STATES) {
      expect(
        readFileSync(join(ICONS, 'tray', `${state}@2x.png`)).equals(
          Buffer.from(render(`tray-${state}.svg`, 44).asPng()),
        ),
        state,
      ).toBe(true);
      expect(
        readFileSync(join(ICONS, 'tray', `${state}Template.png`)).equals(
          Buffer.from(render(`tray-${state}-template.svg`, 18).asPng()),
        ),
        state,
      ).toBe(true);
    }
    expect(readFileSync(join(BUILD, 'icon.png')).equals(Buffer.from(render('app.svg', 512).asPng()))).toBe(true);
  });

  it('has the app icon as 512 px PNG, .ico up to 256 px and .icns up to 1024 px', () => {
    expect(pngSize(readFileSync(join(BUILD, 'icon.png')))).toEqual({ width: 512, height: 512 });
    expect(icoSizes(readFileSync(join(BUILD, 'icon.ico')))).toEqual([16, 24, 32, 48, 64, 128, 256]);
    const icns = readFileSync(join(BUILD, 'icon.icns'));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(icns.includes(Buffer.from('ic10', 'latin1'))).toBe(true);
  });
});
