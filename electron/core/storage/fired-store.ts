// The record of reminders already shown (`reminders.json`), so no reminder is shown twice, also across restarts,
// and of messages held during quiet hours or a pause, so their summary comes once after a restart too. Written
// before a notification goes out (write-ahead): a crash in between can lose a message, never repeat one.
import type { FileStore } from '../ports';
import type { Notice } from './settings-store';
import type { FiredContext } from './fired-claims';
import type { HeldMessage } from './held-claims';
import { keepAside } from './read-back';
import { checked, entriesNotice, readFired, REMINDERS_FILE, type AccountOrigin } from './fired-read';

export { REMINDERS_FILE, FIRED_NOTICE_ID, FIRED_ENTRIES_NOTICE_ID, type AccountOrigin } from './fired-read';

/** Fired keys are kept this long after the instant they were stored with. */
export const FIRED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export { HeldMessageSchema, type HeldMessage } from './held-claims';

export interface FiredEntry {
  key: string;
  /** Instant the key stays relevant until (e.g. the shift's end); pruned FIRED_RETENTION_MS after it. */
  untilMs: number;
}

/** Keys of reminders already shown. `has` is synchronous so the scheduler decides without awaiting. */
export interface FiredStore {
  has(key: string): boolean;
  /** Records keys (in memory at once) and persists them, with messages to hold; writes are serialised. */
  add(entries: readonly FiredEntry[], held?: readonly HeldMessage[]): Promise<void>;
  keys(): string[];
  /** Messages held while notifications were quiet, oldest first. */
  held(): HeldMessage[];
  /** Drops the held messages (their summary is about to be shown) and records `entries` in the same write. With
   *  `keys`, only the held messages with those keys are dropped (one account's summary leaves the others'). */
  releaseHeld(entries: readonly FiredEntry[], keys?: readonly string[]): Promise<void>;
  /** Drops every key and held message that `match` names (a removed account's: nothing of it stays behind). */
  forget(match: (key: string) => boolean): Promise<void>;
  /** Held messages found no longer true once fresh data is in (not my shift, a request not asking me): those read
   *  back from the file are said, counted with the entries dropped at start, in the same notice (once each). */
  untrue(held: readonly HeldMessage[], why: string): void;
  /** Keys read back from the file found untrue once fresh data is in (a coverage request the first read did not
   *  list): dropped, and said with the rest (once each). Keys recorded since the file was read are left. */
  untrueKeys(keys: readonly string[], why: string): void;
}

export interface FiredStoreOptions {
  now: () => number;
  retentionMs?: number;
  /** Told when the record could not be read, since reminders already shown may then be shown again. */
  onNotice?: (notice: Notice) => void;
  /** Is the account of this key known, and (given) this schedule of it watched now? Held messages must be. */
  watched?: FiredContext['watched'];
  /** When a heads-up for a shift starting then falls due with the settings now (fired-claims.ts). */
  headsUpDueMs?: FiredContext['headsUpDueMs'];
  /** Each account now (id → its address and e-mail): the record is stamped with them, and an account's entries
   *  written under another address or user (changed while the app was closed) are not believed. None in demo mode. */
  origins?: () => readonly AccountOrigin[];
}

/** Drops what is older than `cutoffMs`: a reminder that far back can't repeat. */
function pruneFired(fired: Map<string, number>, cutoffMs: number): void {
  for (const [key, untilMs] of fired) if (untilMs < cutoffMs) fired.delete(key);
}

/** Records entries, each kept as long as its longest claim. */
function rememberFired(fired: Map<string, number>, entries: readonly FiredEntry[]): void {
  for (const e of entries) fired.set(e.key, Math.max(e.untilMs, fired.get(e.key) ?? -Infinity));
}

/** Each account's service address and user, as the record is stamped with them. */
function stampOf(origins: FiredStoreOptions['origins']): { origins?: Record<string, unknown> } {
  return origins === undefined ? {} : { origins: Object.fromEntries(origins().map((a) => [a.id, a.origin])) };
}

