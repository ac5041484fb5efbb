// The offline cache (`cache.json`: the last snapshot, so state is served at start-up before any network) and the
// fired-reminder keys (`reminders.json`: so no reminder is shown twice, also across restarts).
import { z } from 'zod';
import type { FileStore } from '../ports';
import type { Notice } from './settings-store';
import { SnapshotSchema, type Snapshot } from '../sync/snapshot';

export const CACHE_FILE = 'cache.json';
export const REMINDERS_FILE = 'reminders.json';
/** Fired keys are kept this long after the instant they were stored with. */
export const FIRED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface LoadedSnapshot {
  /** undefined when there is no usable cache (first start, or it was corrupt). */
  snapshot?: Snapshot;
  notice?: Notice;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Loads the cached snapshot. A corrupt or outdated cache is moved aside and ignored: it is only a cache. */
export async function loadSnapshot(files: FileStore): Promise<LoadedSnapshot> {
  const text = await files.read(CACHE_FILE).catch(() => undefined);
  if (text === undefined) return {};
  const json = parseJson(text);
  const parsed = json.ok ? SnapshotSchema.safeParse(json.value) : undefined;
  if (parsed?.success) return { snapshot: parsed.data };
  let where = '';
  try {
    where = ` (kept as ${await files.backup(CACHE_FILE)})`;
  } catch {
    /* a cache we cannot move aside is simply overwritten by the next save */
  }
  const message = `Saved schedule data could not be read${where}; it will be fetched again.`;
  return { notice: { id: 'cache-reset', message } };
}

export async function saveSnapshot(files: FileStore, snapshot: Snapshot): Promise<void> {
  await files.writeAtomic(CACHE_FILE, JSON.stringify(snapshot));
}

const FiredFileSchema = z.object({
  version: z.literal(1),
  /** key → the instant it stays relevant until (epoch ms). */
  fired: z.record(z.string(), z.number()),
});

export interface FiredEntry {
  key: string;
  /** Instant the key stays relevant until (e.g. the shift's end); pruned FIRED_RETENTION_MS after it. */
  untilMs: number;
}

/** Keys of reminders already shown. `has` is synchronous so the scheduler decides without awaiting. */
export interface FiredStore {
  has(key: string): boolean;
  /** Records keys (in memory at once) and persists them; writes are serialised, last state wins. */
  add(entries: readonly FiredEntry[]): Promise<void>;
  keys(): string[];
}

export interface FiredStoreOptions {
  now: () => number;
  retentionMs?: number;
  /** Told when the record could not be read, since reminders already shown may then be shown again. */
  onNotice?: (notice: Notice) => void;
}

export const FIRED_NOTICE_ID = 'reminders-record-unreadable';

function firedNotice(kept: string | undefined): Notice {
  const where = kept === undefined ? '' : ` (kept as ${kept})`;
  const message = `The record of reminders already shown could not be read${where}: some reminders may be shown again.`;
  return { id: FIRED_NOTICE_ID, message };
}

async function readFired(files: FileStore, onNotice: (notice: Notice) => void): Promise<Map<string, number>> {
  let text: string | undefined;
  try {
    text = await files.read(REMINDERS_FILE);
  } catch {
    onNotice(firedNotice(undefined));
    return new Map();
  }
  if (text === undefined) return new Map();
  const json = parseJson(text);
  const parsed = json.ok ? FiredFileSchema.safeParse(json.value) : undefined;
  if (parsed?.success) return new Map(Object.entries(parsed.data.fired));
  // Losing fired keys could repeat a reminder, but a corrupt file cannot be trusted either: keep a copy.
  onNotice(firedNotice(await files.backup(REMINDERS_FILE).catch(() => undefined)));
  return new Map();
}

export async function openFiredStore(files: FileStore, options: FiredStoreOptions): Promise<FiredStore> {
  const retentionMs = options.retentionMs ?? FIRED_RETENTION_MS;
  const fired = await readFired(files, options.onNotice ?? (() => undefined));
  const prune = (): void => {
    const cutoff = options.now() - retentionMs;
    for (const [key, untilMs] of fired) if (untilMs < cutoff) fired.delete(key);
  };
  prune();
  let writing: Promise<void> = Promise.resolve();
  const persist = (): Promise<void> => {
    writing = writing
      .catch(() => undefined)
      .then(() => {
        prune();
        return files.writeAtomic(REMINDERS_FILE, JSON.stringify({ version: 1, fired: Object.fromEntries(fired) }));
      });
    return writing;
  };
  return {
    has: (key) => fired.has(key),
    keys: () => [...fired.keys()],
    add(entries) {
      for (const e of entries) fired.set(e.key, Math.max(e.untilMs, fired.get(e.key) ?? -Infinity));
      return persist();
    },
  };
}
