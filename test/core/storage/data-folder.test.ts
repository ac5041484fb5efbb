// A data folder that can't be written, or a reminders record that can't be read, is told to the user in the
// state every surface shows (tray, popover, status) — once, not per failed write — instead of only being logged.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { saveSettings } from '../../../electron/core/storage/settings-store';
import { watchWrites } from '../../../electron/core/storage/write-watch';
import { defaultSettings } from '../../../electron/shared/settings';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { MemoryFileStore } from '../support/memory-file-store';
import { ME, quietSeed } from '../support/seeds';
import { MIN } from '../../support/time';

const START = Date.parse('2026-03-25T06:00:00Z');
const FOLDER = '/home/me/.config/OnCall Tray';
const SETTINGS_LOST = "a change to your settings can't be saved, so none is made";
const CACHE_LOST = 'the schedule data saved for the next start and offline use is not updated';

let h: Harness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Reads and backups as `inner`; every write refused the way a read-only folder refuses it. */
function unwritable(inner: FileStore): FileStore & { attempts: number } {
  const store = {
    location: FOLDER,
    attempts: 0,
    read: (name: string) => inner.read(name),
    backup: (name: string) => inner.backup(name),
    remove: (name: string) => inner.remove(name),
    async writeAtomic(): Promise<void> {
      store.attempts++;
      throw Object.assign(new Error(`EACCES: permission denied, open '${FOLDER}/cache.json'`), { code: 'EACCES' });
    },
  };
  return store;
}

describe('a data folder that cannot be written', () => {
  it('is named in one notice, on disk, with the reason', async () => {
    dir = await mkdtemp(join(tmpdir(), 'oncall-folder-'));
    // A file where the folder should be: refused even for root, unlike a chmod.
    await writeFile(join(dir, 'blocker'), '');
    const folder = join(dir, 'blocker', 'app');
    const watched = watchWrites(createFsFileStore(folder), () => undefined);
    await expect(saveSettings(watched.files, defaultSettings())).rejects.toThrow();
    await expect(watched.files.writeAtomic('cache.json', '{}')).rejects.toThrow();
    expect(watched.notices().map((n) => n.message)).toEqual([
      `Can't save to ${folder} (part of the path is not a folder): ${SETTINGS_LOST}; ${CACHE_LOST}.`,
    ]);
  });

  it('stops being reported once writes succeed again', async () => {
    let fail = true;
    const inner = new MemoryFileStore();
    const flaky: FileStore = {
      read: (n) => inner.read(n),
      backup: (n) => inner.backup(n),
      remove: (n) => inner.remove(n),
      writeAtomic: (n, t) => (fail ? Promise.reject(new Error('EIO')) : inner.writeAtomic(n, t)),
    };
    const watched = watchWrites(flaky, () => undefined);
    await watched.files.writeAtomic('reminders.json', '{}').catch(() => undefined);
    expect(watched.notices()[0]?.message).toBe(
      "Can't save to the app's data folder: reminders may repeat after a restart.",
    );
    fail = false;
    await watched.files.writeAtomic('reminders.json', '{}');
    expect(watched.notices()).toEqual([]);
  });

  it('names a calendar record for what it is: it holds sequence numbers, not reminders', async () => {
    const inner = new MemoryFileStore();
    const failing: FileStore = {
      read: (n) => inner.read(n),
      backup: (n) => inner.backup(n),
      remove: (n) => inner.remove(n),
      writeAtomic: () => Promise.reject(new Error('EIO')),
    };
    const watched = watchWrites(failing, () => undefined);
    await watched.files.writeAtomic('calendar-feed.json', '[]').catch(() => undefined);
    const record =
      "the calendar's record of what it published (calendar-feed.json) was not saved: a later export may reuse " +
      'sequence numbers, and a calendar app may then ignore an edit';
    expect(watched.notices().map((n) => n.message)).toEqual([`Can't save to the app's data folder: ${record}.`]);
    await watched.files.writeAtomic('reminders.json', '{}').catch(() => undefined);
    expect(watched.notices().map((n) => n.message)).toEqual([
      `Can't save to the app's data folder: reminders may repeat after a restart; ${record}.`,
    ]);
  });

  it('shows in the app state once, however many writes fail, while the app keeps working', async () => {
    h = await createHarness({ startMs: START, seed: quietSeed(1) });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_quiet_0'] });
    const files = unwritable(h.files);
    const engine = h.engine({ files });
    await engine.start();
    await h.clock.advance(10 * MIN);
    const update = await engine.handlers['settings:update']({ theme: 'dark' });
    await h.clock.advance(60 * MIN);
    const state = engine.getState();
    expect(files.attempts).toBeGreaterThan(1);
    expect(update.ok).toBe(false);
    // The app records its run at start (alarm-runs.json): a folder that refuses it can't keep an alarm's ring either.
    // In this quiet world my e-mail is on no schedule, so that problem is said too (a true one, not the folder's).
    const folderNotices = state.notices.filter((n) => !n.id.startsWith('identity-absent:'));
    expect(folderNotices.map((n) => n.message)).toEqual([
      `Can't save to ${FOLDER} (permission denied): ${SETTINGS_LOST}; ${CACHE_LOST}; ` +
        'a shift-start alarm may ring again after a restart, or an acknowledgement be missed.',
    ]);
    expect(state.schedules[0]?.status.kind).toBe('fresh');
  });
});

