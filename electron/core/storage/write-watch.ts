// Notices about the app's data folder. A write that fails (folder not writable, disk full) used to be only logged,
// so the user learned of it when reminders repeated after a restart; now one notice says so while it lasts.
// The engine wraps its FileStore once; every writer (cache, reminders record, settings) goes through it.
import type { FileStore } from '../ports';
import type { Notice } from './settings-store';

export const WRITE_NOTICE_ID = 'data-folder-unwritable';

export interface WatchedFiles {
  /** The same files; a failed write is remembered (and still thrown to the writer). */
  files: FileStore;
  /** What the user should know about the data folder now (at most one notice per kind). */
  notices(): Notice[];
  /** For problems found by readers, e.g. a reminders record that could not be read. */
  report: (notice: Notice) => void;
}

const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'part of the path is not a folder',
};

/** The cause in words, from the error's code only: its message holds paths and system text. */
export function reasonOf(cause: unknown): string | undefined {
  const code = cause instanceof Error && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return code === undefined ? undefined : REASONS[code];
}

/** The calendar's records of what was published (calendar/publisher.ts names them; storage can't import it). */
const CALENDAR_RECORDS: ReadonlySet<string> = new Set(['calendar-export.json', 'calendar-feed.json']);

/** What the user loses, by what could not be saved: a calendar record only keeps sequence numbers right, it holds
 *  no reminder, so "reminders may repeat" would be untrue for it. */
function consequencesOf(names: readonly string[]): string[] {
  const records = names.filter((n) => CALENDAR_RECORDS.has(n));
  const others = names.filter((n) => !CALENDAR_RECORDS.has(n));
  return [
    ...(others.length > 0 ? ['reminders may repeat after a restart'] : []),
    ...(records.length > 0
      ? [
          `the calendar's record of what it published (${records.join(', ')}) was not saved: a later export may ` +
            'reuse sequence numbers, and a calendar app may then ignore an edit',
        ]
      : []),
  ];
}

function writeNotice(location: string | undefined, reason: string | undefined, names: readonly string[]): Notice {
  const where = location ?? "the app's data folder";
  const why = reason === undefined ? '' : ` (${reason})`;
  return { id: WRITE_NOTICE_ID, message: `Can't save to ${where}${why}: ${consequencesOf(names).join('; ')}.` };
}

/** `changed` is called when the notices change, so the state shown can be updated. */
export function watchWrites(inner: FileStore, changed: () => void): WatchedFiles {
  /** File name → why its last write failed; a later successful write of the same file clears it. */
  const failing = new Map<string, string | undefined>();
  const reported = new Map<string, Notice>();
  let current: Notice[] = [];
  const refresh = (): void => {
    const reason = [...failing.values()].find((r) => r !== undefined);
    const write = failing.size > 0 ? [writeNotice(inner.location, reason, [...failing.keys()])] : [];
    current = [...write, ...reported.values()];
    changed();
  };
  const files: FileStore = {
    location: inner.location,
    read: (name) => inner.read(name),
    backup: (name) => inner.backup(name),
    remove: (name) => inner.remove(name),
    async writeAtomic(name, text) {
      try {
        await inner.writeAtomic(name, text);
      } catch (cause) {
        const known = failing.has(name);
        failing.set(name, reasonOf(cause));
        // A new file changes what the notice says is lost; the same file failing again changes nothing.
        if (!known) refresh();
        throw cause;
      }
      if (failing.delete(name)) refresh();
    },
  };
  const report = (notice: Notice): void => {
    reported.set(notice.id, notice);
    refresh();
  };
  return { files, notices: () => current, report };
}
