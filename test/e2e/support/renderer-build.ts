// Builds the renderer once (with Vite's own build API and the project's vite.config.ts) when dist/renderer is
// missing or was built from other sources, so `npm test` works on a clean clone. The inputs' content hash is kept
// in node_modules/.cache, outside dist/ (which is what gets packaged), under a name of its own per checkout: git
// worktrees share one node_modules, and one checkout's stamp must not vouch for another's dist/.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');
export const RENDERER_DIR = join(ROOT, 'dist', 'renderer');
/** The popover's prerender (Vite's SSR build of renderer/src/prerender.ts), as main loads it. */
export const PRERENDER_FILE = join(ROOT, 'dist', 'renderer-ssr', 'prerender.cjs');
const CHECKOUT = createHash('sha256').update(ROOT).digest('hex').slice(0, 12);
const STAMP = join(ROOT, 'node_modules', '.cache', 'oncall-e2e', `renderer-inputs-${CHECKOUT}.sha256`);
const INPUTS = ['renderer', 'electron/shared', 'electron/api', 'vite.config.ts', 'package-lock.json'];

async function filesUnder(path: string): Promise<string[]> {
  if (!existsSync(path)) return [];
  if (!(await stat(path)).isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export async function rendererInputsHash(): Promise<string> {
  const files = (await Promise.all(INPUTS.map((p) => filesUnder(join(ROOT, p))))).flat().sort();
  const hash = createHash('sha256').update('production build v2 (with prerender)\0');
  for (const f of files)
    hash
      .update(relative(ROOT, f))
      .update('\0')
      .update(await readFile(f))
      .update('\0');
  return hash.digest('hex');
}

/** Returns true when it had to build. */
export async function ensureRendererBuilt(): Promise<boolean> {
  const hash = await rendererInputsHash();
  const stamp = existsSync(STAMP) ? (await readFile(STAMP, 'utf8')).trim() : '';
  if (stamp === hash && existsSync(join(RENDERER_DIR, 'index.html')) && existsSync(PRERENDER_FILE)) return false;
  const { build } = await import('vite');
  // Under vitest NODE_ENV is 'test', which would make Vite and Svelte build their development flavour: the tests
  // and the benchmark must drive exactly what ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { ssr: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  await mkdir(join(STAMP, '..'), { recursive: true });
  await writeFile(STAMP, hash + '\n');
  return true;
}
