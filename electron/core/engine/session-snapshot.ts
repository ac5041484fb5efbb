// One session's snapshot as held in memory and on disk: what the service told last, the one before it (reminders
// compare the two), whether it came from the offline cache, and the cache's notice. Kept apart from the sync loop so
// everything that replaces the snapshot (sync, writes, key and settings changes) goes through one `set`, which
// saves it and tells the session once.
import type { AccountId } from '../../shared/accounts';
import type { AppState } from '../../shared/view-state';
import { cacheFileOf, loadSnapshot } from '../storage/cache';
import { createSnapshotWriter } from '../storage/snapshot-writer';
import { originOf } from '../storage/cache-origin';
import { droppedText } from '../storage/read-back';
import { emptySnapshot, type Snapshot } from '../model/snapshot';
import { reconcileSchedules } from '../sync/apply';
import type { Clock, FileStore } from '../ports';
import { olderThanLastRead } from './cache-older';
import { mineOnRecord } from './cache-mine';

export interface HeldSnapshotOptions {
  accountId: AccountId;
  clock: Clock;
  files: FileStore;
  log: (message: string) => void;
  /** The account's address and e-mail now: the cache is stamped with them and checked against them on load. */
  settings: () => { baseUrl: string; email: string };
  /** Demo mode: its simulator listens on a new port each launch, in a folder of its own; the check is left out
   *  there (else every demo start would drop its cache and say so). */
  demo?: boolean;
  /** The user's zone, for the time a notice names (absent: the system's). */
  localZone?: () => string;
  /** The schedules watched now (the snapshot keeps only these). */
  watchedIds: () => string[];
  /** The snapshot was replaced (not called when the same one is set again). */
  changed: () => void;
}

export interface HeldSnapshot {
  get: () => Snapshot;
  /** The snapshot before the last replacement (the cached one at start). */
  previous: () => Snapshot | undefined;
  set: (next: Snapshot) => void;
  /** As set, for a snapshot heard from the service now (it is no longer served from the cache). */
  heard: (next: Snapshot) => void;
  /** The same data said anew (who I am at the service: sync/identity.ts), applied to the snapshot and the one before
   *  it alike, so what changes compare sees no change from it. */
  restate: (map: (s: Snapshot) => Snapshot) => void;
  fromCache: () => boolean;
  notice: () => AppState['notices'][number] | undefined;
  /** Saved entries a sync pass found untrue: said in the load notice's words, once (one notice, its count grows). */
  dropped: (reasons: readonly string[]) => void;
  /** What passes let go (dropped), or undefined. */
  passNotice: () => AppState['notices'][number] | undefined;
  /** Reads the offline cache (once, at start), checked against the record of my blocks (`recordedMine`: this
   *  account's `mine:` keys; cache-mine.ts). */
  load: (recordedMine: readonly string[]) => Promise<void>;
  flush: () => Promise<void>;
  /** Deletes the cache file, after anything still being written has landed (so it is not written back after). */
  remove: () => Promise<void>;
}

export function createHeldSnapshot(o: HeldSnapshotOptions): HeldSnapshot {
  const cacheFile = cacheFileOf(o.accountId);
  const origin = () => originOf(o.settings());
  const writer = createSnapshotWriter(o.files, () => o.clock.now(), o.log, cacheFile, origin);
  let snapshot: Snapshot = emptySnapshot();
  let previous: Snapshot | undefined;
  let servedFromCache = false;
  let cacheNotice: AppState['notices'][number] | undefined;
  const letGo: string[] = [];
  const set = (next: Snapshot): void => {
    if (next === snapshot) return;
    previous = snapshot;
    snapshot = next;
    writer.schedule(next);
    o.changed();
  };
  return {
    get: () => snapshot,
    previous: () => previous,
    set,
    heard: (next) => ((servedFromCache = false), set(next)),
    restate(map) {
      const next = map(snapshot);
      if (next === snapshot) return;
      previous = previous && map(previous);
      snapshot = next;
      writer.schedule(next);
      o.changed();
    },
    fromCache: () => servedFromCache,
    notice: () => cacheNotice,
    dropped(reasons) {
      letGo.push(...reasons);
      o.changed();
    },
    passNotice: () =>
      letGo.length === 0
        ? undefined
        : { id: 'cache-entries-checked', message: droppedText('the saved schedule data', letGo, undefined) },
    async load(recordedMine) {
      const whose = o.demo === true ? undefined : origin();
      const nowMs = o.clock.now();
      const judge = (s: Snapshot) => mineOnRecord(s, o.settings().email, recordedMine, nowMs);
      const cached = await loadSnapshot(o.files, cacheFile, nowMs, o.watchedIds(), whose, judge);
      cacheNotice = cached.notice;
      if (!cached.snapshot) return;
      // An older copy put back (adv52 r43 #2): not shown, published or alarmed as the latest saved data.
      const older = o.demo === true ? undefined : await olderThanLastRead(o, cacheFile, cached.snapshot);
      if (older !== undefined) return void (cacheNotice = older);
      // A key rejected last session may have been replaced since (env override, keychain edited outside the
      // app): the first request finds out again, so a cached rejection must not keep syncing paused.
      snapshot = reconcileSchedules({ ...cached.snapshot, keyRejected: false }, o.watchedIds());
      previous = snapshot;
      servedFromCache = true;
      // A file from before stamps is taken this once, and stamped now: the next start checks it.
      if (cached.unstamped) writer.schedule(snapshot);
    },
    flush: () => writer.flush(),
    async remove() {
      await writer.flush();
      await o.files.remove(cacheFile);
    },
  };
}
