// The popover's first frame comes from main: its status view is rendered to HTML (renderer/src/prerender.ts, built
// into dist/renderer-ssr/prerender.cjs) and put into index.html as it is served, so the page paints the state
// from the HTML alone, before any of its scripts has loaded, compiled or formatted a date; the page then hydrates
// that markup. Main's app:// handler and the e2e host both serve the page through here. Plain Node, no electron.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve, sep } from 'node:path';
import { realPathInside } from './real-path';
import type { AppState } from '../../shared/view-state';

export interface PrerenderInput {
  state: AppState;
  nowMs: number;
  /** The page's locale (shared/format.ts DISPLAY_LOCALE, as the page's own). */
  locale: string;
  /** The page's zone when it is not this process's own (the e2e pages name theirs); omitted: the system zone. */
  localZone?: string;
}

export interface Prerendered {
  html: string;
  theme: 'light' | 'dark' | undefined;
}

export type Prerender = (input: PrerenderInput) => Prerendered | undefined;

const APP_DIV = '<div id="app"></div>';

/** Only the popover's status view is prerendered; the forms and other windows start from the plain page. */
export function isPrerenderedPage(url: URL): boolean {
  const page = url.pathname === '/' || url.pathname === '/index.html';
  return page && url.searchParams.get('window') === 'popover' && url.searchParams.get('view') === 'status';
}

// Vite's build of index.html: the entry module, and modulepreload links for the chunks it imports.
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\.\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="\.\/assets\/[\w.-]+\.js">/g;

/**
 * index.html with the prerendered view in its #app (marked for hydration) and the user's theme on <html>. Its
 * scripts start once that view is painted (start-after-paint.js), so they cannot delay the frame it exists for.
 * The page as built is returned unchanged when it is not the shape this expects.
 */
export function injectPrerendered(indexHtml: string, out: Prerendered): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml);
  if (!indexHtml.includes(APP_DIV) || !entry) return indexHtml;
  const loader = `<script type="module" src="./start-after-paint.js" data-app-entry="${entry[1]}"></script>`;
  const page = indexHtml
    .replace(APP_DIV, () => `<div id="app" data-prerendered>${out.html}</div>`)
    .replace(entry[0], () => loader)
    .replace(MODULE_PRELOAD, '');
  return out.theme ? page.replace('<html lang="en">', `<html lang="en" data-theme="${out.theme}">`) : page;
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\.\/assets\/[\w.-]+\.css)">/;
const META_CSP = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/;

/** The stylesheet index.html links (relative to the renderer folder), if it links one the way Vite builds it. */
export function stylesheetHref(page: string): string | undefined {
  return STYLESHEET.exec(page)?.[1];
}

/**
 * The page with its stylesheet's text inline instead of linked, so its first frame waits for no request; and the
 * CSP source that allows exactly that text ('sha256-…'), for the response's header policy. Only when the page's
 * own CSP already lists that hash (the build put it there, see vite.config.ts): otherwise undefined, and the page
 * keeps its link.
 */
export function inlineStylesheet(page: string, css: string): { page: string; styleSource: string } | undefined {
  const link = STYLESHEET.exec(page);
  const styleSource = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  const csp = META_CSP.exec(page)?.[1] ?? '';
  if (
    !link ||
    css.includes('</') ||
    !csp.split(';').some((d) => d.trim().startsWith('style-src') && d.includes(styleSource))
  )
    return undefined;
  return { page: page.replace(link[0], () => `<style>${css}</style>`), styleSource };
}

/** inlineStylesheet with the stylesheet read from the renderer folder `rootDir`; the page unchanged if it cannot be. */
export async function inlineStylesheetFrom(
  page: string,
  rootDir: string,
): Promise<{ page: string; styleSource?: string }> {
  const href = stylesheetHref(page);
  const root = resolve(rootDir);
  const file = href ? resolve(root, href) : undefined;
  const real = file?.startsWith(root + sep) ? await realPathInside(file, root) : undefined;
  const css = real ? await readFile(real, 'utf8').catch(() => undefined) : undefined;
  return (css === undefined ? undefined : inlineStylesheet(page, css)) ?? { page };
}

