// Notices about the app's data folder. A write that fails (folder not writable, disk full) used to be only logged,
// so the user learned of it when reminders repeated after a restart; now one notice says so while it lasts.
// The engine wraps its FileStore once; every writer (cache, reminders record, settings) goes through it.
import type { Clock, FileStore } from '../ports';
import type { Notice } from './settings-store';
import { isDanglingLink } from './dangling-link';
import { isUnreadFile } from './read-first';
import { watchLinkBack, type LinkBack } from './link-back';

export const WRITE_NOTICE_ID = 'data-folder-unwritable';

export interface WatchedFiles {
  /** The same files; a failed write is remembered (and still thrown to the writer). */
  files: FileStore;
  /** What the user should know about the data folder now (at most one notice per kind). */
  notices(): Notice[];
  /** For problems found by readers, e.g. a reminders record that could not be read. */
  report: (notice: Notice) => void;
  /** The data folder's link to something missing, looked at again until it is back (link-back.ts); what is shown
   *  from every source goes through its `notices` and `line`. */
  linkBack: Pick<LinkBack, 'notices' | 'line' | 'stop'>;
  /** At stop: what could not be saved is tried once more (owed-records.ts). */
  settle?: () => Promise<void>;
  /** At quit, before the last writes: what is kept aside from now on is said by the next start (said-later.ts). */
  quit?: () => void;
  /** At start: what the last run kept aside as it quit is said now. */
  opened?: () => Promise<void>;
}

const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'part of the path is not a folder',
  EISDIR: 'a folder stands where the file should be',
  ENEWREFUSED: 'the data folder is there but refuses new files',
};

/** A write's ENOENT: the file is made new, so what is missing is the data folder (deleted or moved while the app
 *  ran). The file store makes it again at its next write (fs-file-store.ts). */
export const FOLDER_GONE = 'the data folder no longer exists; the app makes it again at its next save';

/** The error's code, when it has one (ENOSPC, EISDIR, …). */
export const codeOf = (cause: unknown): string | undefined =>
  cause instanceof Error && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;

/** The cause in words, from the error's code only: its message holds paths and system text. `name`: the file written,
 *  named where the cause is that file's own (a folder standing in its place), not the data folder's. */
