// adv52 r39 #2 and #3: what the app holds is saved once the data folder takes writes again, and a record damaged
// outside while it runs is kept aside, said and written again. Before: "I'm on it" on a full (or read-only) disk was
// never saved though the folder took writes again minutes later, "Can't save … (the disk is full)" stood for hours,
// and at the next start the acknowledged alarm rang again; alarms.json cut short, emptied or replaced by garbage after
// the ack stayed so, unsaid, and the next start rang the alarm again. The real engine over the simulator, a fake
// clock, real files; a full or read-only disk is made by failing the store's writes as such a disk fails them (no
// mount needed), and the real-tmpfs run lives in test/adv (root only).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { createHarness, RecordingNotifier, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The folder as a full or read-only disk is while `disk.broken` holds: every write fails with its code; a read-only
 *  one refuses moves and removals too. */
function failing(inner: FileStore, code: 'ENOSPC' | 'EROFS') {
  const disk = { broken: false };
  const refused = (): Error => Object.assign(new Error(`${code}: refused`), { code });
  const files: FileStore = {
    ...(inner.location === undefined ? {} : { location: inner.location }),
    read: (n) => inner.read(n),
    backup: (n) => (disk.broken && code === 'EROFS' ? Promise.reject(refused()) : inner.backup(n)),
    remove: (n) => (disk.broken && code === 'EROFS' ? Promise.reject(refused()) : inner.remove(n)),
    writeAtomic: (n, t) => (disk.broken ? Promise.reject(refused()) : inner.writeAtomic(n, t)),
  };
  return { files, disk };
}

const messages = (e: { getState(): { notices: readonly { message: string }[] } }): string =>
  e
    .getState()
    .notices.map((n) => n.message)
    .join(' | ');

/** The next start on the same folder, at `atMs`: whether the alarm rings, and what it shows that the first run had
 *  shown already (the ids the first run's notifier recorded). */
async function restart(harness: Harness, atMs: number) {
  const shownBefore = new Set(harness.notifier.shown.map((s) => s.id));
  const notifier = new RecordingNotifier(harness.clock);
  const again = harness.engine({ notifier });
  await harness.clock.runWhileAdvancing(again.start(), 1000, 60);
  await harness.clock.advanceTo(atMs);
  const ringing = again.getState().alarm?.ringing;
  const repeated = notifier.shown.filter((s) => shownBefore.has(s.id)).map((s) => s.id);
  await again.stop();
  return { ringing, repeated, shownBefore };
}

async function ackAt(harness: Harness, engine: ReturnType<Harness['engine']>, atMs: number) {
  await harness.clock.advanceTo(atMs);
  const key = engine.getState().alarm?.key ?? '';
  expect(key).not.toBe('');
  return harness.clock.runWhileAdvancing(engine.alarmIntent({ kind: 'ack', key }));
}

describe('a data folder that takes writes again gets what the app holds', () => {
  it.each([
    ['ENOSPC', 'the disk is full'],
    ['EROFS', 'the disk is read-only'],
  ] as const)(
    '%s at 08:40, writable at 09:05: saved, said once, no second ring',
    async (code, reason) => {
      h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
      const { files, disk } = failing(h.files, code);
      const A = h.engine({ files });
      await h.clock.runWhileAdvancing(A.start(), 1000, 60);
      await h.clock.advanceTo(MY_START - 20 * MIN);
      disk.broken = true;
      await ackAt(h, A, MY_START + MIN);
      await h.clock.advanceTo(MY_START + 4 * MIN);
      expect(messages(A)).toContain(`(${reason})`);
      expect(await readdir(h.dir)).not.toContain('alarms.json');
      disk.broken = false;
      await h.clock.advanceTo(MY_START + 20 * MIN);
      expect(messages(A)).not.toContain("Can't save");
      expect(messages(A)).toContain("The data folder can be written again; what couldn't be saved is saved now.");
      expect(await readdir(h.dir)).toContain('alarms.json');
      await A.stop();
      const next = await restart(h, MY_START + 25 * MIN);
      expect(next.shownBefore.size).toBeGreaterThan(0);
      expect(next.ringing).toBe(false);
      expect(next.repeated).toEqual([]);
    },
    60_000,
  );

  it('writable again only as the app stops: the stop saves what is owed', async () => {
    h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const { files, disk } = failing(h.files, 'ENOSPC');
    const A = h.engine({ files });
    await h.clock.runWhileAdvancing(A.start(), 1000, 60);
    await h.clock.advanceTo(MY_START - 20 * MIN);
    disk.broken = true;
    await ackAt(h, A, MY_START + MIN);
    await h.clock.advanceTo(MY_START + 3 * MIN);
    disk.broken = false;
    // Stopped before the minute's retry: the stop itself saves it.
    await A.stop();
    expect(await readdir(h.dir)).toContain('alarms.json');
    expect((await restart(h, MY_START + 10 * MIN)).ringing).toBe(false);
  }, 60_000);
});

describe('a record damaged outside while the app runs', () => {
  it.each(['cut', 'empty', 'garbage'])(
    'alarms.json %s after the ack: kept aside, said, rewritten',
    async (damage) => {
      h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
      const A = h.engine({});
      await h.clock.runWhileAdvancing(A.start(), 1000, 60);
      await ackAt(h, A, MY_START + MIN);
      await h.clock.advanceTo(MY_START + 2 * MIN);
      const path = join(h.dir, 'alarms.json');
      const saved = await readFile(path, 'utf8');
      const bad = damage === 'cut' ? saved.slice(0, saved.length >> 1) : damage === 'empty' ? '' : 'not json at all';
      await writeFile(path, bad);
      await h.clock.advanceTo(MY_START + 30 * MIN);
      expect(await readFile(path, 'utf8')).toBe(saved);
      const kept = (await readdir(h.dir)).filter((n) => n.startsWith('alarms.json.bad-'));
      expect(kept).toHaveLength(1);
      expect(await readFile(join(h.dir, kept[0] ?? ''), 'utf8')).toBe(bad);
      const said = A.getState().notices.filter((n) => n.message.includes('alarms.json'));
      expect(said.map((n) => n.message)).toEqual([
        'alarms.json could not be read (it was damaged while the app ran: it is no longer what the app saved), so the app wrote ' +
          `what it holds. It was kept as ${join(h.dir, kept[0] ?? '')}.`,
      ]);
      await A.stop();
      const next = await restart(h, MY_START + 35 * MIN);
      expect(next.ringing).toBe(false);
      expect(next.repeated).toEqual([]);
    },
    60_000,
  );
});
