// Renderer budget: the JS the popover loads before its first frame (the entry and what index.html preloads) ≤ 35 KB
// and all views together ≤ 90 KB (a bloat ceiling, a product decision: the forms load on demand and are mostly their
// own text), CSS ≤ 15 KB gzip (zlib at its default level). The forms load on first use, so only the first figure
// bears on the popover's speed. The chunks (vite.config.ts): the entry (the popover's glance, the Svelte runtime,
// the state check), the forms (a form window loads all of them from disk), and what the popover loads after its
// first frame, in one chunk: the glance's controls (More menu, readiness fix), the rest below the glance (week
// section, my shifts, cards) and the week chart. Each file is compressed alone (test/e2e/support/bundle-sizes.ts,
// which test/e2e/bundle-size.test.ts holds to the same budgets), so each split costs bytes: sixteen small form
// chunks cost 7 KB more in all, the entry in three files (with the runtime and a time helper apart) 1.2 KB more of
// the first load, the after-glance code in three files 1.4 KB more in all. And
// the status popover's first frame with data ≤ 1.3× an empty page's and ≤ 150 ms after navigation start in
// Debian's Chromium, against the e2e host (real engine + simulator, demo seed; it prerenders the popover as main
// does). Beside it, the same ratio in the renderer's CPU (thread time from traces, bench/first-frame-cpu.ts), which
// load does not inflate: it shows what the page's own work costs. Exports sections for bench/sections.ts; also runs
// on its own:
// `tsx bench/renderer.ts` writes bench/reports/renderer.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium, openApp } from '../test/e2e/support/browser';
import { PAGE_LOCALE, PAGE_ZONE, startHost, type Host } from '../test/e2e/support/host';
import { ALL_JS_MAX_KB, FIRST_JS_MAX_KB, gzipSizes, KB } from '../test/e2e/support/bundle-sizes';
import { ensureRendererBuilt } from '../test/e2e/support/renderer-build';
import { writeBundleReport } from './bundle-report';
import { FRAME_CPU_CATEGORIES, frameCpu, type FrameCpu } from './first-frame-cpu';
import { passes, round, type Figure, type Section } from './types';

const LOADS = 15;
/** Traced loads of each page, after the timed ones (tracing slows a load, so these are never timed). */
const TRACED_LOADS = 5;

async function bundleFigures(): Promise<Figure[]> {
  const { js, firstJs, css, files } = await gzipSizes();
  const chunks = await writeBundleReport();
  const largest = chunks
    .slice(0, 3)
    .map(
      (c) =>
        `${c.file} ${c.gzipKb} KB (${c.top
          .slice(0, 3)
          .map((m) => `${m.module} ${m.gzipAloneKb}`)
          .join(', ')})`,
    )
    .join('; ');
  const note = `${files.length} files in dist/renderer/assets; largest: ${largest}; every chunk's top modules: bench/reports/bundle.json`;
  return [
    {
      name: 'renderer JS the popover loads first, gzip',
      value: round(firstJs / KB, 1),
      unit: 'KB',
      max: FIRST_JS_MAX_KB,
    },
    { name: 'renderer JS, all views, gzip', value: round(js / KB, 1), unit: 'KB', max: ALL_JS_MAX_KB, note },
    { name: 'renderer CSS, gzip', value: round(css / KB, 1), unit: 'KB', max: 15 },
  ];
}

interface Sample {
  /** Navigation start → the status line first on screen (Element Timing's paint time). */
  paintedMs: number;
  /** Navigation start → the page live with data (hydrated, or mounted): App.svelte's marker. */
  liveMs: number;
}

