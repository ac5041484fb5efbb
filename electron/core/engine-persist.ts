// Writes the snapshot to the offline cache without piling up writes: at most one in flight, and the latest
// snapshot is written once the current write finishes. A failed write is logged and retried by the next change.
import { saveSnapshot } from './cache';
import type { FileStore } from './ports';
import type { Snapshot } from './snapshot';

export interface SnapshotWriter {
  schedule(snapshot: Snapshot): void;
  /** Resolves when everything scheduled so far is on disk (or failed). */
  flush(): Promise<void>;
}

export function createSnapshotWriter(files: FileStore, log?: (message: string) => void): SnapshotWriter {
  let latest: Snapshot | undefined;
  let writing: Promise<void> | undefined;

  async function drain(): Promise<void> {
    while (latest !== undefined) {
      const next = latest;
      latest = undefined;
      try {
        await saveSnapshot(files, next);
      } catch (cause) {
        log?.(`cache: write failed (${cause instanceof Error ? cause.name : 'error'})`);
      }
    }
    writing = undefined;
  }

  return {
    schedule(snapshot) {
      latest = snapshot;
      writing ??= drain();
    },
    async flush() {
      while (writing) await writing;
    },
  };
}
