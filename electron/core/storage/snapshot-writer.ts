// Writes the snapshot to the offline cache without wearing the disk: a change of content (shifts, details,
// coverage, created overrides, chat groups, key state) is written at once; a refresh that only confirmed the data
// (new fetch times) is written at most every REFRESH_ONLY_WRITE_MS, and on flush (suspend, stop). At most one
// write is in flight; a failed write is logged and retried with the next change.
import { CACHE_FILE, saveSnapshot } from './cache';
import type { FileStore } from '../ports';
import type { Snapshot } from '../model/snapshot';
import type { CacheOrigin } from './cache-origin';

export const REFRESH_ONLY_WRITE_MS = 30 * 60_000;

export interface SnapshotWriter {
  schedule(snapshot: Snapshot): void;
  /** Writes what is pending and resolves when everything is on disk (or failed). */
  flush(): Promise<void>;
}

function contentOf(s: Snapshot): unknown[] {
  const perSchedule = s.schedules.flatMap((x) => [x.id, x.details, x.shifts, x.notFound]);
  return [s.coverageRequests, s.createdOverrides, s.chatGroups, s.keyRejected, ...perSchedule];
}

const sameContent = (a: unknown[], b: unknown[]): boolean =>
  a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

export function createSnapshotWriter(
  files: FileStore,
  now: () => number,
  log?: (message: string) => void,
  name: string = CACHE_FILE,
  /** Whose data it is, taken when the write is scheduled (so data of an address left behind is never stamped with
   *  the new one). */
  origin?: () => CacheOrigin,
): SnapshotWriter {
  let pending: { snapshot: Snapshot; origin: CacheOrigin | undefined } | undefined;
  let written: { content: unknown[]; atMs: number; stamp: string } | undefined;
  const stampOf = (o: CacheOrigin | undefined): string => JSON.stringify(o ?? null);
  let writing: Promise<void> | undefined;

  async function drain(): Promise<void> {
    while (pending !== undefined) {
      const next = pending;
      pending = undefined;
      try {
        await saveSnapshot(files, next.snapshot, name, next.origin);
        written = { content: contentOf(next.snapshot), atMs: now(), stamp: stampOf(next.origin) };
      } catch (cause) {
        log?.(`cache: write failed (${cause instanceof Error ? cause.name : 'error'})`);
      }
    }
    writing = undefined;
  }

  const start = (): void => void (writing ??= drain());

  return {
    schedule(snapshot) {
      pending = { snapshot, origin: origin?.() };
      // A new stamp (the e-mail edited while running) is written at once too: the file must say whose it is now.
      const due =
        !written ||
        !sameContent(written.content, contentOf(snapshot)) ||
        written.stamp !== stampOf(pending.origin) ||
        now() - written.atMs >= REFRESH_ONLY_WRITE_MS;
      if (due) start();
    },
    async flush() {
      if (pending !== undefined) start();
      while (writing) await writing;
    },
  };
}
