// Downloads Electron's binary (the electron package's own install.js, so its checksums, cache and mirror settings
// apply). package.json's allowScripts keeps npm from running that step itself, because where the download host
// can't be reached it fails the whole `npm ci` with a stack trace. Run from `postinstall`, a failure here is one
// warning and exit 0: the tests, type-checks and packaging test don't need the binary, only `npm start`/`demo` do.
// Usage: node scripts/fetch-electron.mjs            (postinstall: warn on failure)
//        node scripts/fetch-electron.mjs --required (`npm run fetch-electron`: exit 1 on failure)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { electronBinary } from './electron-binary.mjs';

const required = process.argv.includes('--required');
const require = createRequire(import.meta.url);
const FETCH_LATER = 'npm run fetch-electron';

function binaryPresent() {
  // Not require('electron'): since Electron 42 that downloads a missing binary by itself.
  return electronBinary() !== undefined;
}

/** The one line of install.js's error output that says why (e.g. "getaddrinfo ENOTFOUND github.com"). */
function reasonOf(output) {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const line = lines.find((l) => /^(\w*Error|Error)\b/.test(l)) ?? lines[0] ?? 'no reason given';
  return line.replace(/^\w*Error:\s*/, '').slice(0, 160);
}

function runInstall() {
  const env = { ...process.env };
  // An explicit `npm run fetch-electron` means "fetch it now", even where the variable was set for the install.
  if (required) delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [require.resolve('electron/install.js')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (e) => resolve({ ok: false, reason: e.message }));
    child.on('close', (code) => resolve({ ok: code === 0, reason: reasonOf(output) }));
  });
}

/**
 * @electron/get (Electron 42 on) downloads with fetch, whose "fetch failed" hides why (the cause is not printed).
 * Asking the same host once more, here, finds it: "fetch failed: connect ECONNREFUSED 127.0.0.1:9".
 */
async function withCause(reason) {
  if (!/fetch failed/i.test(reason)) return reason;
  const host = process.env.ELECTRON_MIRROR || process.env.npm_config_electron_mirror || 'https://github.com/';
  try {
    await fetch(host, { method: 'HEAD', signal: AbortSignal.timeout(10_000) });
    return reason;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error && cause.message ? `${reason}: ${cause.message}` : reason;
  }
}

async function main() {
  if (binaryPresent()) return 0;
  const skipped = !required && process.env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  const result = skipped ? { ok: false, reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' } : await runInstall();
  if (result.ok && binaryPresent()) return 0;
  const why = result.ok ? 'the download left no binary' : await withCause(result.reason);
  console.warn(
    `\nWARNING: Electron's binary was not downloaded (${why}). Everything but running the app works ` +
      `(tests, type-checks, packaging test, \`npm run status\`); \`npm start\` and \`npm run demo\` need it. ` +
      `Fetch it later, with access to github.com or ELECTRON_MIRROR set: ${FETCH_LATER}\n`,
  );
  return required ? 1 : 0;
}

process.exitCode = await main();
