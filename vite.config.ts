// Builds the renderer (Svelte 5, runes) into dist/renderer for Electron's windows (served from app://, see
// electron/adapters/app-protocol.ts) and the e2e host.
// Everything is emitted as files (scripts and CSS), never inline, so the page's strict CSP holds.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { minify } from 'terser';
import { defineConfig, minify as oxcMinify, runnerImport, type Plugin } from 'vite';
import type * as AppStateSchemaBuild from './renderer/build/app-state-schema';
import { entryExportsUnderOwnNames } from './renderer/build/entry-export-names';

const rootDir = fileURLToPath(new URL('./renderer', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/renderer', import.meta.url));
/** `vite build --ssr`: the popover's prerender for main (renderer/src/prerender.ts), one CommonJS file. */
const ssrOutDir = fileURLToPath(new URL('./dist/renderer-ssr', import.meta.url));
const ssrEntry = fileURLToPath(new URL('./renderer/src/prerender.ts', import.meta.url));

/** `virtual:app-state-schema`: AppStateSchema as JSON Schema, for the renderer's zod-free state check. */
function appStateSchema(): Plugin {
  const id = 'virtual:app-state-schema';
  return {
    name: 'oncall-app-state-schema',
    resolveId: (source) => (source === id ? '\0' + id : undefined),
    // Loaded through Vite's module runner, not imported by this config: the schema's TypeScript (and the shared
    // modules it imports) stays out of the config bundle.
    async load(resolved) {
      if (resolved !== '\0' + id) return undefined;
      const entry = fileURLToPath(new URL('./renderer/build/app-state-schema.ts', import.meta.url));
      const { module } = await runnerImport<typeof AppStateSchemaBuild>(entry, { configFile: false, logLevel: 'warn' });
      return module.appStateSchemaModule();
    },
  };
}

/**
 * Lists the sha256 of the stylesheet index.html links (the popover's own styles; each lazily loaded chunk brings
 * its own sheet) in index.html's CSP (style-src), so main may put that exact text inline in the prerendered popover
 * (no request before its first frame, and no form's rules to parse) while every other inline style stays refused.
 */
function styleHashInCsp(): Plugin {
  return {
    name: 'oncall-style-hash-in-csp',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const linked = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\.\/([^"]+\.css)">/g)].map((m) => m[1]);
        const sheets = Object.values(ctx.bundle ?? {}).filter((a) => a.type === 'asset' && linked.includes(a.fileName));
        const sheet = sheets[0];
        if (linked.length !== 1 || sheets.length !== 1 || !sheet || sheet.type !== 'asset') return html;
        const hash = createHash('sha256').update(sheet.source).digest('base64');
        return html.replace("style-src 'self'", `style-src 'self' 'sha256-${hash}'`);
      },
    },
  };
}

/**
 * terser's compressor, run over what oxc already minified, finds what oxc leaves (measured 29 Nov 2026 on the built
 * files: all views' JS 95.6 → 94.6 KB gzip, the popover's first load 34.8 → 34.4 KB). Either alone does worse: terser
 * as Vite's only minifier gave 95.1 KB and a larger first load. Only terser's safe transforms: its `unsafe*` and
 * `pure_getters` options assume things of the code (no getter with effects, no `new` of a method) that Svelte's
 * reactive getters would break, for 0.1 KB more. `module`: top-level names are the module's own, exports keep theirs.
 * Applied after every other plugin's output (Vite's preload list included), to scripts only; file names keep the
 * hash of their inputs, which is what they are named by. Then oxc's minifier once more over terser's output (29 Nov
 * 2026: all views' JS 94.86 → 94.40 KB gzip, the first load 34.98 → 34.80): terser names a chunk's variables in
 * the order they are declared, so the ~90 names a chunk imports take the one-letter names and a component's busy
 * locals get two letters; oxc names by use (the most used get the shortest), and its compressor, run as Vite runs
 * it, finds a little more in terser's output.
 */
