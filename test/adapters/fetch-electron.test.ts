// The install step that stands in for electron's own postinstall (scripts/fetch-electron.mjs), run as npm runs it,
// against a download mirror on loopback that refuses connections: what a user behind a closed network sees.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();

function binaryInstalled(): boolean {
  try {
    const path: unknown = createRequire(join(root, 'package.json'))('electron');
    return typeof path === 'string' && existsSync(path);
  } catch {
    return false;
  }
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const options = { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 };
    const child = execFile(
      process.execPath,
      ['scripts/fetch-electron.mjs', ...args],
      options,
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

// Port 9 (discard) on loopback: nothing listens, so the download fails at once, as behind a closed proxy.
const CLOSED = { ELECTRON_MIRROR: 'http://127.0.0.1:9/' };

describe('installing without access to Electron downloads', () => {
  it("npm skips electron's own download step and runs ours after the install", async () => {
    const pkg: unknown = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({
      allowScripts: { electron: false },
      scripts: {
        postinstall: 'node scripts/fetch-electron.mjs',
        'fetch-electron': 'node scripts/fetch-electron.mjs --required',
      },
    });
  });

  // Where the binary is installed (a machine with network) there is nothing to fetch and nothing to say.
  it.skipIf(binaryInstalled())(
    'as postinstall: exits 0 with one warning naming the reason and the command for later',
    async () => {
      const result = await run([], CLOSED);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('');
      const lines = result.stderr.split('\n').filter((l) => l.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^WARNING: Electron's binary was not downloaded \(connect ECONNREFUSED 127\.0\.0\.1:9\)\./,
      );
      expect(lines[0]).toContain('npm run fetch-electron');
    },
  );

  it.skipIf(binaryInstalled())(
    'as `npm run fetch-electron`: fails, even where the install skipped the download on purpose',
    async () => {
      const result = await run(['--required'], { ...CLOSED, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('ECONNREFUSED');
    },
  );
});
