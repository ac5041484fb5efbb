// `status` on other oversized files (fix52ac left it): reminders.json and settings.json over their limits still said
// "a copy keeps only its first … MB" though the read-only command copies nothing. One wording for the read-only
// overlay: the file was left in place and nothing was copied. A real data folder, the status command's read-only
// overlay over it. Failed before: both notices claimed a copy.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOnlyOverlay } from '../../electron/cli/overlay-files';
import { readFired } from '../../electron/core/storage/fired-read';
import { createFsFileStore } from '../../electron/core/storage/fs-file-store';
import { loadSettings } from '../../electron/core/storage/settings-store';
import type { Notice } from '../../electron/core/storage/settings-store';

async function oversized(name: string, mb: number) {
  const dir = await mkdtemp(join(tmpdir(), 'oncall-oversize-'));
  await writeFile(join(dir, name), `{"version":1,"pad":"${'x'.repeat(mb * 1024 * 1024)}"}`);
  return dir;
}

const said = (m: string) => {
  expect(m).toContain('the file was left in place and nothing was copied');
  expect(m).not.toMatch(/a copy keeps|kept as/);
};

describe('status on oversized files other than the cache', () => {
  it('reminders.json: left in place, nothing copied', async () => {
    const dir = await oversized('reminders.json', 5);
    const notices: Notice[] = [];
    await readFired(readOnlyOverlay(createFsFileStore(dir)), (n) => notices.push(n));
    expect(notices).toHaveLength(1);
    said(notices[0]?.message ?? '');
    expect(await readdir(dir)).toEqual(['reminders.json']);
  });

  it('settings.json: left in place, nothing copied', async () => {
    const dir = await oversized('settings.json', 2);
    const loaded = await loadSettings(readOnlyOverlay(createFsFileStore(dir)));
    said(loaded.notice?.message ?? '');
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('the app itself still keeps a copy of each and says so', async () => {
    const dir = await oversized('reminders.json', 5);
    const notices: Notice[] = [];
    await readFired(createFsFileStore(dir), (n) => notices.push(n));
    expect(notices[0]?.message).toMatch(/a copy keeps only its first 4 MB.*kept as .*reminders\.json\.bad-/);
  });
});
