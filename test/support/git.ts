// git for tests, in any checkout. CI's Linux job runs as root in a container over a workspace owned by the runner's
// user, and git (≥ 2.35.2) refuses such a repository ("detected dubious ownership"); actions/checkout marks it safe
// only in a throw-away HOME. Each call here trusts exactly the folders it works in, through GIT_CONFIG_COUNT — the
// environment form of `git -c`, which git counts as command-line (protected) configuration and hands on to the git
// processes it starts — for this child process only: the user's and the machine's git configuration are never
// written. A local clone's upload-pack is started with that environment cleared, so it gets its own `-c`
// (`uploadPackTrusting`).
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The environment for one git child process that trusts `safeDirs` (and nothing else beyond the user's own list). */
export function gitEnv(safeDirs: readonly string[], base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  const start = Number.parseInt(base.GIT_CONFIG_COUNT ?? '0', 10) || 0;
  // git compares the folder it found (its real path, `/`-separated on Windows too) with each value as written.
  const forms = [
    ...new Set(safeDirs.flatMap((dir) => [dir, realPath(dir)]).flatMap((d) => [d, d.replaceAll('\\', '/')])),
  ];
  forms.forEach((dir, i) => {
    env[`GIT_CONFIG_KEY_${start + i}`] = 'safe.directory';
    env[`GIT_CONFIG_VALUE_${start + i}`] = dir;
  });
  env.GIT_CONFIG_COUNT = String(start + forms.length);
  return env;
}

/** Runs `git args` in `cwd`, trusting `cwd` and any `alsoSafe` folder (a clone's source). Resolves to stdout. */
export async function git(cwd: string, args: readonly string[], alsoSafe: readonly string[] = []): Promise<string> {
  const { stdout } = await run('git', [...args], {
    cwd,
    env: gitEnv([cwd, ...alsoSafe]),
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

function realPath(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/** Each folder as git may compare it: as given, its real path, and `/`-separated (Windows). */
function safeForms(dirs: readonly string[]): string[] {
  return [...new Set(dirs.flatMap((dir) => [dir, realPath(dir)]).flatMap((d) => [d, d.replaceAll('\\', '/')]))];
}

/** `git clone --upload-pack` for a source in `gitDirs` (its git folders): the command trusts them, quoted for sh. */
export function uploadPackTrusting(gitDirs: readonly string[]): string {
  const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
  const configs = safeForms(gitDirs).map((dir) => `-c ${quote(`safe.directory=${dir}`)}`);
  return ['git', ...configs, 'upload-pack'].join(' ');
}
