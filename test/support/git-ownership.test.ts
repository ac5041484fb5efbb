// The git helper in a repository another user owns, as CI's Linux job meets it (root in a container, the workspace
// owned by the runner's user). Only root can make such a folder here, so elsewhere the test says it is skipped.
import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, uploadPackTrusting } from './git';

const run = promisify(execFile);
const isRoot = process.platform !== 'win32' && process.getuid?.() === 0;
const OTHER_UID = 1234;
let base = '';
let repo = '';

async function chownTree(dir: string): Promise<void> {
  await chown(dir, OTHER_UID, OTHER_UID);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(path);
    else await chown(path, OTHER_UID, OTHER_UID);
  }
}

describe.skipIf(!isRoot)(
  `git in a checkout owned by uid ${OTHER_UID}, run as root${isRoot ? '' : ' — skipped: not root'}`,
  () => {
    beforeAll(async () => {
      base = await mkdtemp(join(tmpdir(), 'oncall-owned-'));
      repo = join(base, 'repo');
      const env = {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@x',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@x',
      };
      await run('git', ['init', '-q', repo]);
      await writeFile(join(repo, 'a.txt'), 'a\n');
      await run('git', ['add', 'a.txt'], { cwd: repo });
      await run('git', ['commit', '-q', '-m', 'one'], { cwd: repo, env });
      await chownTree(repo);
    });

    afterAll(() => (base ? rm(base, { recursive: true, force: true }) : undefined));

    it('plain git refuses the repository (the hostile case is real here)', async () => {
      await expect(run('git', ['rev-parse', 'HEAD'], { cwd: repo })).rejects.toThrow(/dubious ownership/);
    });

    it('reads it and clones it through the helper, without writing any git configuration', async () => {
      const before = await run('git', ['config', '--global', '--get-all', 'safe.directory']).catch(() => ({
        stdout: '',
      }));
      const head = (await git(repo, ['rev-parse', 'HEAD'])).trim();
      expect(head).toMatch(/^[0-9a-f]{40}$/);
      const clone = join(base, 'clone');
      const gitDir = join(repo, '.git');
      await git(repo, ['clone', '-q', '-u', uploadPackTrusting([gitDir]), repo, clone], [gitDir]);
      expect((await git(clone, ['rev-parse', 'HEAD'])).trim()).toBe(head);
      const after = await run('git', ['config', '--global', '--get-all', 'safe.directory']).catch(() => ({
        stdout: '',
      }));
      expect(after.stdout).toBe(before.stdout);
    });
  },
);
