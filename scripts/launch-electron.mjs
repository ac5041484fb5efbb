// Starts Electron on the built app, or says in one sentence why it cannot: Electron's binary is downloaded by its
// install script, which is skipped where the network is closed (ELECTRON_SKIP_BINARY_DOWNLOAD=1).
// Usage: node scripts/launch-electron.mjs [--check] [app args…]   (--check: only verify the binary is there)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const MISSING =
  // package.json's allowScripts keeps npm from running electron's download step, so name the step itself.
  "Electron's binary is not installed: with network access, run `node node_modules/electron/install.js` (and unset ELECTRON_SKIP_BINARY_DOWNLOAD).";

function electronBinary() {
  try {
    // The electron package exports the binary's path, and throws when its install step never ran.
    const path = createRequire(import.meta.url)('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

const binary = electronBinary();
if (!binary) {
  console.error(MISSING);
  process.exit(1);
}
const args = process.argv.slice(2);
if (args[0] === '--check') process.exit(0);

const appDir = fileURLToPath(new URL('..', import.meta.url));
const child = spawn(binary, [appDir, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
