// `status` on an oversized cache (adv52 round 18 #2): the read-only command said "a copy keeps only its first 8 MB …
// (kept as cache.json (left in place …))" though it copied nothing. It now says the file was left in place and
// nothing was copied; the app itself still says what its copy keeps. A real data folder, the status command's
// read-only overlay over it. Failed before: the notice claimed a copy.
import { mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOnlyOverlay } from '../../electron/cli/overlay-files';
import { loadSnapshot } from '../../electron/core/storage/cache';
import { createFsFileStore } from '../../electron/core/storage/fs-file-store';

async function oversized() {
  const dir = await mkdtemp(join(tmpdir(), 'oncall-oversize-'));
  await writeFile(join(dir, 'cache.json'), `{"version":1,"pad":"${'x'.repeat(9 * 1024 * 1024)}"}`);
  return dir;
}

describe('an oversized cache.json', () => {
  it('status says it was left in place and nothing copied, and copies nothing', async () => {
    const dir = await oversized();
    const loaded = await loadSnapshot(readOnlyOverlay(createFsFileStore(dir)));
    const said = loaded.notice?.message ?? '';
    expect(said).toContain('the file was left in place and nothing was copied');
    expect(said).not.toMatch(/a copy keeps/);
    expect(await readdir(dir)).toEqual(['cache.json']);
    expect((await stat(join(dir, 'cache.json'))).size).toBeGreaterThan(9 * 1024 * 1024);
  });

  it('the app keeps a copy of its head and says so', async () => {
    const dir = await oversized();
    const loaded = await loadSnapshot(createFsFileStore(dir));
    expect(loaded.notice?.message ?? '').toMatch(/a copy keeps only its first 8 MB.*\(kept as .*cache\.json\.bad-/);
    expect((await readdir(dir)).filter((f) => f.startsWith('cache.json.bad-'))).toHaveLength(1);
  });
});
