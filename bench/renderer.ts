// Renderer budget: JS ≤ 60 KB and CSS ≤ 15 KB gzip (all of dist/renderer/assets, zlib at its default level), and
// the status popover's first render with data ≤ 150 ms after navigation start in Debian's Chromium, against the
// e2e host (real engine + simulator, demo seed). Exports sections for bench/sections.ts; also runs on its own:
// `tsx bench/renderer.ts` writes bench/reports/renderer.json.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium, openApp } from '../test/e2e/support/browser';
import { startHost } from '../test/e2e/support/host';
import { ensureRendererBuilt, RENDERER_DIR } from '../test/e2e/support/renderer-build';
import { passes, round, type Figure, type Section } from './types';

const KB = 1024;
const LOADS = 7;

async function gzipSizes(): Promise<{ js: number; css: number; files: string[] }> {
  await ensureRendererBuilt();
  const dir = join(RENDERER_DIR, 'assets');
  const names = await readdir(dir);
  let js = 0;
  let css = 0;
  for (const name of names) {
    const size = gzipSync(await readFile(join(dir, name))).length;
    if (name.endsWith('.js')) js += size;
    else if (name.endsWith('.css')) css += size;
  }
  return { js, css, files: names };
}

async function bundleFigures(): Promise<Figure[]> {
  const { js, css, files } = await gzipSizes();
  const note = `${files.length} files in dist/renderer/assets`;
  return [
    { name: 'renderer JS, gzip', value: round(js / KB, 1), unit: 'KB', max: 60, note },
    { name: 'renderer CSS, gzip', value: round(css / KB, 1), unit: 'KB', max: 15 },
  ];
}

/** performance.now() when the popover first painted with data, read from the DOM marker App.svelte sets. */
async function firstRenderFigures(): Promise<Figure[]> {
  await ensureRendererBuilt();
  const host = await startHost('configured');
  const browser = await launchChromium();
  const samples: number[] = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      const app = await openApp(browser, host);
      await app.page.waitForSelector('html[data-rendered]');
      samples.push(Number(await app.page.getAttribute('html', 'data-rendered')));
      await app.context.close();
    }
  } finally {
    await browser.close();
    await host.close();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  const worst = sorted[sorted.length - 1] ?? NaN;
  return [
    { name: 'status popover first render (median)', value: median, unit: 'ms', max: 150, note: `${LOADS} cold loads, 3 schedules, each in a fresh context` },
    { name: 'status popover first render (worst)', value: worst, unit: 'ms', note: `samples: ${samples.join(', ')}` },
  ];
}

export const RENDERER_SECTIONS: Section[] = [
  { id: 'renderer-bundle', title: 'Renderer bundle size', report: 'renderer', run: bundleFigures },
  { id: 'renderer-render', title: 'Status popover first render (Chromium)', report: 'renderer', run: firstRenderFigures },
];

async function main(): Promise<number> {
  const sections = [];
  let failed = 0;
  for (const section of RENDERER_SECTIONS) {
    process.stdout.write(`${section.title}\n`);
    const figures = await section.run();
    for (const f of figures) {
      const verdict = f.max === undefined ? '    ' : passes(f) ? 'PASS' : 'FAIL';
      process.stdout.write(`  ${verdict}  ${f.name}: ${f.value} ${f.unit}${f.max === undefined ? '' : ` (target ≤ ${f.max} ${f.unit})`}\n`);
      if (!passes(f)) failed++;
    }
    sections.push({ section: section.id, title: section.title, figures });
  }
  const dir = fileURLToPath(new URL('./reports', import.meta.url));
  await mkdir(dir, { recursive: true });
  const report = { generatedAt: new Date().toISOString(), node: process.version, platform: `${process.platform}-${process.arch}`, sections };
  await writeFile(join(dir, 'renderer.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write('report: bench/reports/renderer.json\n');
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (cause: unknown) => {
      process.stderr.write(`bench: ${cause instanceof Error ? cause.stack ?? cause.message : String(cause)}\n`);
      process.exit(1);
    },
  );
}
