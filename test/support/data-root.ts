// Where the tests make their data folders: a memory file system (/dev/shm) where the machine has one, else the
// system's temp folder. The app's atomic write fsyncs the file and then its folder (fs-file-store.ts): about 9 ms a
// write on the CI's disk, 0.2 ms in memory, so a fake-clock run with a record written at each phone retry (1,200
// writes in phone-down-at-start) spent a third of its time waiting for the disk. The app's calls are the same
// (open, write, chmod, fsync, rename): only the wait for a platter goes, which no test can observe (none can cut
// the power). Real files still: modes, links, renames and reads-back behave as on disk.
import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';

const MEMORY_FS = '/dev/shm';

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The folder test data folders are made in (`mkdtemp(join(dataRoot(), 'name-'))`). `TEST_DATA_ROOT` sets another
 *  (`TEST_DATA_ROOT=/tmp`: on disk, as before, to compare or to look at a file system's own behaviour). */
export function dataRoot(): string {
  const chosen = process.env['TEST_DATA_ROOT'];
  if (chosen !== undefined && chosen !== '') return chosen;
  return process.platform === 'linux' && writable(MEMORY_FS) ? MEMORY_FS : tmpdir();
}