/** The header policy for a page whose inline stylesheet `styleSource` allows; undefined if `csp` has no style-src 'self'. */
export function withStyleSource(csp: string, styleSource: string): string | undefined {
  const next = csp.replace("style-src 'self'", `style-src 'self' ${styleSource}`);
  return next === csp ? undefined : next;
}

/**
 * How old a prerendered popover may be when served: the page's own clock moves its relative times ("in 14 min")
 * on this tick (renderer/src/lib/app-state.svelte.ts), so a page served this old is no staler than a page left open.
 */
export const PRERENDER_MAX_AGE_MS = 15_000;

export interface PrerenderAhead {
  /**
   * Renders the input of that moment on the next turn (once for a burst of calls) and keeps it: called on every
   * state change while no popover page exists (main) or on every one (the e2e host, where each load is a new
   * popover), so the page finds its first frame ready; the state push itself never waits for the render.
   */
  warmSoon(input: () => PrerenderInput | undefined): void;
  /** The kept render when it is of this very state, locale and zone and young enough; else a new one, kept. */
  get(input: PrerenderInput): Prerendered | undefined;
}

/**
 * The popover's HTML rendered ahead of the request: rendering the status view takes tens of milliseconds, which a
 * request would otherwise wait for before the page's first byte. A render of a state that is no longer the
 * current one, for another locale or zone, or older than maxAgeMs, is never served.
 */
export function prerenderAhead(
  render: Prerender,
  maxAgeMs = PRERENDER_MAX_AGE_MS,
  defer: (run: () => void) => void = (run) => void setTimeout(run, 0),
): PrerenderAhead {
  let kept: { input: PrerenderInput; out: Prerendered | undefined } | undefined;
  let pending = false;
  const fresh = (input: PrerenderInput): Prerendered | undefined => {
    kept = { input, out: render(input) };
    return kept.out;
  };
  const usable = (k: PrerenderInput, input: PrerenderInput): boolean =>
    k.state === input.state &&
    k.locale === input.locale &&
    k.localZone === input.localZone &&
    input.nowMs >= k.nowMs &&
    input.nowMs - k.nowMs < maxAgeMs;
  return {
    warmSoon(input) {
      if (pending) return;
      pending = true;
      defer(() => {
        pending = false;
        const now = input();
        if (now) fresh(now);
      });
    },
    get: (input) => (kept && usable(kept.input, input) ? kept.out : fresh(input)),
  };
}

function isPrerendered(value: unknown): value is Prerendered {
  if (typeof value !== 'object' || value === null) return false;
  const theme: unknown = Reflect.get(value, 'theme');
  return (
    typeof Reflect.get(value, 'html') === 'string' && (theme === undefined || theme === 'light' || theme === 'dark')
  );
}

/**
 * Loads the prerender bundle. Undefined when it is missing or not what we built; the page then renders itself as
 * before (a slower first frame, nothing else lost). A render that throws also falls back to the plain page.
 */
export async function loadPrerender(file: string, name = 'prerenderStatus'): Promise<Prerender | undefined> {
  let mod: unknown;
  try {
    // require by path, not import(): main is bundled as CommonJS with import() turned into require(), which takes
    // no file:// URL; and CommonJS loading is what Electron's asar support is built on.
    mod = createRequire(file)(file);
  } catch {
    return undefined;
  }
  const fn = findExport(mod, name);
  if (!fn) return undefined;
  return (input) => {
    try {
      const out: unknown = Reflect.apply(fn, undefined, [input]);
      return isPrerendered(out) ? out : undefined;
    } catch {
      return undefined;
    }
  };
}

function findExport(mod: unknown, name: string): ((...args: unknown[]) => unknown) | undefined {
  if (typeof mod !== 'object' || mod === null) return undefined;
  const direct: unknown = Reflect.get(mod, name);
  if (typeof direct === 'function') return (...args): unknown => Reflect.apply(direct, undefined, args);
  const fallback: unknown = Reflect.get(mod, 'default');
  return fallback === mod ? undefined : findExport(fallback, name);
}
