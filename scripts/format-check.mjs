// `npm run format:check`: Prettier over the whole repository, as `prettier --check .` does, on two processes.
// Prettier checks one file after another, and the tree took ~40 s on one of CI's two cores: the top-level entries
// (a folder holding over a quarter of the files opened into its own) are dealt to two processes by how many files each holds.
// Each process reads the same ignore files as `.` does (.gitignore, .prettierignore, from the working directory).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const prettier = createRequire(import.meta.url).resolve('prettier/bin/prettier.cjs');
const SKIP = new Set(['.git', 'node_modules', 'dist', 'test-results', 'release']);

/** How many files a path holds (itself when a file). */
function countOf(path) {
  try {
    return readdirSync(path, { withFileTypes: true }).reduce(
      (n, e) => n + (e.isDirectory() ? countOf(join(path, e.name)) : 1),
      0,
    );
  } catch {
    return 1;
  }
}

/** The entries under `dir`, a folder holding over a quarter of the files opened into its own (test/core). */
function split(dir, total) {
  return readdirSync(dir)
    .filter((n) => !SKIP.has(n))
    .flatMap((n) => {
      const path = dir === '.' ? n : join(dir, n);
      const files = countOf(path);
      return files > total / 4 && files > 1 ? split(path, total) : [{ path, files }];
    });
}
const all = split('.', countOf('.') - countOf('.git') - countOf('node_modules'));
const groups = [
  { paths: [], files: 0 },
  { paths: [], files: 0 },
];
for (const { path, files } of all.sort((a, b) => b.files - a.files)) {
  const lighter = groups[0].files <= groups[1].files ? groups[0] : groups[1];
  lighter.paths.push(path);
  lighter.files += files;
}
// Prettier's own cache, by content (a fresh clone's times say nothing), one file per process: two writing one cache
// file kept only the last one's half. A clean clone checks every file; a second run here checks only what changed.
const cacheOf = (i) => [
  '--cache',
  '--cache-strategy',
  'content',
  '--cache-location',
  `node_modules/.cache/prettier/check-${i}`,
];
const run = (args, i) =>
  new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [prettier, '--check', ...cacheOf(i), '--ignore-unknown', '--no-error-on-unmatched-pattern', ...args],
      {
        stdio: 'inherit',
      },
    );
    child.on('close', (code) => resolve(code ?? 1));
  });
const codes = await Promise.all(groups.filter((g) => g.paths.length > 0).map((g, i) => run(g.paths, i)));
process.exit(codes.every((c) => c === 0) ? 0 : 1);
