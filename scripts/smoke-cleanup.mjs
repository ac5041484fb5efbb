// The packaged smoke's cleanup (scripts/smoke-packaged.mjs), which must never be what fails the job: on Windows
// taskkill answers an error for a process that has already exited, and a file in the temporary data folder may
// still be held for a moment by a closing process (EBUSY, EPERM), so removing it can throw after every retry. Both
// are said as a GitHub warning; the smoke's verdict rests on what the app did, not on its leftovers.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

/** Ends a process tree with taskkill (Windows); false when taskkill refused (e.g. the process had already gone). */
export function stopTree(pid, run = execFileSync) {
  try {
    run('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Removes the temporary data folder; a folder that can't be removed is left behind with a warning, never thrown. */
export function removeQuietly(dir, remove = rmSync, warn = (line) => console.log(line)) {
  try {
    remove(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    return true;
  } catch (error) {
    const why = error && typeof error === 'object' && 'code' in error ? error.code : String(error);
    warn(`::warning::packaged smoke: its temporary data folder ${dir} was left behind (${why})`);
    return false;
  }
}
