// issue 52 (the re-land of fix52full with fix52old): a refused alarms.json whose keep-aside failed on a full disk,
// the app's own record owed meanwhile. Once there is room, the minute's retry (owed-records.ts) keeps the refused
// file aside (kept-first.ts) and writes the app's record, while a reader (the alarm store's 15 s reload) that had read
// the refused text is between its read and its keep-aside. Before: that reader kept aside the app's own record just
// written (a second copy, the record gone from its place) and said "could not be read (not in the form the app writes
// it)" of it. Now a reader keeps aside only the text it judged: the app's record written since is read again and
// taken. The real fs file store and the engine's storage stack, a fake clock; the disk is made full as in
// refused-unkept-not-overwritten.test.ts, and the reader's read is held until the retry is queued (the race, made
// certain).
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';

const disk = vi.hoisted(() => ({ full: false, room: 16_000 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open = async (...args: Parameters<typeof real.open>) => {
    const handle = await real.open(...args);
    const writeFile = async (data: string | Uint8Array, options?: BufferEncoding) => {
      if (disk.full && Buffer.from(data).length > disk.room)
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return handle.writeFile(data, options);
    };
    return new Proxy(handle, {
      get: (target, prop): unknown => {
        if (prop === 'writeFile') return writeFile;
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (...a: unknown[]): unknown => Reflect.apply(value, target, a) : value;
      },
    });
  };
  return { ...real, open, default: { ...real, open } };
});
vi.resetModules();
const { createFsFileStore } = await import('../../../electron/core/storage/fs-file-store');
const { watchWrites } = await import('../../../electron/core/storage/write-watch');
const { guardOutsideEdits } = await import('../../../electron/core/storage/outside-edits');
const { keepOwedRecords, OWED_CHECK_MS } = await import('../../../electron/core/storage/owed-records');
const { readAlarmRecords, ALARMS_FILE } = await import('../../../electron/core/alarm/alarm-records');
const { FakeClock, flush } = await import('../support/fake-clock');

const NOW = Date.parse('2026-03-25T06:30:00Z');
const SECRET = 'tok_secret_abcdef';
// Wrong shape, 40 kB, a token-like field: its masked copy needs more room than a full disk has.
const REFUSED = JSON.stringify({ version: 1, userId: 7, alarms: 'x', token: SECRET, pad: 'x'.repeat(40_000) });
// The app's own record: a ring at 06:00 acknowledged at 06:02 (a valid record, small enough for the full disk).
const OWN_RECORDS = {
  'alarm:one': {
    startMs: NOW - 30 * 60_000,
    endMs: NOW + 30 * 60_000,
    rungAtMs: NOW - 30 * 60_000,
    ackedAtMs: NOW - 28 * 60_000,
  },
};
const OWN = JSON.stringify({ version: 1, alarms: OWN_RECORDS });

/** Holds the next read of alarms.json once it has read the disk, until `release`; `held` resolves when it is held. */
function gated(inner: FileStore) {
  let hold: { held: () => void; wait: Promise<void> } | undefined;
  let release = (): void => undefined;
  const files: FileStore = {
    ...inner,
    async read(name) {
      const text = await inner.read(name);
      const h = name === ALARMS_FILE ? hold : undefined;
      hold = undefined;
      if (h) h.held();
      if (h) await h.wait;
      return text;
    },
  };
  const arm = (): Promise<void> =>
    new Promise<void>((held) => {
      hold = { held, wait: new Promise<void>((r) => (release = r)) };
    });
  return { files, arm, release: () => release() };
}

describe('the owed retry writes alarms.json while a reader is between reading the refused file and keeping it aside', () => {
  it('the refused file is kept aside once, and the app’s own record is neither kept aside nor called unreadable', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'owed-mid-read-'));
    await writeFile(join(dir, ALARMS_FILE), REFUSED);
    const clock = new FakeClock(NOW);
    const gate = gated(createFsFileStore(dir, { now: () => clock.now() }));
    const notices = new Map<string, string>();
    const watched = watchWrites(gate.files, () => undefined, undefined, clock);
    const report = (n: { id: string; message: string }): void => void notices.set(n.id, n.message);
    const guarded = guardOutsideEdits(watched.files, report);
    const owed = keepOwedRecords({
      guarded,
      raw: watched.files,
      clock,
      changed: () => undefined,
      report,
      failing: () => false,
    });
    const said: string[] = [];
    const read = () => readAlarmRecords(owed.files, clock.now(), (n) => said.push(n.message));
    try {
      disk.full = true;
      // At start: refused, its keep-aside fails (no room), so the app's record is owed and the file left as it was.
      expect((await read()).records).toEqual({});
      await expect(owed.files.writeAtomic(ALARMS_FILE, OWN)).rejects.toThrow();
      expect(await readFile(join(dir, ALARMS_FILE), 'utf8')).toBe(REFUSED);
      said.length = 0;
      // Room again. A reader reads the refused text; the minute's retry is queued while its read is held.
      disk.full = false;
      const held = gate.arm();
      const reading = read();
      await held;
      const ticking = clock.advance(OWED_CHECK_MS);
      await flush();
      gate.release();
      const got = await reading;
      await ticking;
      await owed.stop();
      const names = await readdir(dir);
      const copies = names.filter((n) => n.startsWith(`${ALARMS_FILE}.bad-`));
      // Computed here: one copy, the refused text with its token masked; the app's record in place.
      expect(copies.length).toBe(1);
      const copy = await readFile(join(dir, copies[0] ?? ''), 'utf8');
      expect(copy).toContain('x'.repeat(40_000));
      expect(copy).not.toContain(SECRET);
      expect(await readFile(join(dir, ALARMS_FILE), 'utf8')).toBe(OWN);
      // The reader took the app's own record, and said nothing of it as unreadable: what it says is the start's
      // notice of the refused file corrected once by the retry's keep-aside, naming its copy (kept-first.ts).
      expect(got.records).toEqual(OWN_RECORDS);
      const unreadable = said.filter((m) => m.includes('could not be read'));
      expect(unreadable.length).toBe(1);
      expect(unreadable[0]).toContain(`The file was kept as ${join(dir, copies[0] ?? '')}.`);
      expect(said.join('\n')).not.toContain('until there is room');
    } finally {
      disk.full = false;
    }
  }, 60_000);
});
