// The file store's read-first rule (read-first.ts, adv52 r34 #2/#3), on the real file system: a file whose read met a
// link to something missing is not written over, removed or moved aside once its target is back, until it is read;
// one still absent there is written (nothing can be lost); one read before the link went missing is written as usual.
import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { isDanglingLink } from '../../../electron/core/storage/dangling-link';
import { isUnreadFile } from '../../../electron/core/storage/read-first';

let base = '';
let data = '';
let target = '';
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'oncall-read-first-'));
  data = join(base, 'data');
  target = join(base, 'synced');
  await symlink(target, data);
});
afterEach(() => rm(base, { recursive: true, force: true }));

const refusal = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => 'done',
    (e: unknown) => e,
  );

it('a file unread behind the folder link is refused once back; one absent there is written; a read clears it', async () => {
  const files = createFsFileStore(data);
  expect(isDanglingLink(await refusal(files.read('reminders.json')))).toBe(true);
  await mkdir(target);
  const theirs = '{"theirs":true}\n';
  await writeFile(join(target, 'reminders.json'), theirs);

  expect(isUnreadFile(await refusal(files.writeAtomic('reminders.json', '{}')))).toBe(true);
  expect(isUnreadFile(await refusal(files.remove('reminders.json')))).toBe(true);
  expect(isUnreadFile(await refusal(files.backup('reminders.json')))).toBe(true);
  expect(await readFile(join(target, 'reminders.json'), 'utf8')).toBe(theirs);
  // Nothing there: nothing to lose.
  expect(await refusal(files.writeAtomic('cache.json', '{"mine":1}'))).toBe('done');
  // Read now: its reader has it, so its next write goes.
  expect(await files.read('reminders.json')).toBe(theirs);
  expect(await refusal(files.writeAtomic('reminders.json', '{"merged":1}'))).toBe('done');
  expect(await readFile(join(target, 'reminders.json'), 'utf8')).toBe('{"merged":1}');
});

it('a file read before its folder link went missing is written as usual once the target is back', async () => {
  await mkdir(target);
  await writeFile(join(target, 'cache.json'), '{"v":1}');
  const files = createFsFileStore(data);
  expect(await files.read('cache.json')).toBe('{"v":1}');
  await rename(target, `${target}-away`);
  expect(isDanglingLink(await refusal(files.read('cache.json')))).toBe(true);
  await rename(`${target}-away`, target);
  expect(await refusal(files.writeAtomic('cache.json', '{"v":2}'))).toBe('done');
  expect(await readFile(join(target, 'cache.json'), 'utf8')).toBe('{"v":2}');
});
