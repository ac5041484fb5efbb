// `npm run test:electron`: the Playwright `_electron` smoke suite (test/electron/*.spec.ts, with its own vitest
// config; never part of `npm test`) against the BUILT app and the real Electron.
// Where Electron's binary is missing (its download failed or was skipped during `npm ci`) it prints one line saying
// so and exits 0, so a machine without it reports the suite as skipped, not passed. `--required` (CI, where Electron
// is always downloaded) makes that an error. On Linux it needs a display, a D-Bus session, an unlocked keyring and a
// notification daemon: `xvfb-run -a dbus-run-session -- sh scripts/desktop-session.sh npm run test:electron`.
// Usage: node scripts/test-electron.mjs [--required] [vitest args…]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './electron-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const required = args.includes('--required');
const passThrough = args.filter((a) => a !== '--required');

if (!electronBinary()) {
  const why =
    "Electron's binary is not installed (its download failed or was skipped during `npm ci`; fetch it with `npm run fetch-electron`)";
  if (required) {
    console.error(`test:electron failed: ${why}.`);
    process.exit(1);
  }
  console.log(`test:electron skipped: ${why}.`);
  process.exit(0);
}

const built = [
  'dist/main/main.cjs',
  'dist/main/preload.cjs',
  'dist/renderer/index.html',
  'dist/renderer-ssr/prerender.cjs',
];
const missing = built.filter((f) => !existsSync(join(root, f)));
if (missing.length > 0) {
  console.error(`test:electron: the app is not built (${missing.join(', ')} missing): run \`npm run build\` first.`);
  process.exit(1);
}

if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.error(
    'test:electron: no display. Run it as CI does: xvfb-run -a dbus-run-session -- sh scripts/desktop-session.sh npm run test:electron',
  );
  process.exit(1);
}

const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const child = spawn(
  process.execPath,
  [vitest, 'run', '--config', join(root, 'test', 'electron', 'vitest.config.ts'), ...passThrough],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