export function reasonOf(cause: unknown, name?: string): string | undefined {
  // A link to something missing (dangling-link.ts): named, and nothing goes through it until its target is back.
  if (isDanglingLink(cause)) return cause.folder ? cause.message : `${cause.message}: nothing replaces the link`;
  // Its link's target came back, with a file the app never read (read-first.ts): held until a restart reads it.
  if (isUnreadFile(cause)) return cause.message;
  const code = codeOf(cause);
  if (code === 'EISDIR' && name !== undefined) return `a folder stands where ${name} should be`;
  if (code === 'ENOENT') return FOLDER_GONE;
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
  {
    matches: (n) => n === 'reminders.json' || n === 'reminders-saved.json' || n === 'last-run.json',
    lost: () => 'reminders may repeat after a restart',
  },
  {
    // Its mark (handoff/run-current.ts) is saved with it: either one failing leaves the hand-off unrecorded.
    matches: (n) => n === 'handoff.json' || n === 'handoff-current.json',
    lost: () => "an I'm away hand-off can't be recorded before it is sent, so none of its shifts is sent",
  },
  {
    // The record of hand-offs closed or ended (handoff/closed-runs.ts, adv52 r57 #1).
    matches: (n) => n === 'handoff-closed.json',
    lost: () => "an I'm away hand-off you closed may be resumed if an older copy of it is put back",
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

/** A folder gone takes every file with it, settings too, whichever write found it gone (adv52 r24 #2). */
const GONE_SETTINGS =
  'your settings and accounts are no longer on disk: they are kept while the app runs and saved again once the ' +
  'folder is made again; if the app is quit before then, they are lost at the next start';

/** The data folder is a link to a folder that is missing: what the app holds is not the user's (their settings are at
 *  the target), so nothing is "kept while the app runs", and nothing there is lost. */
const LINK_SETTINGS =
  "the settings and records at the link's target can't be reached; nothing is saved until it is back, and nothing " +
  'there is lost';

function writeNotice(
  location: string | undefined,
  reason: string | undefined,
  names: readonly string[],
  folderLink: boolean,
): Notice {
  const where = location ?? "the app's data folder";
  const why = reason === undefined ? '' : ` (${reason})`;
  const folder = folderLink ? [LINK_SETTINGS] : reason === FOLDER_GONE ? [GONE_SETTINGS] : [];
  const lost = [...folder, ...consequencesOf(names)];
  return { id: WRITE_NOTICE_ID, message: `Can't save to ${where}${why}: ${lost.join('; ')}.` };
}

/** `changed` is called when the notices change, so the state shown can be updated. `back`: a write worked after one
 *  found the folder gone, so the folder is there again (made again by the file store): what only memory held since
 *  (the settings) is saved again by the caller. */
export function watchWrites(inner: FileStore, changed: () => void, back?: () => void, clock?: Clock): WatchedFiles {
  /** File name → why its last write failed; a later successful write of the same file clears it. */
  const failing = new Map<string, string | undefined>();
  /** Files whose last write found the data folder a link to something missing (said as such, not as gone). */
  const linkGone = new Set<string>();
  const reported = new Map<string, Notice>();
  let current: Notice[] = [];
  const reachable = inner.folderReachable?.bind(inner);
  const link = clock && reachable ? watchLinkBack(clock, reachable, changed) : undefined;
  const refresh = (): void => {
    const reason = [...failing.values()].find((r) => r !== undefined);
    const folderLink = [...failing.keys()].some((n) => linkGone.has(n));
    const write = failing.size > 0 ? [writeNotice(inner.location, reason, [...failing.keys()], folderLink)] : [];
    current = [...write, ...reported.values()];
    changed();
  };
  const unlessSame = inner.readUnlessSame?.bind(inner);
  const met = (cause: unknown): never => {
    link?.met(cause);
    throw cause;
  };
  const files: FileStore = {
    location: inner.location,
    read: (name) => inner.read(name).catch(met),
    // The minute's look at each record (owed-records.ts) reads through this, a link met as by any read.
    ...(unlessSame && { readUnlessSame: (n, s) => unlessSame(n, s).catch(met) }),
    backup: (name) => inner.backup(name),
    ...(inner.keptLater === undefined ? {} : { keptLater: inner.keptLater.bind(inner) }),
    remove: (name) => inner.remove(name),
    async writeAtomic(name, text) {
      try {
        await inner.writeAtomic(name, text);
      } catch (cause) {
        link?.met(cause);
        const known = failing.has(name);
        failing.set(name, reasonOf(cause, name));
        if (isDanglingLink(cause) && cause.folder) linkGone.add(name);
        else linkGone.delete(name);
        // The link's target is back (read-first.ts refused a file now there): "which is missing" is no longer true
        // of the files it hid, each said again at its next write.
        if (isUnreadFile(cause)) for (const n of linkGone) if (n !== name) failing.delete(n);
        if (isUnreadFile(cause)) linkGone.clear();
        // A new file changes what the notice says is lost; the same file failing again changes nothing.
        if (!known || isUnreadFile(cause)) refresh();
        throw cause;
      }
      const wasGone = [...failing.values()].includes(FOLDER_GONE);
      // The folder is there again: "no longer exists" is no longer true of any file; each is saved at its next write.
      if (wasGone) for (const [n, r] of failing) if (r === FOLDER_GONE) failing.delete(n);
      // The link's target is back: true of every file the link hid, each saved at its next write.
      const linkBack = linkGone.size > 0;
      for (const n of linkGone) failing.delete(n);
      linkGone.clear();
      if (failing.delete(name) || wasGone || linkBack) refresh();
      if (wasGone) back?.();
    },
  };
  const report = (notice: Notice): void => {
    reported.set(notice.id, notice);
    refresh();
  };
  const linkBack = link ?? {
    notices: (n: readonly Notice[]) => [...n],
    line: (l?: string) => l,
    stop: () => undefined,
  };
  return { files, notices: () => current, report, linkBack };
}
