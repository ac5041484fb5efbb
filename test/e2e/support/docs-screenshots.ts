// `tsx test/e2e/support/docs-screenshots.ts [--forms]`: renders the README's two screenshots (status popover, quick
// override) from the built renderer against the demo seed, into docs/screenshots/ as palette PNGs (needs pngquant:
// apt-get install pngquant). `--forms` renders only the form (quick override).
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, openApp } from './browser';
import { startHost } from './host';
import { ensureRendererBuilt, ROOT } from './renderer-build';

const out = join(ROOT, 'docs', 'screenshots');

function optimise(from: string, to: string): void {
  execFileSync('pngquant', ['--quality=70-95', '--strip', '--force', '--output', to, '--', from]);
}

await ensureRendererBuilt();
await mkdir(out, { recursive: true });
const host = await startHost('configured');
const browser = await launchChromium();
const formsOnly = process.argv.includes('--forms');

async function statusShot(): Promise<void> {
  const status = await openApp(browser, host);
  await status.page.getByRole('heading', { name: 'Data Tokyo' }).waitFor();
  await status.page.locator('body').click({ position: { x: 1, y: 1 } });
  await status.page.screenshot({ path: join(out, 'raw-status.png') });
  optimise(join(out, 'raw-status.png'), join(out, 'status-popover.png'));
  await status.context.close();
}

async function overrideShot(): Promise<void> {
  const override = await openApp(browser, host, { kind: 'action', view: 'override', height: 440 });
  await override.page.getByLabel('Next 2 h').check();
  await override.page.getByTestId('preview-window').waitFor();
  await override.page.locator('body').click({ position: { x: 1, y: 1 } });
  await override.page.screenshot({ path: join(out, 'raw-override.png') });
  optimise(join(out, 'raw-override.png'), join(out, 'quick-override.png'));
  await override.context.close();
}

try {
  if (!formsOnly) await statusShot();
  await overrideShot();
} finally {
  await browser.close();
  await host.close();
  execFileSync('rm', ['-f', join(out, 'raw-status.png'), join(out, 'raw-override.png')]);
}
