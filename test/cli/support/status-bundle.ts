// The status command as one CommonJS file, built once per test run (vitest's global setup) with the same esbuild
// options as main's bundle. Spawning `node status.cjs` runs exactly the code `npm run status` runs, without paying
// npm's and tsx's start-up (about 2 s of CPU per spawn, and the CLI tests spawn it some 50 times); status.test.ts
// still runs the real `npm run status` once, so the script's wiring stays proven.
import { createHash } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../../e2e/support/renderer-build';

/** Inside node_modules, so the externals (keytar) resolve from it as they do for main; named by the checkout, since
 *  worktrees may share one node_modules (a run in one replaced the bundle another run was spawning). */
export const STATUS_BUNDLE = join(
  ROOT,
  'node_modules',
  '.cache',
  'oncall-cli',
  `status-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.cjs`,
);

export async function buildStatusBundle(): Promise<void> {
  await mkdir(join(STATUS_BUNDLE, '..'), { recursive: true });
  // Written beside and renamed: a test run in progress never reads half a file.
  const partial = `${STATUS_BUNDLE}.${process.pid}.tmp`;
  await build({
    entryPoints: [join(ROOT, 'electron', 'cli', 'status.ts')],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['electron', 'keytar', 'node-notifier'],
    logLevel: 'warning',
    absWorkingDir: ROOT,
  });
  await rename(partial, STATUS_BUNDLE);
}
