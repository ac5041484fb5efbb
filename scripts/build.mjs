// `npm run build`: main process and preload with esbuild, the renderer with Vite (its config is vite.config.ts),
// and the icons the running app loads, all into dist/ — the only folder electron-builder packages.
// `--only=main --out=DIR` builds just the main bundle into DIR (the bundle smoke test uses it); `--no-renderer`
// leaves dist/renderer alone (the packaging test: the tests' global setup builds it, and e2e tests read it meanwhile).
import { cp, mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // Electron 45 ships Node 24; node20 keeps the bundle runnable by the plain-Node tests too.
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: root,
};

async function buildMain(outDir = join(dist, 'main')) {
  await esbuild({
    ...common,
    entryPoints: ['electron/main.ts'],
    outfile: join(outDir, 'main.cjs'),
    // Native (keytar) and process-spawning (node-notifier, with its vendored helpers) packages stay in node_modules.
    external: ['electron', 'keytar', 'node-notifier'],
    // Lazy import('keytar') becomes a plain require(): CommonJS loading is what Electron's asar support is built on.
    supported: { 'dynamic-import': false },
  });
}

async function buildPreload() {
  // A sandboxed preload can require only 'electron': everything else must be inside the bundle.
  await esbuild({
    ...common,
    entryPoints: ['electron/preload.ts'],
    outfile: join(dist, 'main', 'preload.cjs'),
    external: ['electron'],
  });
}

async function copyIcons() {
  await mkdir(join(dist, 'icons'), { recursive: true });
  await cp(join(root, 'build', 'icons', 'tray'), join(dist, 'icons', 'tray'), { recursive: true });
  await cp(join(root, 'build', 'icon.png'), join(dist, 'icons', 'app.png'));
}

async function buildRenderer() {
  await viteBuild({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  await stat(join(dist, 'renderer', 'index.html'));
  // The popover's prerender, which main loads (see electron/core/platform/prerender-page.ts).
  await viteBuild({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { ssr: true } });
  await stat(join(dist, 'renderer-ssr', 'prerender.cjs'));
}

const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

if (option('only') === 'main') {
  await buildMain(option('out'));
} else {
  await rm(join(dist, 'main'), { recursive: true, force: true });
  await rm(join(dist, 'icons'), { recursive: true, force: true });
  await Promise.all([buildMain(), buildPreload(), copyIcons()]);
  if (!process.argv.includes('--no-renderer')) await buildRenderer();
  console.log('built dist/main (main.cjs, preload.cjs), dist/renderer, dist/renderer-ssr and dist/icons');
}
