// A write still in flight when the engine stops is a write lost at quit (the app exits under it): the reminders'
// record is written as a chain (reminders.json, then reminders-saved.json, then last-run.json, fired-store.ts), and
// stop() returned before the chain ended after a hand-off, so files appeared in the data folder after the engine had
// stopped (test/core/storage/data-folder-gone.test.ts failed about 2 runs in 3 with ENOTEMPTY at its clean-up). Now
// stop waits for the record's writes in flight: once it resolves, nothing more lands in the folder.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { oneService } from '../handoff/support/one-service';

const START = Date.parse('2026-03-04T12:00:00Z');
const WRITE_REAL_MS = 20;

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Real files whose writes take a moment (a slow disk at quit), unseen by the fake clock. */
function slowFiles(dir: string, now: () => number): FileStore {
  const inner = createFsFileStore(dir, { now });
  return {
    read: (name) => inner.read(name),
    backup: (name) => inner.backup(name),
    remove: (name) => inner.remove(name),
    writeAtomic: async (name, text) => {
      await pause(WRITE_REAL_MS);
      await inner.writeAtomic(name, text);
    },
  };
}

/** Every file with its inode and text (writes are atomic: a file written again is a new inode). */
async function folderOf(dir: string): Promise<Record<string, string>> {
  const each = async (n: string): Promise<[string, string]> => {
    const path = join(dir, n);
    return [n, `${(await stat(path)).ino} ${await readFile(path, 'utf8')}`];
  };
  return Object.fromEntries(await Promise.all((await readdir(dir)).sort().map(each)));
}

let current: Awaited<ReturnType<typeof oneService>> | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

it('after a hand-off, stop resolves only once the reminders record has landed (failed before)', async () => {
  current = await oneService(START, () => 'pass');
  const { harness } = current;
  const files = slowFiles(harness.dir, () => harness.clock.now());
  const engine = harness.engine({ client: { timeoutMs: 1_000 }, files });
  await engine.start();
  await harness.clock.advance(5_000);
  await pause(300);
  const range = { from: '2026-03-05', to: '2026-03-08' };
  const plan = await harness.clock.runWhileAdvancing(engine.handlers['handoff:plan']({ range }));
  if (!plan.ok) throw new Error(plan.error.message);
  const items = plan.value.rows.map((r) => ({ ...r, email: 'bob@example.com' }));
  const created = await harness.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
  expect(created.ok).toBe(true);
  await engine.stop();
  const atStop = await folderOf(harness.dir);
  await pause(50 * WRITE_REAL_MS);
  expect(await folderOf(harness.dir)).toEqual(atStop);
}, 60_000);
