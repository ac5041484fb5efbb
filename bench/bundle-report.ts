// What the renderer's bundle is made of: each chunk's gzip size, whether the popover loads it first, and its largest
// modules (rendered bytes in the chunk, and each one gzipped alone: a module's share, not an exact part of the
// chunk's gzip). Built in memory with the project's own vite.config.ts, exactly as `vite build` makes dist/renderer,
// and written to bench/reports/bundle.json, so what grew can be found by comparing two reports. A module's figures
// are of its code as the bundler rendered it, before minification: code the minifier then drops (Svelte's custom
// element class, say) still shows there, so confirm a module's weight in the built chunk before cutting it.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../test/e2e/support/renderer-build';

const KB = 1024;
const TOP = 12;

export interface ModuleShare {
  module: string;
  renderedKb: number;
  gzipAloneKb: number;
}

export interface ChunkReport {
  file: string;
  gzipKb: number;
  rawKb: number;
  /** Loaded by index.html (the entry and what it preloads), before the popover is live. */
  firstLoad: boolean;
  /** Its largest modules, by rendered size. */
  top: ModuleShare[];
}

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  modules: Record<string, { renderedLength: number; code: string | null }>;
}

const isChunk = (o: unknown): o is BuiltChunk =>
  typeof o === 'object' && o !== null && Reflect.get(o, 'type') === 'chunk';

/** A module's name as a reader looks for it: its path in the repository, or its package path. */
function shortName(id: string): string {
  const inPackage = id.split('/node_modules/').pop() ?? id;
  return inPackage.startsWith(ROOT) ? inPackage.slice(ROOT.length + 1) : inPackage.replace(/^\0/, '');
}

function chunkReport(c: BuiltChunk, firstLoad: ReadonlySet<string>): ChunkReport {
  const top = Object.entries(c.modules)
    .map(([id, m]) => ({
      module: shortName(id),
      renderedKb: Math.round((m.renderedLength / KB) * 10) / 10,
      gzipAloneKb: Math.round((gzipSync(m.code ?? '').length / KB) * 10) / 10,
      length: m.renderedLength,
    }))
    .filter((m) => m.length > 0)
    .sort((a, b) => b.length - a.length)
    .slice(0, TOP)
    .map(({ module, renderedKb, gzipAloneKb }) => ({ module, renderedKb, gzipAloneKb }));
  return {
    file: c.fileName.replace(/^assets\//, ''),
    gzipKb: Math.round((gzipSync(c.code).length / KB) * 10) / 10,
    rawKb: Math.round((c.code.length / KB) * 10) / 10,
    firstLoad: firstLoad.has(c.fileName),
    top,
  };
}

/** Builds the renderer in memory and writes bench/reports/bundle.json; returns its chunks, largest first. */
export async function writeBundleReport(): Promise<ChunkReport[]> {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let output: unknown;
  try {
    output = await build({
      configFile: join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { write: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const results: unknown[] = Array.isArray(output) ? output : [output];
  const chunks = results.flatMap((r) => {
    const list: unknown = typeof r === 'object' && r !== null ? Reflect.get(r, 'output') : undefined;
    return Array.isArray(list) ? list.filter(isChunk) : [];
  });
  // What index.html loads at once: the entry and the chunks it imports statically (its modulepreloads).
  const entry = chunks.find((c) => c.isEntry);
  const firstLoad = new Set(entry ? [entry.fileName, ...entry.imports] : []);
  const report = chunks.map((c) => chunkReport(c, firstLoad)).sort((a, b) => b.gzipKb - a.gzipKb);
  const dir = fileURLToPath(new URL('./reports', import.meta.url));
  await mkdir(dir, { recursive: true });
  const body = { generatedAt: new Date().toISOString(), chunks: report };
  await writeFile(join(dir, 'bundle.json'), `${JSON.stringify(body, null, 2)}\n`);
  return report;
}
