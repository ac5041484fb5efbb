// What `npm run screenshots` needs besides the browser: palette compression when pngquant is there (the images are
// kept as rendered, larger, when it isn't: a missing optional tool is said in one line, not a stack trace), and the
// tray-icon legend's images, copied from the icons the app ships (build/icons/tray, made by `npm run icons`).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Takes a page's screenshot as docs/screenshots/<name>.png. */
export type Shot = (page: Page, name: string) => Promise<void>;

/** The tray states the README's legend shows, as named in electron/core/state/tray-menu.ts (`TrayIcon`). */
export const TRAY_STATES = ['oncall', 'soon', 'attention', 'off', 'paused', 'problem'] as const;

const SCHEMES = ['light', 'dark'];
const both = (names: readonly string[]): string[] => names.flatMap((n) => SCHEMES.map((s) => `${n}-${s}`));

/** Every image `npm run screenshots` makes, as docs/screenshots/<name>.png: the docs show these and only these
 *  (test/docs-links.test.ts), and a full run checks that it wrote each one. */
export const DOCS_IMAGES: readonly string[] = [
  ...TRAY_STATES.map((s) => `tray-${s}`),
  ...both(['settings-quiet-hours', 'week-view']),
  'quick-override',
  'who-could-cover',
  ...both(['popover-asks-you', 'popover-soon', 'popover-oncall', 'popover-offline']),
  ...both(['popover-two-accounts', 'popover-two-accounts-cards', 'settings-accounts', 'week-two-accounts']),
  ...both(['team-two-accounts', 'away-plan', 'swap-preview', 'swap-ask-cover']),
  'away-ask-cover-light',
  'swap-half-light',
  'swap-done-light',
  'away-handed-off-light',
  ...both(['alarm-window', 'settings-phone']),
];

/** The images of DOCS_IMAGES not written since `sinceMs` (a full run that missed one must say so). */
export async function imagesNotWritten(out: string, sinceMs: number): Promise<string[]> {
  const stale: string[] = [];
  for (const name of DOCS_IMAGES) {
    const written = await stat(join(out, `${name}.png`)).then(
      (s) => s.mtimeMs,
      () => 0,
    );
    if (written < sinceMs) stale.push(name);
  }
  return stale;
}

/** Whether `pngquant` can be run here. */
export function pngquantFound(command = 'pngquant'): boolean {
  const probe = spawnSync(command, ['--version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

/** What to say when pngquant is missing (undefined when it is there). */
export function pngquantNotice(found: boolean): string | undefined {
  return found
    ? undefined
    : 'pngquant not found: the screenshots are kept as rendered (larger PNGs). For palette PNGs install it ' +
        '(apt-get install pngquant, brew install pngquant) and run `npm run screenshots` again.';
}

/** An optimiser: pngquant's palette PNG when it is there, else the rendered file moved into place. */
export function optimiserFor(found: boolean): (from: string, to: string) => Promise<void> {
  if (!found) return (from, to) => rename(from, to);
  return async (from, to) => {
    execFileSync('pngquant', ['--quality=70-95', '--strip', '--force', '--output', to, '--', from]);
  };
}

/** The legend's icons: each state's @2x PNG (the size a HiDPI tray shows) as docs/screenshots/tray-<state>.png. */
export async function copyTrayIcons(out: string): Promise<void> {
  for (const state of TRAY_STATES)
    await copyFile(join(ROOT, 'build', 'icons', 'tray', `${state}@2x.png`), join(out, `tray-${state}.png`));
}
