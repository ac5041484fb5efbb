// The records the app holds in memory are saved again once the data folder takes writes (issue 52, adv52 r39 #2):
// the disk filled at 08:40, "I'm on it" at 09:01 could not be saved, space came back at 09:05 and cache.json was
// saved again, yet alarms.json was never written (nothing wrote it again), "Can't save … (the disk is full)" stayed
// for hours and the acknowledged alarm rang again at the next start. A record whose save failed is owed: any later
// write that works, a retry each minute while one is owed, and the stop save it again from memory, and once every
// one is saved the notice is corrected once.
// And a record damaged outside while the app runs (adv52 r39 #3: alarms.json cut short after an ack, the folder
// writable, nothing said for the whole run, the alarm rang again at the next start) is looked at each minute: one
// that no longer holds what the app wrote and is not JSON at all is kept aside, said once, and written again. One
// that is gone (adv52 r42 #1: reminders.json removed by a sync tool, never written again, the start reminder shown
// again at the next start) is written again from memory and said too: the app still holds every record of it.
// settings.json gone is written back by its holder and said once (settings-gone.ts).
import type { Clock, FileStore } from '../ports';
import { SETTINGS_FILE, type Notice } from './settings-store';
import { damagedNotice, isJson, wroteWords } from './outside-words';
import { watchSettingsGone } from './settings-gone';
import { serialOf } from './file-queue';
import { stampedLook } from './stamped-look';

export const SAVED_AGAIN_NOTICE_ID = 'data-folder-saved-again';
export const SAVED_AGAIN = "The data folder can be written again; what couldn't be saved is saved now.";
export const OWED_CHECK_MS = 60_000;

/** Records the app can write again as it holds them. Not settings (a change that can't be saved is not made), the
 *  hand-off (one not recorded is not sent: recording it later would send it at the next start), the cache or the
 *  calendar's record (their writers write again themselves). */
const OWED = /^(alarms|alarm-runs|reminders|escalations|phone-waits|(lost-answers|service-waits)(-[^/]*)?)\.json$/;
/** Records looked at for damage: the same, and the hand-off (never owed: a rewrite is said from its own outcome). */
const LOOKED_AT = (name: string): boolean => OWED.test(name) || /^handoff(-current)?\.json$/.test(name);

export interface OwedRecords {
  files: FileStore;
  /** The correction, while it is true (until a save fails again). */
  notices(): Notice[];
  /** Tries what is owed once more and ends the minute's look. */
  stop(): Promise<void>;
}

/** `tick` each minute from the first `start()` (an engine built and never started holds no timer) until `stop()`. */
function minutely(clock: Clock, tick: () => Promise<void>): { start(): void; stop(): void } {
  let cancel: (() => void) | undefined;
  let stopped = false;
  const every = (): void => {
    cancel = clock.setTimer(OWED_CHECK_MS, () => void tick().finally(() => stopped || every()));
  };
  return {
    start: () => void (cancel === undefined && !stopped && every()),
    stop() {
      stopped = true;
      cancel?.();
    },
  };
}

/** Whether "saved now" is true: all that was owed is saved, and no save failed since. */
function savedAgainOf(changed: () => void): { failed(owing: boolean): void; allSaved(): void; now(): boolean } {
  let wasOwed = false;
  let savedAgain = false;
  const set = (to: boolean): void => {
    if (savedAgain === to) return;
    savedAgain = to;
    changed();
  };

  return {
    failed(owing) {
      wasOwed ||= owing;
      set(false);
    },
    allSaved() {
      if (wasOwed) set(true);
      wasOwed = false;
    },
    now: () => savedAgain,
  };
}

/** Writes once more, in each file's queue, every record still owed, as the app holds it now. */
function retryOf(
  owed: Set<string>,
  held: Map<string, string>,
  serial: ReturnType<typeof serialOf>,
  write: (name: string, text: string) => Promise<void>,
): () => Promise<void> {
  return async () => {
    for (const name of [...owed]) {
      await serial(name, async () => {
        const text = held.get(name);
        if (owed.has(name) && text !== undefined) await write(name, text);
      }).catch(() => undefined);
    }
  };
}

