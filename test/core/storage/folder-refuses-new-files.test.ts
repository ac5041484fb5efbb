// adv52 r56 #1: a data folder that is there but answers "no such file" to every new file in it (a FUSE or synced
// folder; procfs's /proc/self/fdinfo here) was said as "the data folder no longer exists; the app makes it again"
// and "your settings and accounts are no longer on disk", though the folder stands and can't be made again.
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { reasonOf, watchWrites } from '../../../electron/core/storage/write-watch';

const DIR = '/proc/self/fdinfo';
const there = (() => {
  try {
    return statSync(DIR).isDirectory();
  } catch {
    return false;
  }
})();

describe.skipIf(!there)('a data folder that stands but refuses new files (Linux procfs as the stand-in)', () => {
  it('is said as refusing new files, never as gone, and no settings are said lost', async () => {
    const store = createFsFileStore(DIR);
    const failure = await store.writeAtomic('calendar-export.json', '{}').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeDefined();
    const reason = reasonOf(failure, 'calendar-export.json') ?? '';
    expect(reason).not.toMatch(/no longer exists|makes it again/);
    expect(reason).toMatch(/refuse/);
    const watched = watchWrites(store, () => undefined);
    await watched.files.writeAtomic('calendar-export.json', '{}').catch(() => undefined);
    const said = watched
      .notices()
      .map((n) => n.message)
      .join('\n');
    expect(said).toMatch(/calendar's record/);
    expect(said).not.toMatch(/no longer exists|no longer on disk/);
    watched.linkBack.stop();
  });
});
