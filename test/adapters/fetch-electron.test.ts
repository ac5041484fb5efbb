// The install step that stands in for electron's own postinstall (scripts/fetch-electron.mjs), run as npm runs it,
// against a download mirror on loopback that refuses connections: what a user behind a closed network sees.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronBinary } from '../../scripts/electron-binary.mjs';

const root = process.cwd();

// Not require('electron'), which since Electron 42 downloads a missing binary by itself.
const binaryInstalled = (): boolean => electronBinary(join(root, 'package.json')) !== undefined;

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

// A loopback port that was just free: nothing listens, so the download fails at once, as behind a closed proxy.
// (Not port 9: fetch, which @electron/get uses since Electron 42, refuses that one itself as a "bad port".)
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
const PORT = await closedPort();
const CLOSED = { ELECTRON_MIRROR: `http://127.0.0.1:${PORT}/` };

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
        new RegExp(
          `^WARNING: Electron's binary was not downloaded \\((fetch failed: )?connect ECONNREFUSED 127\\.0\\.0\\.1:${PORT}\\)\\.`,
        ),
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
