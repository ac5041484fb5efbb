// The minute's look at the records the app holds (owed-records.ts, settings-gone.ts) reads a file only when it
// changed since it was last read (regular-file.ts stamps): a month's run read reminders.json and settings.json in full
// ~41,000 times each. A change is still noticed at the next minute, even one of the same size with its mtime put back
// (only ctime tells it). Real engine, real files, fake clock.
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { OWED_CHECK_MS } from '../../../electron/core/storage/owed-records';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const M = 60_000;
const T0 = Date.parse('2026-03-26T06:00:00Z');
const START = Date.parse('2026-03-26T08:00:00Z');
const RECORD = 'reminders.json';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** `inner`, counting the files read in full (a read, or a look that was not answered 'same'). */
function counted(inner: FileStore): { files: FileStore; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const count = (name: string): void => void reads.set(name, (reads.get(name) ?? 0) + 1);
  const unlessSame = inner.readUnlessSame?.bind(inner);
  const files: FileStore = {
    ...inner,
    read: (name) => (count(name), inner.read(name)),
    ...(unlessSame && {
      readUnlessSame: async (name, stamp) => {
        const now = await unlessSame(name, stamp);
        if (now !== 'same') count(name);
        return now;
      },
    }),
  };
  return { files, reads };
}

/** A file changed too recently is read again (its stamp not yet trusted): real time past that. */
const settle = (): Promise<void> => new Promise((done) => setTimeout(done, 250));

async function running() {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const { files, reads } = counted(h.files);
  const e = h.engine({ alarms: false, files });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advanceTo(START + 2 * M);
  await settle();
  // One look reads what changed since (and stamps it); from then on nothing changes.
  await h.clock.advance(2 * OWED_CHECK_MS);
  reads.clear();
  return { harness: h, e, reads };
}

it('an unchanged record and settings.json are not read again at the minute look', async () => {
  const { harness, reads } = await running();
  await harness.clock.advance(60 * M);
  expect(reads.get(RECORD) ?? 0).toBeLessThanOrEqual(2);
  expect(reads.get('settings.json') ?? 0).toBeLessThanOrEqual(2);
}, 120_000);

it('a change of the same size with its mtime put back is noticed at the next minute, as any damage', async () => {
  const { harness, e, reads } = await running();
  const path = join(harness.dir, RECORD);
  const saved = await readFile(path, 'utf8');
  // Whole seconds, so the same mtime can be put back exactly (ns can't be set): only ctime then differs.
  const mtime = Math.floor((await stat(path)).mtimeMs / 1000) - 5;
  await utimes(path, mtime, mtime);
  await settle();
  await harness.clock.advance(2 * OWED_CHECK_MS);
  reads.clear();
  await harness.clock.advance(3 * OWED_CHECK_MS);
  expect(reads.get(RECORD) ?? 0).toBe(0);
  const bad = 'x'.repeat(Buffer.byteLength(saved));
  await writeFile(path, bad);
  await utimes(path, mtime, mtime);
  const before = await stat(path, { bigint: true });
  expect([before.size, before.mtimeNs]).toEqual([BigInt(Buffer.byteLength(saved)), BigInt(mtime) * 1_000_000_000n]);
  await harness.clock.advance(OWED_CHECK_MS);
  expect(await readFile(path, 'utf8')).toBe(saved);
  const kept = (await readdir(harness.dir)).filter((n) => n.startsWith(`${RECORD}.bad-`));
  expect(kept).toHaveLength(1);
  expect(await readFile(join(harness.dir, kept[0] ?? ''), 'utf8')).toBe(bad);
  expect(e.getState().notices.filter((n) => n.message.startsWith(`${RECORD} could not be read`))).toHaveLength(1);
}, 120_000);
