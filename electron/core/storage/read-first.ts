// A file the app could not read (a link to something missing, dangling-link.ts) is never written over, removed or
// kept aside until it has been read: the link's target can come back while the app runs (a synced folder mounted
// after login), and the app's record of that file was made without what is there (adv52 r34 #2: reminders.json at
// the target rewritten from this run's record, 11 entries lost; #3: another install's hand-off written over, then its
// link removed). One rule, in the file store every reader and writer shares, as settings.json already held its change
// in memory: a read that met such a link marks the file (the data folder's link, or one above it, marks every file);
// a later write, removal or keep-aside first looks at what is there now. Nothing there: nothing can be lost, so it
// goes ahead and the mark goes. Something there: it was never read into the app's record, so the change is refused
// with UnreadFileError (the writer keeps its record in memory, write-watch.ts says so) until a restart reads it.
import type { FileStore } from '../ports';
import { isDanglingLink, type DanglingLinkError } from './dangling-link';

export class UnreadFileError extends Error {
  readonly code = 'EUNREAD';
  constructor(
    readonly file: string,
    readonly link: DanglingLinkError,
  ) {
    super(
      `${file} could not be read (${link.what} was a link to ${link.target}, which was missing); it is there now ` +
        'but was not read, so it is not written over before the app is restarted',
    );
  }
}

export const isUnreadFile = (e: unknown): e is UnreadFileError => e instanceof UnreadFileError;

/** Wraps `inner` (the disk): every change to a file whose read met a missing link waits for that file to be read. */
export function readFirst(inner: FileStore): FileStore {
  /** File → the link its read met. */
  const marks = new Map<string, DanglingLinkError>();
  /** The data folder's link (or one above it) a read met: every file is unread but those read (or found absent) in
   *  this run, before or since. */
  let folder: DanglingLinkError | undefined;
  const cleared = new Set<string>();
  const markOf = (name: string): DanglingLinkError | undefined =>
    marks.get(name) ?? (folder !== undefined && !cleared.has(name) ? folder : undefined);

  /** Refuses a change to `name` while what is there was never read; a link still missing is said as that. */
  const first = async (name: string): Promise<void> => {
    const link = markOf(name);
    if (link === undefined) return;
    // Read, not used: only whether something is there now (a link still missing throws as itself).
    if ((await inner.read(name)) !== undefined) throw new UnreadFileError(name, link);
  };
  /** The change went through: nothing was there to lose. Only then is the mark gone: a look that found nothing while
   *  the link was still missing (and the change failed) proves nothing about what comes back behind it. */
  const done = (name: string): void => {
    marks.delete(name);
    cleared.add(name);
  };
  const unlessSame = inner.readUnlessSame?.bind(inner);
  const readOf = async <T>(name: string, read: () => Promise<T>): Promise<T> => {
    try {
      const text = await read();
      // Read now, and what was read goes to the reader: its record is made with it.
      marks.delete(name);
      cleared.add(name);
      return text;
    } catch (cause) {
      // The folder's link gone missing marks no file read before in this run (its record holds it: written back
      // as after a folder gone, write-watch.ts); a file's own link marks it whatever came before, as what appears
      // behind it was never read.
      if (isDanglingLink(cause) && cause.folder) folder = cause;
      else if (isDanglingLink(cause)) marks.set(name, cause);
      throw cause;
    }
  };
  return {
    ...inner,
    read: (name) => readOf(name, () => inner.read(name)),
    // 'same' is what a read would have found (the file as when read before): it clears a mark as that read would.
    ...(unlessSame && { readUnlessSame: (n, s) => readOf(n, () => unlessSame(n, s)) }),
    async writeAtomic(name, text) {
      await first(name);
      await inner.writeAtomic(name, text);
      done(name);
    },
    async remove(name) {
      await first(name);
      await inner.remove(name);
      done(name);
    },
    async backup(name) {
      await first(name);
      const kept = await inner.backup(name);
      done(name);
      return kept;
    },
  };
}