export async function openFiredStore(files: FileStore, options: FiredStoreOptions): Promise<FiredStore> {
  const retentionMs = options.retentionMs ?? FIRED_RETENTION_MS;
  const onNotice = options.onNotice ?? (() => undefined);
  const ctx = {
    nowMs: options.now(),
    ...(options.watched ? { watched: options.watched } : {}),
    ...(options.headsUpDueMs ? { headsUpDueMs: options.headsUpDueMs } : {}),
  };
  const origins = options.origins;
  const raw = await readFired(files, onNotice);
  const stampedAs = raw.origins;
  const read = await checked(files, raw, ctx, onNotice, origins?.());
  const { record } = read;
  const { fired } = record;
  let held = record.held;
  const prune = (): void => pruneFired(fired, options.now() - retentionMs);
  prune();
  const remember = (entries: readonly FiredEntry[]): void => rememberFired(fired, entries);
  const stamp = () => stampOf(origins);
  let writing: Promise<void> = Promise.resolve();
  const persist = (): Promise<void> => {
    writing = writing
      .catch(() => undefined)
      .then(() => {
        prune();
        return files.writeAtomic(
          REMINDERS_FILE,
          JSON.stringify({ version: 1, fired: Object.fromEntries(fired), held, ...stamp() }),
        );
      });
    return writing;
  };
  // The file was moved aside: what was kept goes back on disk at once, so a stop now repeats no reminder.
  // A record from before stamps (or stamped for fewer accounts) is taken this once, and stamped now.
  const unstamped = origins?.().some((a) => stampedAs?.[a.id] === undefined) === true;
  if (read.dropped.length > 0 || (unstamped && fired.size + held.length > 0)) await persist().catch(() => undefined);
  // Held messages as read back: the ones later found untrue are said (untrue), each once.
  const idOf = (h: HeldMessage): string => `${h.key}\n${h.atMs}`;
  const fromFile = new Set(held.map(idOf));
  const said = [...read.dropped];
  let kept = read.kept;
  const keysFromFile = new Set(fired.keys());
  // What read back is found untrue is said with what was dropped at start (one notice), the file kept aside once.
  const say = (whys: readonly string[], dropped: boolean): void => {
    if (whys.length === 0) return;
    said.push(...whys);
    if (kept !== undefined) {
      onNotice(entriesNotice(said, kept));
      if (dropped) void persist().catch(() => undefined);
      return;
    }
    // The file holding them is kept aside before the next write replaces it (once), and that is said with them.
    writing = writing
      .catch(() => undefined)
      .then(async () => {
        kept ??= await keepAside(files, REMINDERS_FILE);
        onNotice(entriesNotice(said, kept));
      });
    // What is kept goes back on disk at once (as at start), so nothing already shown is shown again.
    void persist().catch(() => undefined);
  };
  return {
    has: (key) => fired.has(key),
    keys: () => [...fired.keys()],
    held: () => held,
    add(entries, more = []) {
      remember(entries);
      if (more.length > 0) held = [...held, ...more];
      return persist();
    },
    releaseHeld(entries, keys) {
      remember(entries);
      const dropped = keys === undefined ? undefined : new Set(keys);
      held = dropped === undefined ? [] : held.filter((h) => !dropped.has(h.key));
      return persist();
    },
    untrue(list, why) {
      const found = list.filter((h) => fromFile.delete(idOf(h)));
      say(
        found.map(() => why),
        false,
      );
    },
    untrueKeys(list, why) {
      const found = list.filter((k) => keysFromFile.delete(k) && fired.delete(k));
      say(
        found.map(() => why),
        true,
      );
    },
    forget(match) {
      const keys = [...fired.keys()].filter(match);
      const kept = held.filter((h) => !match(h.key));
      if (keys.length === 0 && kept.length === held.length) return writing;
      for (const key of keys) fired.delete(key);
      held = kept;
      return persist();
    },
  };
}