interface OwedOptions {
  guarded: FileStore;
  raw: FileStore;
  clock: Clock;
  changed: () => void;
  report: (n: Notice) => void;
  /** Whether the folder's "Can't save" notice still stands (for a file not owed here, e.g. the cache). */
  failing: () => boolean;
  /** A record file found changed but still JSON (another writer, or an older copy put back): its owner reads it
   *  through its own reader and merges (alarm-store.ts). */
  replaced?: (name: string) => void;
  /** settings.json, once read or written, found gone: its holder saves what it holds (whether that worked). */
  settingsGone?: () => Promise<boolean>;
}

/** `guarded`: the store writers use (outside edits kept aside); `raw`: the same folder read without being taken as
 *  what the app read (so a damaged file is still judged against what the app wrote). */
export function keepOwedRecords(o: OwedOptions): OwedRecords {
  const { guarded, raw } = o;
  /** File name → the text the app last meant it to hold (written or owed). */
  const held = new Map<string, string>();
  const owed = new Set<string>();
  /** File name → the valid text last found changed and handed to its owner (`replaced`). */
  const handed = new Map<string, string>();
  /** Files a reader moved aside since the app last wrote them: gone by the app's own doing, its reader writes next. */
  const movedAside = new Set<string>();
  const said = savedAgainOf(o.changed);
  const serial = serialOf();
  const write = async (name: string, text: string): Promise<void> => {
    try {
      await guarded.writeAtomic(name, text);
    } catch (cause) {
      if (OWED.test(name)) owed.add(name);
      said.failed(OWED.test(name));
      throw cause;
    }
    if (owed.delete(name) && owed.size === 0) said.allSaved();
  };
  const retry = retryOf(owed, held, serial, write);
  const seen = stampedLook(raw);
  /** Whether the file was found changed but still JSON (its owner's to merge, outside this file's queue). */
  const look = (name: string, text: string): Promise<boolean> =>
    serial(name, async () => {
      // A file that can't be read now proves nothing: looked at again next minute. One unchanged since it was read
      // holding `text` is known by one stat (stamped-look.ts): `text`, unread.
      const now = await seen.text(name, text).catch(() => text);
      if (now === text || held.get(name) !== text || (now === undefined && movedAside.has(name))) return false;
      // Handed to its owner once per change (what the app holds stays the text a damaged file is judged against).
      if (now !== undefined && isJson(now)) return handed.get(name) !== now && (handed.set(name, now), true);
      const kept = now === undefined ? null : await guarded.backup(name).catch(() => undefined);
      const wrote = await write(name, text)
        .then(() => true)
        .catch(() => false);
      o.report(damagedNotice(name, kept, wroteWords(wrote)));
      return false;
    });
  const settings = watchSettingsGone(raw, o.report, o.settingsGone);
  const tick = async (): Promise<void> => {
    await retry();
    for (const [name, text] of [...held])
      if (!owed.has(name) && (await look(name, text).catch(() => false))) o.replaced?.(name);
    await settings.look(movedAside.has(SETTINGS_FILE)).catch(() => undefined);
  };
  const timer = minutely(o.clock, tick);
  const aside = (name: string, kept: Promise<string>): Promise<string> => (movedAside.add(name), kept);
  const files: FileStore = {
    ...(guarded.location === undefined ? {} : { location: guarded.location }),
    read: async (name) => settings.read(name, await guarded.read(name)),
    readAsIs: (name) => raw.read(name),
    backup: (name) => aside(name, guarded.backup(name)),
    ...(guarded.backupRead && { backupRead: (n, t) => aside(n, guarded.backupRead?.(n, t) ?? guarded.backup(n)) }),
    ...(guarded.keptLater === undefined ? {} : { keptLater: guarded.keptLater.bind(guarded) }),
    remove: (name) =>
      serial(name, async () => {
        await guarded.remove(name);
        [held, owed].forEach((m) => m.delete(name));
        settings.seen(name, false);
      }),
    async writeAtomic(name, text) {
      if (LOOKED_AT(name)) held.set(name, text);
      settings.seen(name, true);
      movedAside.delete(name);
      timer.start();
      await serial(name, () => write(name, text));
      // The folder took a write: what is owed is saved now.
      if (owed.size > 0) void retry();
    },
  };
  return {
    files,
    notices: () => (said.now() && !o.failing() ? [{ id: SAVED_AGAIN_NOTICE_ID, message: SAVED_AGAIN }] : []),
    async stop() {
      timer.stop();
      await retry();
    },
  };
}