// The status line carries elementtiming="my-state": the browser reports when it was first painted, whichever way
// it got there (main's prerender in the HTML, or the page rendering itself once its scripts ran).
const PAINTED = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entry = list.getEntries().find((e) => e.identifier === 'my-state');
    if (entry) resolve(Math.round(entry.renderTime));
  }).observe({ type: 'element', buffered: true });
})`;

async function loadOnce(browser: Browser, host: Host): Promise<Sample> {
  const app = await openApp(browser, host);
  try {
    await app.page.waitForSelector('html[data-rendered]');
    const painted: unknown = await app.page.evaluate(PAINTED);
    const live = Number(await app.page.getAttribute('html', 'data-rendered'));
    if (typeof painted !== 'number') throw new Error('the status line reported no paint time');
    return { paintedMs: painted, liveMs: live };
  } finally {
    await app.context.close();
  }
}

// The same measurement on an empty page: one dot and one module script, its paint time read the same way. What a
// fresh Chromium context costs on this machine before any app code runs, to read the figure above against.
const EMPTY_PAGE = '<!doctype html><script type="module" src="/m.js"></script><p elementtiming="my-state">·</p>';
const EMPTY_SCRIPT =
  'requestAnimationFrame(() => { document.documentElement.dataset.rendered = String(Math.round(performance.now())); });';

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
async function emptyOnce(browser: Browser, port: number): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 520 },
    locale: PAGE_LOCALE,
    timezoneId: PAGE_ZONE,
  });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const painted: unknown = await page.evaluate(PAINTED);
    if (typeof painted !== 'number') throw new Error('the empty page reported no paint time');
    return painted;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Runs {
  floor: number[];
  prerendered: Sample[];
  selfRendered: Sample[];
  /** The first frame's CPU (thread time, from traces): the empty page's and the popover's, alternating. */
  cpu: { empty: FrameCpu[]; popover: FrameCpu[] };
}

/** A load of a page with the browser traced: its first frame's CPU, or undefined when the trace holds none. */
async function tracedOnce(browser: Browser, load: () => Promise<unknown>): Promise<FrameCpu | undefined> {
  await browser.startTracing(undefined, { categories: FRAME_CPU_CATEGORIES });
  let trace: Buffer | undefined;
  try {
    await load();
  } finally {
    trace = await browser.stopTracing();
  }
  return frameCpu(trace.toString('utf8'));
}

/** Loads alternate (empty page, popover as main serves it, popover rendering itself), each in a fresh context. */
async function measureLoads(): Promise<Runs> {
  await ensureRendererBuilt();
  const hosts = {
    prerendered: await startHost('configured'),
    selfRendered: await startHost('configured', { prerender: false }),
  };
  const browser = await launchChromium();
  const empty = await emptyPageServer();
  const runs: Runs = { floor: [], prerendered: [], selfRendered: [], cpu: { empty: [], popover: [] } };
  try {
    // Two loads warm the browser process and the loopback servers; they alternate so all see the same machine load.
    for (let i = 0; i < LOADS + 2; i++) {
      const floor = await emptyOnce(browser, empty.port);
      const prerendered = await loadOnce(browser, hosts.prerendered);
      const selfRendered = await loadOnce(browser, hosts.selfRendered);
      if (i < 2) continue;
      runs.floor.push(floor);
      runs.prerendered.push(prerendered);
      runs.selfRendered.push(selfRendered);
    }
    for (let i = 0; i < TRACED_LOADS; i++) {
      const floor = await tracedOnce(browser, () => emptyOnce(browser, empty.port));
      const popover = await tracedOnce(browser, () => loadOnce(browser, hosts.prerendered));
      if (floor) runs.cpu.empty.push(floor);
      if (popover) runs.cpu.popover.push(popover);
    }
  } finally {
    await empty.close();
    await browser.close();
    await hosts.prerendered.close();
    await hosts.selfRendered.close();
  }
  return runs;
}

const ms = (xs: number[]): number => round(median(xs), 1);

/** The same ratio in CPU time, which the machine's load does not inflate: what the page itself costs. */
function cpuFigure(cpu: Runs['cpu']): Figure {
  const part = (key: keyof FrameCpu): string =>
    `${ms(cpu.popover.map((c) => c[key]))} against ${ms(cpu.empty.map((c) => c[key]))}`;
  const popover = ms(cpu.popover.map((c) => c.totalMs));
  const empty = ms(cpu.empty.map((c) => c.totalMs));
  return {
    name: 'first frame CPU in the renderer, status popover ÷ empty page (thread time, medians)',
    value: round(popover / empty, 2),
    unit: '×',
    note:
      `${popover} ms against ${empty} ms (traced, so slower than untraced loads; ${cpu.popover.length} and ` +
      `${cpu.empty.length} loads): main thread ${part('mainMs')} (parse ${part('parseMs')}, style ` +
      `${part('styleMs')}, layout ${part('layoutMs')}, paint ${part('paintMs')}), raster ${part('rasterMs')}`,
  };
}

/** When the popover's status line is first on screen, against the empty page's dot, and when the page is live. */
async function firstRenderFigures(): Promise<Figure[]> {
  const runs = await measureLoads();
  const painted = runs.prerendered.map((s) => s.paintedMs);
  const floor = median(runs.floor);
  const self = runs.selfRendered.map((s) => s.paintedMs);
  return [
    {
      name: 'status popover first frame with data ÷ empty page first frame (medians, same run)',
      value: round(median(painted) / floor, 2),
      unit: '×',
      max: 1.3,
      note: `popover ${median(painted)} ms against the empty page's ${floor} ms: paint times (Element Timing), loads alternating in fresh contexts`,
    },
    {
      name: 'status popover first frame with data (median)',
      value: median(painted),
      unit: 'ms',
      max: 150,
      note: `navigation start → status line painted; main prerenders it into the HTML; ${LOADS} cold loads, 3 schedules; samples: ${painted.join(', ')}`,
    },
    {
      name: 'status popover live (hydrated, median)',
      value: median(runs.prerendered.map((s) => s.liveMs)),
      unit: 'ms',
      note: 'navigation start → buttons work: the scripts start after the first paint, then hydrate',
    },
    {
      name: 'without the prerender: first frame with data (median)',
      value: median(self),
      unit: 'ms',
      note: `the page renders itself once its scripts ran, ${round(median(self) / floor, 2)}× the empty page (the path before the prerender, and the fallback); samples: ${self.join(', ')}`,
    },
    cpuFigure(runs.cpu),
    {
      name: 'empty page in a fresh context, first frame (median)',
      value: floor,
      unit: 'ms',
      note: `this machine's floor; samples: ${runs.floor.join(', ')}`,
    },
  ];
}

