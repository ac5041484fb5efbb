import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { loadSettings } from '../../../electron/core/storage/settings-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'oncall-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('file store on disk', () => {
  it('reads undefined for a missing file and back what was written, private to the user', async () => {
    const files = createFsFileStore(join(dir, 'app'));
    expect(await files.read('settings.json')).toBeUndefined();
    await files.writeAtomic('settings.json', '{"a":1}');
    expect(await files.read('settings.json')).toBe('{"a":1}');
    if (process.platform !== 'win32') {
      expect((await stat(join(dir, 'app', 'settings.json'))).mode & 0o777).toBe(0o600);
    }
  });

  it('replaces whole files and leaves no temp files, even with writes racing', async () => {
    const files = createFsFileStore(dir);
    const big = (c: string): string => c.repeat(200_000);
    await Promise.all([files.writeAtomic('cache.json', big('a')), files.writeAtomic('cache.json', big('b'))]);
    const text = await files.read('cache.json');
    expect([big('a'), big('b')]).toContain(text);
    expect(await readdir(dir)).toEqual(['cache.json']);
  });

  it('moves a bad file aside under a timestamped name and never overwrites an earlier backup', async () => {
    const files = createFsFileStore(dir, { now: () => Date.parse('2026-03-02T08:00:00Z') });
    await writeFile(join(dir, 'settings.json'), 'first');
    const one = await files.backup('settings.json');
    await writeFile(join(dir, 'settings.json'), 'second');
    const two = await files.backup('settings.json');
    expect(one).toBe(join(dir, 'settings.json.bad-20260302T080000Z'));
    expect(two).toBe(join(dir, 'settings.json.bad-20260302T080000Z-2'));
    expect((await readdir(dir)).sort()).toEqual([
      'settings.json.bad-20260302T080000Z',
      'settings.json.bad-20260302T080000Z-2',
    ]);
  });

  it('refuses names that would leave the folder', async () => {
    const files = createFsFileStore(dir);
    await expect(files.writeAtomic('../escape.json', 'x')).rejects.toThrow();
  });

  it('recovers from a corrupt settings file on disk end to end', async () => {
    await writeFile(join(dir, 'settings.json'), '\u0000\u0000garbage');
    const loaded = await loadSettings(createFsFileStore(dir));
    expect(loaded.notice?.message).toContain(join(dir, 'settings.json.bad-'));
    expect(await readdir(dir)).toHaveLength(1);
  });
});

describe('file store on disk when a write fails', () => {
  it('throws, removes its temp file and leaves what was there', async () => {
    const { mkdir } = await import('node:fs/promises');
    const files = createFsFileStore(dir);
    await mkdir(join(dir, 'cache.json')); // a directory where the file should go: the rename must fail
    await expect(files.writeAtomic('cache.json', 'x')).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['cache.json']);
    expect((await stat(join(dir, 'cache.json'))).isDirectory()).toBe(true);
  });
});
