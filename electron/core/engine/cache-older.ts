// A cache.json older than a read the app's calendar records show (adv52 r43 #2: a backup or a synced folder's older
// copy put back). The simplest true answer: it is not the latest saved data, and the app can't tell which of its
// blocks the later read removed, so none of it is shown, alarmed or published as saved truth. It is kept aside,
// said once, and the data read again; until then the schedules are unknown, and the calendar keeps the events it
// published from the later read as last read (publisher.ts).
import type { AccountId } from '../../shared/accounts';
import { scheduleRef } from '../../shared/accounts';
import { formatDate } from '../../shared/day-word';
import type { AppState } from '../../shared/view-state';
import type { Snapshot } from '../model/snapshot';
import type { Clock, FileStore } from '../ports';
import { EXPORT_RECORD, FEED_RECORD } from '../calendar/publisher';
import { laterReadThan, lastReadsByRef } from '../storage/last-read-evidence';
import { keepAside } from '../storage/read-back';

interface Parts {
  accountId: AccountId;
  clock: Clock;
  files: FileStore;
  localZone?: () => string;
}

/** The notice for a cache older than the app's last read (the file kept aside), or undefined when it is not. */
export async function olderThanLastRead(
  o: Parts,
  cacheFile: string,
  snapshot: Snapshot,
): Promise<AppState['notices'][number] | undefined> {
  const reads = await lastReadsByRef(o.files, [EXPORT_RECORD, FEED_RECORD], o.clock.now());
  const laterMs = laterReadThan(snapshot, reads, (id) => scheduleRef(o.accountId, id));
  if (laterMs === undefined) return undefined;
  const kept = await keepAside(o.files, cacheFile);
  const when = formatDate(laterMs, { localZone: o.localZone?.(), clock: true });
  const where = kept === undefined ? '' : ` and kept as ${kept}`;
  const message = `Saved schedule data older than this app's last read (${when}) was found${where}; it was not used and will be fetched again.`;
  return { id: 'cache-reset', message };
}
