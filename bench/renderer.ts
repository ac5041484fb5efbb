// Renderer budget: the JS the popover loads before its first frame (the entry and what index.html preloads) ≤ 40 KB
// and all views together ≤ 70 KB, CSS ≤ 15 KB gzip (zlib at its default level). The forms load on first use, so
// only the first figure bears on the popover's speed; the total was 60 KB until the forms of the quick-form and
// quiet-hours work (picker, custom window, per-schedule reminders, quiet hours, calendar feed) passed it. And
// the status popover's first render with data ≤ 150 ms after navigation start in Debian's Chromium, against the
// e2e host (real engine + simulator, demo seed). Exports sections for bench/sections.ts; also runs on its own:
// `tsx bench/renderer.ts` writes bench/reports/renderer.json.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium, openApp } from '../test/e2e/support/browser';
import { startHost } from '../test/e2e/support/host';
import { ensureRendererBuilt, RENDERER_DIR } from '../test/e2e/support/renderer-build';
import { passes, round, type Figure, type Section } from './types';

const KB = 1024;
const LOADS = 7;

async function gzipSizes(): Promise<{ js: number; firstJs: number; css: number; files: string[] }> {
  await ensureRendererBuilt();
  const dir = join(RENDERER_DIR, 'assets');
  const names = await readdir(dir);
  // What the page loads at once: the scripts index.html names (entry and modulepreloads); the views come later.
  const html = await readFile(join(RENDERER_DIR, 'index.html'), 'utf8');
  const first = new Set([...html.matchAll(/assets\/([^"']+\.js)/g)].map((m) => m[1]));
  let js = 0;
  let firstJs = 0;
  let css = 0;
  for (const name of names) {
    const size = gzipSync(await readFile(join(dir, name))).length;
    if (name.endsWith('.css')) css += size;
    if (!name.endsWith('.js')) continue;
    js += size;
    if (first.has(name)) firstJs += size;
  }
  return { js, firstJs, css, files: names };
}

async function bundleFigures(): Promise<Figure[]> {
  const { js, firstJs, css, files } = await gzipSizes();
  const note = `${files.length} files in dist/renderer/assets`;
  return [
    { name: 'renderer JS the popover loads first, gzip', value: round(firstJs / KB, 1), unit: 'KB', max: 40 },
    { name: 'renderer JS, all views, gzip', value: round(js / KB, 1), unit: 'KB', max: 70, note },
    { name: 'renderer CSS, gzip', value: round(css / KB, 1), unit: 'KB', max: 15 },
  ];
}

interface Sample {
  /** Navigation start → the first frame with data (App.svelte's marker). */
  renderedMs: number;
  /** The part spent waiting on the test bridge for the first state, after the app's own start-up work. */
  bridgeWaitMs: number;
}

const MARKS = `(() => {
  const m = Object.fromEntries(performance.getEntriesByType('mark').map((e) => [e.name, e.startTime]));
  return { rendered: Number(document.documentElement.dataset.rendered), warm: m['oncall:warm'], state: m['oncall:state'] };
})()`;

function isMarks(v: unknown): v is { rendered: number; warm: number; state: number } {
  return typeof v === 'object' && v !== null && ['rendered', 'warm', 'state'].every((k) => typeof Reflect.get(v, k) === 'number');
}

async function loadOnce(browser: Awaited<ReturnType<typeof launchChromium>>, host: Awaited<ReturnType<typeof startHost>>): Promise<Sample> {
  const app = await openApp(browser, host);
  try {
    await app.page.waitForSelector('html[data-rendered]');
    const m: unknown = await app.page.evaluate(MARKS);
    if (!isMarks(m)) throw new Error('the renderer did not set its performance marks');
    return { renderedMs: m.rendered, bridgeWaitMs: Math.max(0, m.state - m.warm) };
  } finally {
    await app.context.close();
  }
}

// The same measurement on an empty page (one module script, first frame): what a fresh Chromium context costs on
// this machine before any app code runs, to read the figure above against.
const EMPTY_PAGE = '<!doctype html><script type="module" src="/m.js"></script>';
const EMPTY_SCRIPT = 'requestAnimationFrame(() => { document.documentElement.dataset.rendered = String(Math.round(performance.now())); });';

async function emptyPageServer(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const js = req.url === '/m.js';
    res.writeHead(200, { 'content-type': js ? 'text/javascript' : 'text/html' }).end(js ? EMPTY_SCRIPT : EMPTY_PAGE);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { port, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** One load of the empty page in a fresh context, with the same viewport, locale and zone as the popover's. */
async function emptyOnce(browser: Awaited<ReturnType<typeof launchChromium>>, port: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 360, height: 520 }, locale: 'en-GB', timezoneId: 'Europe/Berlin' });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForSelector('html[data-rendered]');
    return Number(await page.getAttribute('html', 'data-rendered'));
  } finally {
    await context.close();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** performance.now() when the popover first painted with data, read from the DOM marker App.svelte sets. */
async function firstRenderFigures(): Promise<Figure[]> {
  await ensureRendererBuilt();
  const host = await startHost('configured');
  const browser = await launchChromium();
  const samples: Sample[] = [];
  let floor: number[] = [];
  try {
    // Two loads warm the browser process and the loopback servers; each measured load is a fresh context. The empty
    // page and the popover alternate, so both see the same machine load and the ratio compares like with like.
    const empty = await emptyPageServer();
    try {
      for (let i = 0; i < 2; i++) (await loadOnce(browser, host), await emptyOnce(browser, empty.port));
      for (let i = 0; i < LOADS; i++) {
        floor.push(await emptyOnce(browser, empty.port));
        samples.push(await loadOnce(browser, host));
      }
    } finally {
      await empty.close();
    }
  } finally {
    await browser.close();
    await host.close();
  }
  const rendered = samples.map((s) => Math.round(s.renderedMs));
  const own = samples.map((s) => Math.round(s.renderedMs - s.bridgeWaitMs));
  const ratio = round(median(rendered) / median(floor), 2);
  return [
    {
      name: 'status popover first frame ÷ empty page first frame (medians, same run)',
      value: ratio,
      unit: '×',
      max: 2,
      note: `popover ${median(rendered)} ms against the empty page's ${median(floor)} ms, loads alternating in fresh contexts`,
    },
    { name: 'status popover first render (median)', value: median(rendered), unit: 'ms', max: 150, note: `navigation start → first frame with data; ${LOADS} cold loads in fresh contexts, 3 schedules` },
    { name: 'status popover first render (worst)', value: Math.max(...rendered), unit: 'ms', note: `samples: ${rendered.join(', ')}` },
    { name: 'first state over the test bridge (median wait)', value: median(samples.map((s) => Math.round(s.bridgeWaitMs))), unit: 'ms', note: 'DevTools binding → host → main\'s IPC adapter → engine; Electron IPC replaces this' },
    { name: 'status popover first render without the bridge wait (median)', value: median(own), unit: 'ms', note: `samples: ${own.join(', ')}` },
    { name: 'empty page in a fresh context, first frame (median)', value: median(floor), unit: 'ms', note: `this machine's floor; samples: ${floor.join(', ')}` },
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