function terserPass(): Plugin {
  return {
    name: 'oncall-terser-pass',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          const out = await minify(file.code, { module: true, ecma: 2020, compress: { passes: 2 } });
          if (out.code === undefined) throw new Error(`terser gave no code for ${file.fileName}`);
          const again = await oxcMinify(file.fileName, out.code, {
            module: true,
            compress: { target: 'chrome146' },
            mangle: { toplevel: true },
          });
          if (again.errors.length > 0) throw new Error(`oxc: ${again.errors.map((e) => e.message).join('; ')}`);
          file.code = again.code;
        }
        const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return;
        for (const out of entryExportsUnderOwnNames(entry.fileName, chunks)) {
          const chunk = bundle[out.fileName];
          if (chunk?.type === 'chunk') chunk.code = out.code;
        }
      },
    },
  };
}

/**
 * Vite's helper behind each `import()` (`__vitePreload`: loads a chunk's stylesheets and preloads its scripts first),
 * in the few lines this app needs: its generic one (a CSP nonce, `import.meta.resolve`, a feature test for
 * modulepreload, an error event nobody listens to) was ~0.4 KB gzip of the popover's first load. Same contract: each
 * dependency is fetched once (one link per file, the page's own links counted), a stylesheet is waited for (a failed
 * one fails the import and is tried again by the next), then the chunk is imported.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
function smallPreloadHelper(): Plugin {
  return {
    name: 'oncall-small-preload-helper',
    enforce: 'pre',
    apply: 'build',
    resolveId: (source) =>
      source === 'vite/preload-helper.js' || source === PRELOAD_HELPER ? PRELOAD_HELPER : undefined,
    load: (id) => (id === PRELOAD_HELPER ? PRELOAD_HELPER_CODE : undefined),
  };
}
const PRELOAD_HELPER_CODE = `const links = {};
export const __vitePreload = (load, deps, base) =>
  Promise.all(
    (deps ?? []).map((dep) => {
      const href = new URL(dep, base).href;
      return (links[href] ??= new Promise((resolve, reject) => {
        const css = href.endsWith('.css');
        if ([...document.querySelectorAll('link')].some((l) => l.href === href)) return resolve();
        const link = document.createElement('link');
        link.rel = css ? 'stylesheet' : 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        if (css) {
          link.onload = () => resolve();
          // Gone again, so a later import tries afresh.
          link.onerror = () => {
            link.remove();
            delete links[href];
            reject(new Error('Unable to preload CSS for ' + href));
          };
        } else resolve();
        document.head.appendChild(link);
      }));
    }),
  ).then(load);
`;

/**
 * Svelte's runtime errors and warnings (production build) carry their code as a link, `https://svelte.dev/e/<code>`:
 * here as `svelte/<code>` (the console is their only reader; no view shows a runtime error), in the hydration's
 * check too, which re-throws an error whose message has a line starting so (render.js) rather than re-mount.
 */
const SVELTE_MESSAGES = /svelte\/src\/internal\/(client|shared)\/(errors|warnings|render)\.js$/;
function svelteErrorCodes(): Plugin {
  return {
    name: 'oncall-svelte-error-codes',
    apply: 'build',
    transform: (code, id) =>
      SVELTE_MESSAGES.test(id) ? code.replaceAll('https://svelte.dev/e/', 'svelte/') : undefined,
  };
}

/** The popover's own components: they stay with it (its first load), everything else of the forms goes together. */
const POPOVER =
  /\/(StatusView|App|ScheduleCard|ReadinessLine|StillRingLines|MyShifts|MoreMenu|AsksYou|AlarmAsks|TakeOver|People|Avatar|WeekTimeline|WeekChart)\.svelte|\/views\/status\//;
