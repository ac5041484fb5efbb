// The fs store's stamp (regular-file.ts): one stat tells a file exactly as when read from one changed since, so the
// minute's look (owed-records.ts) reads none that is unchanged, and never misses a change: a rename over it, a
// write of the same size with its mtime put back, a removal. A file changed too recently gets no stamp.
import { mkdtemp, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';

let dir: string | undefined;
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const settle = (): Promise<void> => new Promise((done) => setTimeout(done, 250));

/** A store over a new folder holding `a.json` (its times whole seconds, past), and that file's first stamp. */
async function stamped(text = '{"a":1}') {
  dir = await mkdtemp(join(tmpdir(), 'oncall-stamp-'));
  const files = createFsFileStore(dir);
  const path = join(dir, 'a.json');
  await writeFile(path, text);
  const mtime = Math.floor(Date.now() / 1000) - 10;
  await utimes(path, mtime, mtime);
  await settle();
  const first = await files.readUnlessSame?.('a.json', undefined);
  if (first === undefined || first === 'same' || first.stamp === undefined) throw new Error('no stamp');
  return { files, path, mtime, stamp: first.stamp };
}

it('an unchanged file is answered by its stamp, unread', async () => {
  const { files, stamp } = await stamped();
  expect(await files.readUnlessSame?.('a.json', stamp)).toBe('same');
});

it('a write of the same size with its mtime put back is read again', async () => {
  const { files, path, mtime, stamp } = await stamped();
  await writeFile(path, '{"a":2}');
  await utimes(path, mtime, mtime);
  expect((await stat(path)).size).toBe(7);
  expect(await files.readUnlessSame?.('a.json', stamp)).toMatchObject({ text: '{"a":2}' });
});

it('a file renamed over it, or removed, is read again', async () => {
  const { files, path, stamp } = await stamped();
  const other = join(dir ?? '', 'b.json');
  await writeFile(other, '{"a":1}');
  await rename(other, path);
  expect(await files.readUnlessSame?.('a.json', stamp)).toMatchObject({ text: '{"a":1}' });
  await rm(path);
  expect(await files.readUnlessSame?.('a.json', stamp)).toEqual({ text: undefined, stamp: undefined });
});

it('a file changed just now gets no stamp: a change in the same clock tick could not be told', async () => {
  const { files, path } = await stamped();
  await writeFile(path, '{"a":3}');
  expect(await files.readUnlessSame?.('a.json', undefined)).toEqual({ text: '{"a":3}', stamp: undefined });
});
