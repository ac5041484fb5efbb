// The record of reminders already shown (`reminders.json`), so no reminder is shown twice, also across restarts,
// and of messages held during quiet hours or a pause, so their summary comes once after a restart too. Written
// before a notification goes out (write-ahead): a crash in between can lose a message, never repeat one.
import type { FileStore } from '../ports';
import type { Notice } from './settings-store';
import type { FiredContext } from './fired-claims';
import type { HeldMessage } from './held-claims';
import { keepAside } from './read-back';
import { checked, entriesNotice, macsOf, readFired, REMINDERS_FILE, type AccountOrigin } from './fired-read';
import { afterFirstRead, type RecordSigner } from './record-key';
import { handledRead, savedStampOf } from './fired-saved';
import { writeSaved } from './fired-saved-file';

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
  /** Reminders due up to this instant were handled while the app ran, though the record read back (an older copy
   *  put back) doesn't list them: they are recorded, never shown again (fired-saved.ts). */
  handledBeforeMs(): number | undefined;
  /** Whether the app still owed this reminder at the save `handledBeforeMs` comes from: then it is not handled. */
  owedAtSave(key: string): boolean;
  /** `owed(savedAtMs)`: the keys a scheduler still owes at a save (due by then, not yet shown or settled), or
   *  undefined before it has judged its plan once; the stamp of the save carries them (fired-saved-file.ts).
   *  Answers the undoing, for a scheduler that stops (its plan is no longer what the app owes). */
  owing(owed: (savedAtMs: number) => readonly string[] | undefined): () => void;
  /** Once the writes in flight (and those they chain) have landed or failed: a stop waits, or they are lost. */
  settled(): Promise<void>;
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
  /** The app's record key (record-key.ts): each fired record and held message is written with its MAC, and one
   *  read back without it is a claim the app didn't make (dropped: the reminder is owed again). */
  signer?: () => Promise<RecordSigner | undefined>;
  /** The zone the older-copy notice gives its time in. */
  localZone?: () => string;
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
  const onNotice = options.onNotice ?? (() => undefined);
  const ctx = {
    nowMs: options.now(),
    ...(options.watched ? { watched: options.watched } : {}),
    ...(options.headsUpDueMs ? { headsUpDueMs: options.headsUpDueMs } : {}),
  };
  const signer = await options.signer?.();
  const raw = await readFired(files, onNotice);
  const read = await checked(files, raw, ctx, onNotice, options.origins?.(), signer);
  afterFirstRead(signer, REMINDERS_FILE);
  const retentionMs = options.retentionMs ?? FIRED_RETENTION_MS;
  const zone = options.localZone?.();
  const handled = await handledRead(
    files,
    raw.stamp,
    { signer, nowMs: ctx.nowMs, retentionMs, missing: raw.absent, ...(zone === undefined ? {} : { localZone: zone }) },
    async () => read.kept ?? (await keepAside(files, REMINDERS_FILE)),
    onNotice,
  );
  const live = liveRecord(files, options, read.record.fired, read.record.held, signer);
  live.handledBeforeMs = handled.handledBeforeMs;
  live.owed = handled.owed;
  // The file was moved aside: what was kept goes back on disk at once, so a stop now repeats no reminder.
  // A record from before stamps (or stamped for fewer accounts), or from before MACs, is taken this once, and
  // stamped and signed now.
  const unstamped = options.origins?.().some((a) => raw.origins?.[a.id] === undefined) === true;
  // An older copy is replaced at once too, so it is said once and the next start finds the record current.
  if (
    handled.older ||
    read.dropped.length > 0 ||
    ((unstamped || signer?.fresh === true) && live.fired.size + live.held.length > 0)
  )
    await live.persist().catch(() => undefined);
  return storeOf(live, untrueTeller(files, live, read.dropped, read.kept, onNotice));
}

/** The record in memory and its one write chain (each write waits for the one before). */
interface LiveRecord {
  fired: Map<string, number>;
  held: HeldMessage[];
  writing: Promise<void>;
  handledBeforeMs: number | undefined;
  /** Owed at the save `handledBeforeMs` comes from (carried while it is). */
  owed: ReadonlySet<string>;
  /** Each scheduler's answer of what it owes now (FiredStore.owing). */
  owing: ((savedAtMs: number) => readonly string[] | undefined)[];
  persist(): Promise<void>;
  remember(entries: readonly FiredEntry[]): void;
}