const formsOnly = (id: string): boolean =>
  (/renderer\/src\/(views|components)\//.test(id) && !POPOVER.test(id)) || FORM_LIBS.test(id) || FORMS_RUNTIME.test(id);
/**
 * The parts of Svelte's runtime only the forms use (the `<option selected>` helper, $state.snapshot's clone and its
 * warnings, snippet helpers; input bindings should one come back: the forms set `value`/`checked` and their own
 * handler instead, which leaves that runtime out): found by building with the form views left out, where these are
 * empty. Should the popover come to use
 * one, the entry would import the forms chunk at once, and the bench's first-load figure would show it.
 */
const FORMS_RUNTIME =
  /svelte\/src\/internal\/(client\/dom\/elements\/bindings\/(input|select)|shared\/clone|shared\/warnings|client\/dom\/blocks\/snippet)\.js$/;
const FORM_LIBS =
  /renderer\/src\/lib\/(settings-form|settings-edit|settings-landing|settings-problems|onboarding-steps|override-[a-z-]+|people|people-picker|limits|time-input|team-form|team-edit|form-zone|focus|shortcut|local-input|chat-group-form|chat-group-edit|small-form|away|swap|swap-lines|settling|coverage|zoned-window|account-add|account-form|account-texts|alarm-sound|alarm-bridge|alarm-check|phone-form|away-words)[.]|electron\/shared\/(typed-window|base-url|preview-lines|preview-text|people-names|service-identity|limits|next-step|accounts|recheck-words|swap-rules|swap-lines|phone-defaults|settings-checks|shortcut-words)[.]|zod\/v4\/core\/regexes/;
/** The week chart, which the popover loads after its first frame. */
const WEEK =
  /\/(WeekTimeline|WeekChart)\.svelte|renderer\/src\/lib\/(timeline(-pieces)?|week-cursor|segment-override)[.]/;
/** The glance's controls that need code only once used (the More menu, readiness's fix) and the sync line's notes:
 *  loaded just after it. */
const GLANCE_CONTROLS = /\/(MoreMenu|ReadinessLine|SyncNotes|StillRingLines)\.svelte/;
/** The rest of the popover below its glance (the week's section, my shifts, the cards), loaded after its first frame. */
const BELOW_GLANCE =
  /\/(StatusMore|WeekSection|ScheduleCards|ScheduleCard|MyShifts|TakeOver|People|Avatar)\.svelte|renderer\/src\/lib\/(my-shift-rows|status-more|more-items|card-groups|zone-words|still-ring-rows|take-over-text|load-words)[.]|electron\/shared\/(day-word|load-text|readiness-fix|own-silence|still-ring-text|half-swap-text|block-words|coverage-words|hole-spans|identity-notices)[.]/;
/**
 * The coverage list's freshness words: status-model re-exports them (for the Coverage view and the tests) but the
 * first load uses none. Declared side-effect free (they only declare functions), or the entry would import the
 * after-glance chunk at once for them.
 */
const AFTER_WORDS = /electron\/shared\/coverage-words[.]/;
/**
 * What the popover loads after its first frame (the glance's controls, the rest below it, the week chart) is one
 * chunk: the popover loads all of it right after the glance anyway, and as three files it was 1.4 KB more in all
 * (each compressed alone, each with its own list of the runtime's imports).
 */
const afterGlance = (id: string): boolean =>
  GLANCE_CONTROLS.test(id) || BELOW_GLANCE.test(id) || WEEK.test(id) || AFTER_RUNTIME.test(id);
/**
 * `<svelte:element>`'s runtime, should a card or the week use one again. None does: its element takes its attributes
 * through Svelte's spread-attribute code (`set_attributes`, with the `<select>` value and custom-element paths it
 * imports), which sits in the entry as the chunks' common ancestor — 1.9 KB of the first load for two headings, now
 * two `{#if}` branches (ScheduleCard, WeekView). Used anywhere again, it brings those 1.9 KB back to the entry (and
 * the first-load budget test fails).
 */
const AFTER_RUNTIME = /svelte\/src\/internal\/client\/dom\/blocks\/svelte-element\.js$/;
/**
 * Everything else (the popover, the Svelte runtime, the bridge and its state check) is one chunk, the entry:
 * compressed together it is smaller than as three files (the entry, the shared runtime, one small helper).
 */
const firstLoad = (id: string): boolean =>
  !formsOnly(id) && !WEEK.test(id) && !BELOW_GLANCE.test(id) && !AFTER_RUNTIME.test(id);

/**
 * Scoped class names of 2–3 characters (`s0` … `s1m`) instead of Svelte's 13 (`svelte-1x2y3z4`): they are repeated
 * on every styled element of every template, and short names the files share compress better (0.24 KB less of all
 * views' JS than 6-character hashes). The name is the component's place among the renderer's styled components
 * sorted by path, so the browser build and the prerender's server build name each component alike. Should one of
 * the app's own classes be named like a scope, the build stops rather than mix their rules.
 */
const sources = readdirSync(rootDir, { recursive: true, encoding: 'utf8' }).map((f) => f.split(sep).join('/'));
const STYLED = sources
  .filter((f) => f.endsWith('.svelte') && readFileSync(join(rootDir, f), 'utf8').includes('<style'))
  .sort();
const SCOPES = STYLED.map((_, i) => `s${i.toString(36)}`);
const taken = sources
  .filter((f) => /\.(svelte|css)$/.test(f))
  .flatMap((f) => [...readFileSync(join(rootDir, f), 'utf8').matchAll(/\.(s[0-9a-z]{1,2})(?![\w-])/g)])
  .map((m) => m[1] ?? '')
  .filter((c) => SCOPES.includes(c));
if (taken.length > 0) throw new Error(`the app's classes ${taken.join(', ')} are named like a component's scope`);
function cssHash({ css, filename, hash }: { css: string; filename?: string; hash: (input: string) => string }): string {
  // Svelte names the file relative to its working directory, or absolutely: either ends with renderer/<path>.
  const path = `/${(filename ?? '').split(sep).join('/')}`;
  const index = STYLED.findIndex((f) => path.endsWith(`/renderer/${f}`));
  // A file not listed (the check svelte-check makes of this option with a made-up name) is named as Svelte names it.
  return index < 0 ? `svelte-${hash(css)}` : `s${index.toString(36)}`;
}

export default defineConfig(({ isSsrBuild }) => ({
  root: rootDir,
  base: './',
  // renderer/public: start-after-paint.js, the prerendered popover's loader; the prerender bundle needs none of it.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    appStateSchema(),
    ...(isSsrBuild ? [] : [smallPreloadHelper(), svelteErrorCodes()]),
    styleHashInCsp(),
    // The browser build's scripts only: the prerender runs in main, where its size is not what is loaded.
    ...(isSsrBuild ? [] : [terserPass()]),
    svelte({
      emitCss: true,
      // fragments 'tree': each template is built element by element (once, then cloned) instead of parsed from an
      // HTML string: the same DOM, 0.22 KB less of all views' JS (and no innerHTML, so Trusted Types would hold).
      // Slower only in building a template the first time; the popover's first frame is main's prerender, hydrated.
      compilerOptions: { runes: true, css: 'external', discloseVersion: false, cssHash, fragments: 'tree' },
    }),
  ],
  // The prerender runs in main without node_modules for these: Svelte's server runtime is bundled in.
  ssr: { noExternal: true },
  build: {
    outDir: isSsrBuild ? ssrOutDir : outDir,
    emptyOutDir: true,
    ...(isSsrBuild
      ? {
          ssr: ssrEntry,
          rolldownOptions: {
            input: ssrEntry,
            checks: { bundlerTimings: false },
            output: { format: 'cjs' as const, entryFileNames: 'prerender.cjs', codeSplitting: false },
          },
        }
      : {}),
    // Electron 45 runs a Chromium newer than 146 (so do the tests: Debian's); the prerender runs in main's Node (20 at least).
    // So CSS keeps native light-dark() instead of a custom-property stand-in on every colour.
    target: isSsrBuild ? 'node20' : 'chrome146',
    // The polyfill is unneeded in Electron's Chromium; and nothing may be injected inline.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // Each chunk's styles load with it: the popover's page parses only the popover's rules before its first frame.
    cssCodeSplit: true,
    sourcemap: false,
    reportCompressedSize: false,
    // Rolldown's "callbacks took N s" timing report is a profiling hint, not a problem: on a loaded 2-core CI
    // machine it would print in the middle of the test output.
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            checks: { bundlerTimings: false },
            // An imported constant (a limit, a flag) is written where it is used instead of read from its module's
            // binding: 0.25 KB less of all views' JS, 120 bytes of it in the first load.
            optimization: { inlineConst: true },
            // Svelte declares no side-effect-free files: without this, the entry would import the forms chunk for
            // these modules' (absent) side effects. Each only declares functions and constants.
            treeshake: {
              moduleSideEffects: (id: string) =>
                FORMS_RUNTIME.test(id) || AFTER_RUNTIME.test(id) || AFTER_WORDS.test(id) ? false : undefined,
            },
            output: {
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: [
                  { name: 'forms', test: formsOnly },
                  { name: 'after-glance', test: afterGlance },
                  { name: 'index', test: firstLoad },
                ],
              },
            },
          },
        }),
  },
}));
