// How main puts the popover's prerendered status view into the page it serves, against index.html as Vite builds
// it, and how the prerender bundle is loaded: a missing, broken or misbehaving bundle leaves the page as built.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { build as esbuild } from 'esbuild';
import {
  inlineStylesheet,
  injectPrerendered,
  isPrerenderedPage,
  loadPrerender,
  prerenderAhead,
  PRERENDER_MAX_AGE_MS,
  stylesheetHref,
  withStyleSource,
} from '../../../electron/core/platform/prerender-page';
import { appState } from '../../renderer/support/state';
import { ensureRendererBuilt, PRERENDER_FILE, RENDERER_DIR } from '../../e2e/support/renderer-build';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>OnCall Tray</title>
    <script type="module" crossorigin src="./assets/index-Bm8posLB.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/router.svelte-D9xWuio7.js">
    <link rel="modulepreload" crossorigin href="./assets/zoned-format-C7cfW7h-.js">
    <link rel="stylesheet" crossorigin href="./assets/style-BtpF-eha.css">
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>`;

describe('which page is prerendered', () => {
  it('is the status popover only', () => {
    expect(isPrerenderedPage(new URL('app://renderer/index.html?window=popover&view=status'))).toBe(true);
    expect(isPrerenderedPage(new URL('app://renderer/index.html?window=action&view=override'))).toBe(false);
    expect(isPrerenderedPage(new URL('app://renderer/index.html?window=popover&view=settings'))).toBe(false);
    expect(isPrerenderedPage(new URL('app://renderer/assets/index.js?window=popover&view=status'))).toBe(false);
  });
});

describe('putting the prerender into index.html', () => {
  const out = { html: '<main data-view="status"><p>On call until 17:00</p></main>', theme: undefined };

  it('fills #app, marks it for hydration, and starts the app only after the first paint', () => {
    const page = injectPrerendered(BUILT, out);
    expect(page).toContain(
      '<div id="app" data-prerendered><main data-view="status"><p>On call until 17:00</p></main></div>',
    );
    // The entry is started by the loader, not by the parser; no chunk is fetched and compiled before the paint.
    expect(page).toContain(
      '<script type="module" src="./start-after-paint.js" data-app-entry="./assets/index-Bm8posLB.js"></script>',
    );
    expect(page).not.toContain('src="./assets/index-Bm8posLB.js"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="./assets/style-BtpF-eha.css">');
    expect(page).toContain('<html lang="en">');
  });

  it("puts the user's theme on <html> so a dark popover is dark from its first frame", () => {
    expect(injectPrerendered(BUILT, { ...out, theme: 'dark' })).toContain('<html lang="en" data-theme="dark">');
  });

  it('takes markup with $ patterns literally', () => {
    expect(injectPrerendered(BUILT, { html: "<p>$& $1 $' costs</p>", theme: undefined })).toContain(
      "<p>$& $1 $' costs</p>",
    );
  });

  it('serves the page as built when it is not the shape it expects', () => {
    const noEntry = BUILT.replace(/<script[^>]*><\/script>/, '');
    expect(injectPrerendered(noEntry, out)).toBe(noEntry);
    const noApp = BUILT.replace('<div id="app"></div>', '<div id="root"></div>');
    expect(injectPrerendered(noApp, out)).toBe(noApp);
  });

  it('matches the index.html this build actually produced, whose CSP lists its stylesheet by hash', async () => {
    await ensureRendererBuilt();
    const built = await readFile(join(RENDERER_DIR, 'index.html'), 'utf8');
    const page = injectPrerendered(built, out);
    expect(page).not.toBe(built);
    expect(page).toMatch(/data-app-entry="\.\/assets\/index-[\w-]+\.js"/);
    const href = stylesheetHref(page) ?? '';
    const css = await readFile(join(RENDERER_DIR, href), 'utf8');
    const hash = createHash('sha256').update(css).digest('base64');
    expect(built).toContain(`style-src 'self' 'sha256-${hash}';`);
    const inlined = inlineStylesheet(page, css);
    expect(inlined?.page).toContain(`<style>${css}</style>`);
    expect(inlined?.page).not.toContain('rel="stylesheet"');
  });
});

describe('the stylesheet inline in the prerendered page', () => {
  const css = '.me{color:green}';
  const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  const page = (styleSrc: string) =>
    `<html lang="en"><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; ${styleSrc}; script-src 'self'" /><link rel="stylesheet" crossorigin href="./assets/style-A1.css"></head><body></body></html>`;

  it("goes inline only when the page's own CSP lists that exact text's hash, and says which source allows it", () => {
    const inlined = inlineStylesheet(page(`style-src 'self' ${hash}`), css);
    expect(inlined?.page).toContain('<style>.me{color:green}</style>');
    expect(inlined?.styleSource).toBe(hash);
    expect(withStyleSource("default-src 'none'; style-src 'self'; img-src 'self'", hash)).toBe(
      `default-src 'none'; style-src 'self' ${hash}; img-src 'self'`,
    );
    // A policy worded otherwise gets no inline style at all (the page then keeps its link).
    expect(withStyleSource("default-src 'self'", hash)).toBeUndefined();
  });

  it('keeps the link when the CSP does not list it, the text differs, or the text could close the element', () => {
    expect(inlineStylesheet(page("style-src 'self'"), css)).toBeUndefined();
    expect(inlineStylesheet(page(`style-src 'self' ${hash}`), '.me{color:red}')).toBeUndefined();
    expect(inlineStylesheet(page(`img-src ${hash}; style-src 'self'`), css)).toBeUndefined();
    const closing = '.x{}</style><script>alert(1)</script>';
    const closingHash = `'sha256-${createHash('sha256').update(closing).digest('base64')}'`;
    expect(inlineStylesheet(page(`style-src 'self' ${closingHash}`), closing)).toBeUndefined();
  });
});