describe('what a failing save puts at risk, worded per file (issue 52)', () => {
  /** Every write refused (EROFS); the notice for exactly the files in `names`. */
  async function noticeFor(...names: string[]): Promise<string[]> {
    const inner = new MemoryFileStore();
    const failing: FileStore = {
      read: (n) => inner.read(n),
      backup: (n) => inner.backup(n),
      remove: (n) => inner.remove(n),
      writeAtomic: () => Promise.reject(Object.assign(new Error('EROFS'), { code: 'EROFS' })),
    };
    const watched = watchWrites(failing, () => undefined);
    for (const n of names) {
      await watched.files.writeAtomic(n, '{}').catch(() => undefined);
      await watched.files.writeAtomic(n, '{}').catch(() => undefined);
    }
    return watched.notices().map((n) => n.message);
  }
  const at = "Can't save to the app's data folder (the disk is read-only): ";

  it.each([
    ['settings.json', SETTINGS_LOST],
    ['cache.json', CACHE_LOST],
    ['cache-work.json', CACHE_LOST],
    ['reminders.json', 'reminders may repeat after a restart'],
    ['last-run.json', 'reminders may repeat after a restart'],
    ['handoff.json', "an I'm away hand-off can't be recorded before it is sent, so none of its shifts is sent"],
    ['alarms.json', 'a shift-start alarm may ring again after a restart, or an acknowledgement be missed'],
    ['alarm-runs.json', 'a shift-start alarm may ring again after a restart, or an acknowledgement be missed'],
    ['escalations.json', 'a phone alert already sent may be sent again after a restart'],
    ['update-check.json', 'the app may look for a new version again sooner than once a day'],
    ['notes.json', 'notes.json was not saved'],
  ])('%s: says only what is at risk for it', async (name, lost) => {
    expect(await noticeFor(name)).toEqual([`${at}${lost}.`]);
  });

  it('names each consequence once, in a fixed order, however many files and writes fail', async () => {
    expect(await noticeFor('reminders.json', 'cache-a.json', 'settings.json', 'cache.json', 'reminders.json')).toEqual([
      `${at}${SETTINGS_LOST}; ${CACHE_LOST}; reminders may repeat after a restart.`,
    ]);
  });
});

describe('a corrupt reminders record', () => {
  it('shows in the app state at start-up', async () => {
    h = await createHarness({ startMs: START, seed: quietSeed(1) });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_quiet_0'] });
    await h.files.writeAtomic('reminders.json', 'not json');
    const engine = h.engine();
    await engine.start();
    expect(engine.getState().notices.map((n) => n.message)).toEqual([
      'The record of reminders already shown could not be read (kept as /data/reminders.json.bad-1): some reminders may be shown again.',
    ]);
  });
});
