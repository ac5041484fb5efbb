// Starts Electron on the built app, or says in one sentence why it cannot: Electron's binary is downloaded at install
// time by scripts/fetch-electron.mjs, which only warns where the download host can't be reached.
// Usage: node scripts/launch-electron.mjs [--check] [app args…]   (--check: only verify the binary is there)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './electron-binary.mjs';

const MISSING =
  "Electron's binary is not installed (its download failed or was skipped during `npm ci`): with network access, run `npm run fetch-electron`.";

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
