// A file is never silently overwritten (adv52 r9 #3): with the data folder swapped under the running app (a symlink
// to another install), reminders.json and cache.json of that install were rewritten from the app's memory, its
// records lost, nothing kept or said. settings.json already compared itself with what the app last read or wrote
// before a save (settings-outside.ts); this does it for every file the app writes back, once, around the FileStore:
// it remembers a digest of what it last read or wrote per file, and before a write a file that no longer holds that
// is kept aside (a backup) and said once, then the app's own is written. A file the app never read or wrote is not
// judged (nothing to compare with). Writes of one file are serialised, so the app's own writes never look outside.
// A removal gets the same check (adv52 r28: Close deleted a handoff.json another install had changed, unkept and
// unsaid): every store removes through here, so one rule covers a closed or settled hand-off, its mark, and a
// removed account's cache, identity and lost-answers files.
// settings.json is judged by the same rule (adv52 r29): its own check compared the settings read from the file after
// repair, so a newer version's file, an unknown setting or a value out of range looked unchanged and was written
// over; and the re-save once a vanished data folder is back never checked. Only its words are its own.
import { createHash } from 'node:crypto';
import type { FileStore } from '../ports';
import { isTooLarge } from './file-limits';
import { SETTINGS_FILE, type Notice } from './settings-store';
import { settingsOutsideNotice } from './settings-outside';
import { ChangedSinceReadError } from './changed-since-read';

import { damagedNotice, isJson, OUTSIDE_NOTICE_ID, wroteWords } from './outside-words';

export { OUTSIDE_NOTICE_ID };

const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** What the app did to the file next, in words, and whether that worked. */
type Then = { did: string; done: boolean };
/** What is on disk now: its digest and text, null when absent, undefined when it can't be read. A file too large
 *  to read is no file the app wrote (it never writes one that big), so it counts as changed, with no text. */
type OnDisk = { digest: string; text: string | undefined } | null | undefined;

async function onDisk(inner: FileStore, name: string): Promise<OnDisk> {
  try {
    const text = await inner.read(name);
    return text === undefined ? null : { digest: digestOf(text), text };
  } catch (cause) {
    return isTooLarge(cause) ? { digest: '', text: undefined } : undefined;
  }
}

/** The notice for a file kept aside (or not), said once the app's own `then` was tried (`done`: it worked), so it
 *  never tells of a save that failed. */
function changedNotice(name: string, text: string | undefined, kept: string | undefined, then: Then): Notice {
  if (name === SETTINGS_FILE) return settingsOutsideNotice(text, kept, then.done);
  // Not JSON at all: cut short or damaged, said as every record the app holds is (adv52 r44 #2), never blamed on
  // another install or a hand edit.
  if (text !== undefined && !isJson(text)) return damagedNotice(name, kept, thenWords(then));
  const next = then.done ? `so the app ${then.did}` : `and the app could not write its own either: it is as it was`;
  const where = kept === undefined ? ` Keeping it aside failed, ${next}.` : ` It was kept as ${kept}.`;
  return {
    id: `${OUTSIDE_NOTICE_ID}:${name}`,
    message: `${name} was changed outside the app while it ran (another install's, or a hand edit).${where}`,
  };
}

const WROTE = 'wrote its own over it';
const thenWords = ({ did, done }: Then): string =>
  did === WROTE ? wroteWords(done) : done ? `the app ${did}` : 'the app could not remove it';

/** A copy kept at quit, said by the next start (said-later.ts) in the words it would have had at once. */
export const keptAtQuitNotice = (name: string, kept: string, json: boolean, wrote: boolean): Notice => {
  const said = json
    ? changedNotice(name, undefined, kept, { did: WROTE, done: wrote })
    : damagedNotice(name, kept, wroteWords(wrote));
  // Each copy said apart (two instances on one folder each keep one at quit), never one in place of another.
  return { ...said, id: `${said.id}:${kept}` };
};

/** A copy kept aside at quit (said-later.ts): the file, its copy's path, whether it was JSON, whether the app's own
 *  write over it worked. */
export interface KeptAtQuit {
  name: string;
  kept: string;
  json: boolean;
  wrote: boolean;
}

/** Whether the app is quitting (its notices are seen by no one), and where a cache kept aside then is recorded. */
export interface AtQuit {
  quitting(): boolean;
  kept(k: KeptAtQuit): void;
}
const CACHE = /^cache(-[^/]*)?\.json$/;

export function guardOutsideEdits(inner: FileStore, report: (n: Notice) => void, atQuit?: AtQuit): FileStore {
  /** File name → digest of what the app last read or wrote; null: it read it as absent, or moved it aside. */
  const last = new Map<string, string | null>();
  const queues = new Map<string, Promise<unknown>>();
  const serial = <T>(name: string, job: () => Promise<T>): Promise<T> => {
    const next = (queues.get(name) ?? Promise.resolve()).then(job, job);
    queues.set(
      name,
      next.catch(() => undefined),
    );
    return next;
  };
  const keep = async (name: string): Promise<string> => {
    const kept = await inner.backup(name);
    last.set(name, null);
    return kept;
  };
  /** Keeps the file aside when it is not what the app last read or wrote, then does `job` (the app's own write or
   *  removal, `did` in words) and says what became of both. */
  const guarded = async (name: string, did: string, job: () => Promise<void>): Promise<void> => {
    const was = last.get(name);
    const now = was === undefined ? undefined : await onDisk(inner, name);
    // Never read or written, gone or unreadable: nothing there to judge or keep.
    if (now === undefined || now === null || now.digest === was) return job();
    const kept = await inner.backup(name).catch(() => undefined);
    const said = (done: boolean): void => {
      report(changedNotice(name, now.text, kept, { did, done }));
      // The cache's last write comes at quit, when no notice is seen: the next start says it (adv52 r50 #1).
      const json = now.text === undefined || isJson(now.text);
      if (atQuit?.quitting() === true && CACHE.test(name) && kept !== undefined && did === WROTE)
        atQuit.kept({ name, kept, json, wrote: done });
    };
    try {
      await job();
    } catch (cause) {
      said(false);
      throw cause;
    }
    said(true);
  };
  return {
    ...(inner.location === undefined ? {} : { location: inner.location }),
    read: (name) =>
      serial(name, async () => {
        const text = await inner.read(name);
        last.set(name, text === undefined ? null : digestOf(text));
        return text;
      }),
    writeAtomic: (name, text) =>
      serial(name, () =>
        guarded(name, WROTE, async () => {
          await inner.writeAtomic(name, text);
          last.set(name, digestOf(text));
        }),
      ),
    backup: (name) => serial(name, () => keep(name)),
    ...(inner.keptLater === undefined ? {} : { keptLater: inner.keptLater.bind(inner) }),
    // Between a reader's read and its keep-aside the app's own retry may have written the file (owed-records.ts):
    // only the text judged is kept aside, never the app's record written since.
    backupRead: (name, text) =>
      serial(name, async () => {
        if ((await onDisk(inner, name))?.digest !== digestOf(text)) throw new ChangedSinceReadError(name);
        return keep(name);
      }),
    remove: (name) =>
      serial(name, () =>
        guarded(name, 'removed it', async () => {
          await inner.remove(name);
          last.set(name, null);
        }),
      ),
  };
}
