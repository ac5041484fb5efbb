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
import { createHash } from 'node:crypto';
import type { FileStore } from '../ports';
import type { Notice } from './settings-store';

export const OUTSIDE_NOTICE_ID = 'changed-outside';
/** settings.json has its own check and words (settings-outside.ts). */
const OWN_CHECK = new Set(['settings.json']);

const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex');

export function guardOutsideEdits(inner: FileStore, report: (n: Notice) => void): FileStore {
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
  /** Keeps the file aside when it is not what the app last read or wrote, and says so. `then`: what the app does to
   *  the file next, said when keeping it aside failed. */
  const keepIfChanged = async (name: string, then: string): Promise<void> => {
    const was = last.get(name);
    if (was === undefined || OWN_CHECK.has(name)) return;
    const now = await inner.read(name).then(
      (t) => (t === undefined ? null : digestOf(t)),
      () => undefined,
    );
    // Gone or unreadable: nothing there to keep (a write would fail or replace nothing of value).
    if (now === undefined || now === null || now === was) return;
    const kept = await inner.backup(name).catch(() => undefined);
    const where = kept === undefined ? ` Keeping it aside failed, so the app ${then}.` : ` It was kept as ${kept}.`;
    report({
      id: `${OUTSIDE_NOTICE_ID}:${name}`,
      message: `${name} was changed outside the app while it ran (another install's, or a hand edit).${where}`,
    });
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
      serial(name, async () => {
        await keepIfChanged(name, 'wrote its own over it');
        await inner.writeAtomic(name, text);
        last.set(name, digestOf(text));
      }),
    backup: (name) =>
      serial(name, async () => {
        const kept = await inner.backup(name);
        last.set(name, null);
        return kept;
      }),
    remove: (name) =>
      serial(name, async () => {
        await keepIfChanged(name, 'removed it');
        await inner.remove(name);
        last.set(name, null);
      }),
  };
}
