// The renderer's JS and CSS as the bench and the budget test weigh them: each built file in dist/renderer/assets
// gzipped alone (zlib at its default level), and what the popover loads first (the scripts index.html names: the
// entry and its modulepreloads; the views come later). Builds the renderer first when it is stale.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureRendererBuilt, RENDERER_DIR } from './renderer-build';

export const KB = 1024;
/** The popover's first-loaded JS, gzip (issue 49's budget). */
export const FIRST_JS_MAX_KB = 35;
/** All views' JS, gzip: a bloat ceiling (the forms load on demand and are mostly their own text). */
export const ALL_JS_MAX_KB = 90;

export interface BundleSizes {
  /** Bytes, gzip. */
  js: number;
  firstJs: number;
  css: number;
  files: string[];
}

export async function gzipSizes(): Promise<BundleSizes> {
  await ensureRendererBuilt();
  const dir = join(RENDERER_DIR, 'assets');
  const names = await readdir(dir);
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