function liveRecord(
  files: FileStore,
  options: FiredStoreOptions,
  fired: Map<string, number>,
  held: HeldMessage[],
  signer: RecordSigner | undefined,
): LiveRecord {
  const retentionMs = options.retentionMs ?? FIRED_RETENTION_MS;
  const prune = (): void => pruneFired(fired, options.now() - retentionMs);
  prune();
  const live: LiveRecord = {
    fired,
    held,
    writing: Promise.resolve(),
    handledBeforeMs: undefined,
    owed: new Set(),
    owing: [],
    remember: (entries) => rememberFired(fired, entries),
    persist() {
      live.writing = live.writing
        .catch(() => undefined)
        .then(() => {
          prune();
          // Asked at each write, not waited on: a key removed from the keychain meanwhile is stored again (record-key.ts).
          if (signer !== undefined) void options.signer?.().catch(() => undefined);
          const savedAtMs = options.now();
          const carried = [...live.owed].filter((k) => !fired.has(k));
          const body = {
            version: 1,
            ...savedStampOf(signer, savedAtMs, live.handledBeforeMs, carried),
            fired: Object.fromEntries(fired),
            held: live.held,
            ...stampOf(options.origins),
            ...macsOf(signer, fired, live.held),
          };
          // reminders.json first: a stop in between leaves the stamp older than the record, never newer.
          return files
            .writeAtomic(REMINDERS_FILE, JSON.stringify(body))
            .then(() => writeSaved(files, signer, savedAtMs, owedAt(live, savedAtMs, carried)));
        });
      return live.writing;
    },
  };
  return live;
}

/** What the app owes at a save: each scheduler's due reminders not yet shown, the messages held for quiet time
 *  to end, and what was owed at the save an older copy's handling came from. Undefined while a scheduler has not
 *  judged its plan yet (nothing is known handled then: the stamp is left as it was). */
function owedAt(live: LiveRecord, savedAtMs: number, carried: readonly string[]): string[] | undefined {
  const planned = live.owing.map((owed) => owed(savedAtMs));
  if (live.owing.length === 0 || planned.some((keys) => keys === undefined)) return undefined;
  const held = live.held.map((h) => h.key);
  return [...new Set([...planned.flatMap((keys) => keys ?? []), ...held, ...carried])];
}

/** Says what read back is found untrue, with what was dropped at start (one notice), the file kept aside once. */
function untrueTeller(
  files: FileStore,
  live: LiveRecord,
  droppedAtStart: readonly string[],
  keptAtStart: string | undefined,
  onNotice: (notice: Notice) => void,
): (whys: readonly string[], dropped: boolean) => void {
  const said = [...droppedAtStart];
  let kept = keptAtStart;
  return (whys, dropped) => {
    if (whys.length === 0) return;
    said.push(...whys);
    if (kept !== undefined) {
      onNotice(entriesNotice(said, kept));
      if (dropped) void live.persist().catch(() => undefined);
      return;
    }
    // The file holding them is kept aside before the next write replaces it (once), and that is said with them.
    live.writing = live.writing
      .catch(() => undefined)
      .then(async () => {
        kept ??= await keepAside(files, REMINDERS_FILE);
        onNotice(entriesNotice(said, kept));
      });
    // What is kept goes back on disk at once (as at start), so nothing already shown is shown again.
    void live.persist().catch(() => undefined);
  };
}

function storeOf(live: LiveRecord, say: (whys: readonly string[], dropped: boolean) => void): FiredStore {
  const { fired } = live;
  // Held messages and keys as read back: the ones later found untrue are said (untrue), each once.
  const idOf = (h: HeldMessage): string => `${h.key}\n${h.atMs}`;
  const fromFile = new Set(live.held.map(idOf));
  const keysFromFile = new Set(fired.keys());
  return {
    has: (key) => fired.has(key),
    async settled() {
      // A write may chain the next (the stamp after the record): waited until no newer one was added.
      let w: Promise<void>;
      do {
        w = live.writing;
        await w.catch(() => undefined);
      } while (w !== live.writing);
    },
    handledBeforeMs: () => live.handledBeforeMs,
    owedAtSave: (key) => live.owed.has(key),
    owing(owed) {
      live.owing.push(owed);
      return () => void (live.owing = live.owing.filter((o) => o !== owed));
    },
    keys: () => [...fired.keys()],
    held: () => live.held,
    add(entries, more = []) {
      live.remember(entries);
      if (more.length > 0) live.held = [...live.held, ...more];
      return live.persist();
    },
    releaseHeld(entries, keys) {
      live.remember(entries);
      const dropped = keys === undefined ? undefined : new Set(keys);
      live.held = dropped === undefined ? [] : live.held.filter((h) => !dropped.has(h.key));
      return live.persist();
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
      const kept = live.held.filter((h) => !match(h.key));
      if (keys.length === 0 && kept.length === live.held.length) return live.writing;
      for (const key of keys) fired.delete(key);
      live.held = kept;
      return live.persist();
    },
  };
}
