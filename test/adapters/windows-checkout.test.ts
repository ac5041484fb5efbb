// A Windows checkout, made visible on Linux: git for Windows installs with core.autocrlf=true, which turns every LF
// into CRLF on checkout unless .gitattributes says otherwise; Prettier's format:check (endOfLine "lf") then flags
// every file, and the CI document's code blocks (```sh\n) would not be found. This clones the committed tree (HEAD) with
// core.autocrlf=true and checks what Windows CI would meet: every text file LF, Prettier content with a sample of
// every kind of file it formats (the full format:check is its own CI step; line ends are the only thing a checkout
// changes, and every file's are checked), and the CI commands of docs/packaging-and-releasing.md read the same. A CRLF copy of a file is
// formatted in the same run, and must be flagged: the check can tell.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, uploadPackTrusting } from '../support/git';
import { CI_DOC, readmeCommands } from './support/readme-commands';

const root = process.cwd();
const run = promisify(execFile);
const isGitCheckout = existsSync(join(root, '.git'));
/** Prettier's file kinds in this project; one committed file of each is checked in the clone. */
const KINDS = ['.ts', '.svelte', '.json', '.yml', '.mjs', '.cjs', '.mts', '.cts', '.css', '.html', '.js'];

let clone = '';
let eol: Array<{ file: string; worktree: string }> = [];

describe.skipIf(!isGitCheckout)(
  `a checkout with core.autocrlf=true (as git for Windows makes)${isGitCheckout ? '' : ' — skipped: not a git checkout'}`,
  () => {
    beforeAll(async () => {
      clone = await mkdtemp(join(tmpdir(), 'oncall-crlf-'));
      // git() trusts the folders it works in: CI's Linux job runs as root over a checkout another user owns.
      const head = (await git(root, ['rev-parse', 'HEAD'])).trim();
      // A local clone's upload-pack runs in the source's git folder, which must be trusted too.
      const gitDirs = (await git(root, ['rev-parse', '--absolute-git-dir', '--git-common-dir'])).split('\n');
      const sources = gitDirs.filter(Boolean).map((dir) => resolve(root, dir));
      const uploadPack = uploadPackTrusting(sources);
      await git(
        root,
        ['clone', '-q', '--no-checkout', '-c', 'core.autocrlf=true', '-u', uploadPack, root, clone],
        [clone, ...sources],
      );
      await git(clone, ['checkout', '-q', head]);
      // `git ls-files --eol`: "i/lf    w/lf    attr/text=auto eol=lf \tpath" (w/ is the checked-out file).
      eol = (await git(clone, ['ls-files', '--eol']))
        .split('\n')
        .filter(Boolean)
        .map((line) => ({ file: line.split('\t')[1] ?? '', worktree: /\bw\/(\S*)/.exec(line)?.[1] ?? '?' }));
      // Prettier's plugins load from the project's node_modules.
      await symlink(join(root, 'node_modules'), join(clone, 'node_modules'), 'junction');
    }, 60_000);

    afterAll(() => (clone ? rm(clone, { recursive: true, force: true }) : undefined));

    it('checks out every text file with LF line ends, and leaves the icons binary', () => {
      expect(eol.length).toBeGreaterThan(100);
      expect(eol.filter((e) => e.worktree !== 'lf' && e.worktree !== '-text' && e.worktree !== '')).toEqual([]);
      const binary = eol.filter((e) => e.worktree === '-text').map((e) => e.file);
      expect(binary.length).toBeGreaterThan(0);
      expect(binary.filter((f) => !/\.(png|ico|icns)$/.test(f))).toEqual([]);
    });

    it("passes Prettier's check with a file of every kind it formats; a CRLF copy of one is flagged", async () => {
      const sample = KINDS.flatMap(
        (ext) => eol.find((e) => e.file.endsWith(ext) && !e.file.includes('/fixtures/'))?.file ?? [],
      );
      expect(sample.length).toBeGreaterThanOrEqual(8);
      const main = await readFile(join(clone, 'electron', 'main.ts'), 'utf8');
      await writeFile(join(clone, 'electron', 'crlf-copy.ts'), main.replace(/\n/g, '\r\n'));
      const prettier = join(
        dirname(createRequire(import.meta.url).resolve('prettier/package.json')),
        'bin',
        'prettier.cjs',
      );
      const checked = await run(process.execPath, [prettier, '--check', ...sample, 'electron/crlf-copy.ts'], {
        cwd: clone,
        // CI may force colour (FORCE_COLOR), which would wrap "[warn]" in escape codes; the check reads plain text.
        env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      }).then(
        () => ({ code: 0, stdout: '', stderr: '' }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(checked.code).toBe(1);
      const flagged = stripVTControlCharacters(`${checked.stdout}\n${checked.stderr}`)
        .split('\n')
        .filter((l) => l.startsWith('[warn] ') && !/Code style issues/.test(l));
      expect(flagged.map((l) => l.slice('[warn] '.length).replaceAll('\\', '/'))).toEqual(['electron/crlf-copy.ts']);
    }, 60_000);

    it("reads the CI document's CI and release commands as committed (and a CRLF copy reads the same)", async () => {
      const cloned = await readFile(join(clone, CI_DOC), 'utf8');
      expect(cloned.includes('\r')).toBe(false);
      const here = readmeCommands(await git(root, ['show', `HEAD:${CI_DOC}`]));
      expect(here).toHaveLength(2);
      expect(here?.every((block) => block.length > 2)).toBe(true);
      expect(readmeCommands(cloned)).toEqual(here);
      expect(readmeCommands(cloned.replace(/\n/g, '\r\n'))).toEqual(here);
    });
  },
);