describe('loading the prerender bundle as the shipped main does', () => {
  it('loads it from a CommonJS bundle built like main (import() becomes require there), in plain Node', async () => {
    await ensureRendererBuilt();
    const dir = await mkdtemp(join(tmpdir(), 'oncall-prerender-cjs-'));
    try {
      const out = join(dir, 'prerender-page.cjs');
      // The options of scripts/build.mjs's main bundle that bear on loading a file at run time.
      await esbuild({
        entryPoints: ['electron/core/platform/prerender-page.ts'],
        outfile: out,
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        supported: { 'dynamic-import': false },
        logLevel: 'silent',
      });
      // No tsx here: its loader accepts things Node's own CommonJS loader refuses (file:// URLs).
      const script = `require(${JSON.stringify(out)}).loadPrerender(${JSON.stringify(PRERENDER_FILE)}).then((f) => console.log(typeof f))`;
      const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
        env: { PATH: process.env['PATH'] ?? '' },
      });
      expect(stdout.trim()).toBe('function');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('loading the prerender bundle', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oncall-prerender-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const input = { state: appState(), nowMs: 0, locale: 'en-GB' };

  it('is undefined when the bundle is missing: the popover then renders itself', async () => {
    expect(await loadPrerender(join(dir, 'missing.cjs'))).toBeUndefined();
  });

  it('is undefined when the bundle has no prerender function', async () => {
    await writeFile(join(dir, 'other.cjs'), 'exports.something = 1;');
    expect(await loadPrerender(join(dir, 'other.cjs'))).toBeUndefined();
  });

  it('answers undefined (the page as built) when a render throws or returns something else', async () => {
    await writeFile(join(dir, 'throws.cjs'), 'exports.prerenderStatus = () => { throw new Error("boom"); };');
    await writeFile(join(dir, 'odd.cjs'), 'exports.prerenderStatus = () => ({ html: 42 });');
    expect((await loadPrerender(join(dir, 'throws.cjs')))?.(input)).toBeUndefined();
    expect((await loadPrerender(join(dir, 'odd.cjs')))?.(input)).toBeUndefined();
  });

  it('passes a good render through', async () => {
    await writeFile(
      join(dir, 'good.cjs'),
      'exports.prerenderStatus = (i) => ({ html: "<p>" + i.locale + "</p>", theme: "light" });',
    );
    expect((await loadPrerender(join(dir, 'good.cjs')))?.(input)).toEqual({ html: '<p>en-GB</p>', theme: 'light' });
  });
});

describe('the popover rendered ahead of its request', () => {
  const input = (state = appState(), nowMs = 1_000_000) => ({
    state,
    nowMs,
    locale: 'en-GB',
    localZone: 'Europe/Berlin',
  });
  function counting() {
    const rendered: number[] = [];
    const render = (i: { nowMs: number }) => (rendered.push(i.nowMs), { html: `<p>${i.nowMs}</p>`, theme: undefined });
    const deferred: (() => void)[] = [];
    const ahead = prerenderAhead(render, PRERENDER_MAX_AGE_MS, (run) => void deferred.push(run));
    return { rendered, deferred, ahead };
  }

  it('is rendered after a state change, before any request, so the request waits for no render', () => {
    const { rendered, deferred, ahead } = counting();
    const now = input();
    ahead.warmSoon(() => now);
    ahead.warmSoon(() => now);
    // Not while the change is being pushed: on the next turn, once for the burst.
    expect(rendered).toEqual([]);
    expect(deferred).toHaveLength(1);
    deferred[0]?.();
    expect(ahead.get({ ...now, nowMs: now.nowMs + 5_000 })).toEqual({ html: '<p>1000000</p>', theme: undefined });
    expect(rendered).toEqual([1_000_000]);
  });

  it('is rendered again for a new state, another zone or locale, or once older than the page clock tick', () => {
    const { rendered, ahead } = counting();
    const first = input();
    ahead.get(first);
    ahead.get({ ...first, nowMs: first.nowMs + 1 });
    expect(rendered).toHaveLength(1);
    for (const other of [{ state: appState() }, { localZone: 'Asia/Tokyo' }, { locale: 'de-DE' }]) {
      ahead.get({ ...first, ...other });
      ahead.get(first);
    }
    expect(rendered).toHaveLength(7);
    const kept = input(appState(), 2_000_000);
    ahead.get(kept);
    expect(ahead.get({ ...kept, nowMs: kept.nowMs + PRERENDER_MAX_AGE_MS - 1 })?.html).toBe('<p>2000000</p>');
    expect(ahead.get({ ...kept, nowMs: kept.nowMs + PRERENDER_MAX_AGE_MS })?.html).toBe(
      `<p>${2_000_000 + PRERENDER_MAX_AGE_MS}</p>`,
    );
    // A clock set back never gets a render from "the future".
    expect(ahead.get({ ...kept, nowMs: kept.nowMs - 1 })?.html).toBe(`<p>${2_000_000 - 1}</p>`);
  });
});