/**
 * The popover kept loaded (hidden) all day: JS heap used and DOM nodes after an idle hour's worth of state pushes
 * (70, the idle target, each a real change: the syncing flag and the state's fetch times move), read over CDP.
 */
async function restingFigures(): Promise<Figure[]> {
  // The first renderer section of a run: on a clean clone (no dist/renderer yet) it builds what the page loads.
  await ensureRendererBuilt();
  const host = await startHost('configured');
  const browser = await launchChromium();
  try {
    const app = await openApp(browser, host);
    await app.page.waitForSelector('html[data-rendered]');
    const base = host.engine.getState();
    for (let i = 0; i < 70; i++) {
      const state = {
        ...base,
        syncing: i % 2 === 0,
        lastSuccessAt: new Date(Date.parse(base.lastSuccessAt ?? '2026-01-01T00:00:00Z') + i * 60_000).toISOString(),
      };
      await app.page.evaluate(`window.__oncallPush('state:changed', ${JSON.stringify(state)})`);
    }
    const cdp = await app.context.newCDPSession(app.page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string): number => metrics.find((m) => m.name === name)?.value ?? NaN;
    await app.context.close();
    return [
      {
        name: 'hidden popover: JS heap used after an hour of state pushes',
        value: Math.round((metric('JSHeapUsedSize') / 1024 / 1024) * 10) / 10,
        unit: 'MB',
        max: 15,
        note: '70 pushes, then a garbage collection',
      },
      {
        name: 'hidden popover: DOM nodes after an hour of state pushes',
        value: metric('Nodes'),
        unit: 'nodes',
        max: 1500,
        note: 'the demo state: 3 schedules, 3 requests, my shifts',
      },
    ];
  } finally {
    await browser.close();
    await host.close();
  }
}

export const RENDERER_SECTIONS: Section[] = [
  { id: 'renderer-rest', title: 'The hidden popover at rest (Chromium)', report: 'renderer', run: restingFigures },
  { id: 'renderer-bundle', title: 'Renderer bundle size', report: 'renderer', run: bundleFigures },
  {
    id: 'renderer-render',
    title: 'Status popover first render (Chromium)',
    report: 'renderer',
    run: firstRenderFigures,
  },
];

async function main(): Promise<number> {
  const sections = [];
  let failed = 0;
  for (const section of RENDERER_SECTIONS) {
    process.stdout.write(`${section.title}\n`);
    const figures = await section.run();
    for (const f of figures) {
      const verdict = f.max === undefined ? '    ' : passes(f) ? 'PASS' : 'FAIL';
      process.stdout.write(
        `  ${verdict}  ${f.name}: ${f.value} ${f.unit}${f.max === undefined ? '' : ` (target ≤ ${f.max} ${f.unit})`}\n`,
      );
      if (!passes(f)) failed++;
    }
    sections.push({ section: section.id, title: section.title, figures });
  }
  const dir = fileURLToPath(new URL('./reports', import.meta.url));
  await mkdir(dir, { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    sections,
  };
  await writeFile(join(dir, 'renderer.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write('report: bench/reports/renderer.json\n');
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (cause: unknown) => {
      process.stderr.write(`bench: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}\n`);
      process.exit(1);
    },
  );
}
