// Renders every icon the app ships from the SVG sources in build/icons/src (run: `npm run icons`; the results
// are committed). Tray: per state a Linux/Windows colour PNG (22 px and @2x), a macOS template (18 px and @2x,
// black + alpha) and a Windows .ico; app: build/icon.png (512), build/icon.ico, build/icon.icns, and the
// NxN.png set electron-builder wants for Linux.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { encodeIcns, encodeIco, ICNS_TYPES } from './icon-containers';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'build', 'icons', 'src');
const TRAY = join(ROOT, 'build', 'icons', 'tray');
const APP_SET = join(ROOT, 'build', 'icons', 'app');
const STATES = ['oncall', 'soon', 'off', 'attention', 'problem', 'paused', 'oncall-paused', 'problem-paused'] as const;
const WIN_TRAY_SIZES = [16, 20, 24, 32, 40, 48, 64];
const APP_ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
const LINUX_APP_SIZES = [16, 32, 48, 64, 128, 256, 512];

async function renderer(file: string): Promise<(size: number) => Buffer> {
  const svg = await readFile(join(SRC, file), 'utf8');
  return (size) => Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());
}

async function renderTray(): Promise<void> {
  await mkdir(TRAY, { recursive: true });
  for (const state of STATES) {
    const colour = await renderer(`tray-${state}.svg`);
    const template = await renderer(`tray-${state}-template.svg`);
    await writeFile(join(TRAY, `${state}.png`), colour(22));
    await writeFile(join(TRAY, `${state}@2x.png`), colour(44));
    await writeFile(join(TRAY, `${state}Template.png`), template(18));
    await writeFile(join(TRAY, `${state}Template@2x.png`), template(36));
    await writeFile(join(TRAY, `${state}.ico`), encodeIco(WIN_TRAY_SIZES.map((size) => ({ size, png: colour(size) }))));
  }
}

async function renderApp(): Promise<void> {
  const app = await renderer('app.svg');
  await mkdir(APP_SET, { recursive: true });
  await writeFile(join(ROOT, 'build', 'icon.png'), app(512));
  for (const size of LINUX_APP_SIZES) await writeFile(join(APP_SET, `${size}x${size}.png`), app(size));
  await writeFile(join(ROOT, 'build', 'icon.ico'), encodeIco(APP_ICO_SIZES.map((size) => ({ size, png: app(size) }))));
  const sizes = new Set(ICNS_TYPES.map((t) => t.size));
  await writeFile(join(ROOT, 'build', 'icon.icns'), encodeIcns(new Map([...sizes].map((s) => [s, app(s)]))));
}

await renderTray();
await renderApp();
console.log('icons rendered into build/');
