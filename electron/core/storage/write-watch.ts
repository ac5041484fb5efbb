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
  EISDIR: 'a folder stands where the file should be',
};

/** The cause in words, from the error's code only: its message holds paths and system text. */
export function reasonOf(cause: unknown): string | undefined {
  const code = cause instanceof Error && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return code === undefined ? undefined : REASONS[code];
}

/** What is at risk when a file can't be saved, per file, in the order said (issue 52: "reminders may repeat" was said
 *  for every file, though only the reminders record holds reminders). The names are the stores' own (storage can't
 *  import calendar/, handoff/, alarm/ or escalation/). */
const AT_RISK: readonly { matches: (name: string) => boolean; lost: (names: readonly string[]) => string }[] = [
  { matches: (n) => n === 'settings.json', lost: () => "a change to your settings can't be saved, so none is made" },
  {
    matches: (n) => /^cache(-[^/]*)?\.json$/.test(n),
    lost: () => 'the schedule data saved for the next start and offline use is not updated',
  },
  { matches: (n) => n === 'reminders.json', lost: () => 'reminders may repeat after a restart' },
  {
    // Its mark (handoff/run-current.ts) is saved with it: either one failing leaves the hand-off unrecorded.
    matches: (n) => n === 'handoff.json' || n === 'handoff-current.json',
    lost: () => "an I'm away hand-off can't be recorded before it is sent, so none of its shifts is sent",
  },
  {
    matches: (n) => n === 'alarms.json' || n === 'alarm-runs.json',
    lost: () => 'a shift-start alarm may ring again after a restart, or an acknowledgement be missed',
  },
  {
    matches: (n) => n === 'escalations.json',
    lost: () => 'a phone alert already sent may be sent again after a restart',
  },
  {
    matches: (n) => n === 'calendar-export.json' || n === 'calendar-feed.json',
    lost: (names) =>
      `the calendar's record of what it published (${names.join(', ')}) was not saved: a later export may ` +
      'reuse sequence numbers, and a calendar app may then ignore an edit',
  },
  {
    matches: (n) => n === 'update-check.json',
    lost: () => 'the app may look for a new version again sooner than once a day',
  },
];

/** What the user loses, by what could not be saved: each consequence once, in a fixed order. */
function consequencesOf(names: readonly string[]): string[] {
  const sorted = [...names].sort();
  const known = AT_RISK.flatMap((r) => {
    const mine = sorted.filter((n) => r.matches(n));
    return mine.length > 0 ? [r.lost(mine)] : [];
  });
  const others = sorted.filter((n) => !AT_RISK.some((r) => r.matches(n))).map((n) => `${n} was not saved`);
  return [...known, ...others];
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
