// Where Electron's binary is, or undefined when it was never downloaded, WITHOUT downloading it. Since Electron 42,
// `require('electron')` fetches a missing binary itself (a synchronous download with its own output, then a throw),
// so asking the package would start a download wherever the scripts only want to know. This reads what its install
// step leaves instead: node_modules/electron/path.txt (the executable's path inside dist/), and checks the file.
// ELECTRON_OVERRIDE_DIST_PATH is honoured as the package honours it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** @param {string} [from] a file or folder to resolve the electron package from (default: this project). */
export function electronBinary(from = import.meta.url) {
  let packageDir;
  try {
    packageDir = dirname(createRequire(from).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return join(override, executable || 'electron');
  if (!executable) return undefined;
  const full = join(packageDir, 'dist', executable);
  return existsSync(full) ? full : undefined;
}
