// What the app's other records say of its last read (adv52 r43 #2). cache.json says when its data was read; an older
// copy put back between runs (a backup, a synced folder's older version) says an earlier time, and the app used to
// show it as the latest saved data, its given-away blocks published and alarmed again. The calendar's records stamp
// each event with the read it was published from (`fromReadMs`, the schedule's read as the snapshot held it, so the
// cache that snapshot was saved to says that time or later): one later than the cache's for the same schedule proves
// the cache older than a read the app made.
import { z } from 'zod';
import type { FileStore } from '../ports';
import type { Snapshot } from '../model/snapshot';

/** The part of a calendar record read here: a wrong shape or a damaged file is no evidence (its own read says so). */
const EvidenceSchema = z.object({
  events: z.record(z.string(), z.object({ scheduleId: z.string(), fromReadMs: z.number().optional() })),
});

/** The latest read each schedule (by ref) was published from, over the given records; a read after `nowMs` proves
 *  nothing (a clock set back, or a made-up time) and is left out. */
export async function lastReadsByRef(
  files: FileStore,
  names: readonly string[],
  nowMs: number,
): Promise<Map<string, number>> {
  const reads = new Map<string, number>();
  for (const name of names) {
    const events = await eventsOf(files, name);
    for (const e of events) {
      if (e.fromReadMs === undefined || !Number.isFinite(e.fromReadMs) || e.fromReadMs > nowMs) continue;
      reads.set(e.scheduleId, Math.max(reads.get(e.scheduleId) ?? 0, e.fromReadMs));
    }
  }
  return reads;
}

async function eventsOf(files: FileStore, name: string) {
  try {
    const text = await files.read(name);
    const parsed = text === undefined ? undefined : EvidenceSchema.safeParse(JSON.parse(text));
    return parsed?.success ? Object.values(parsed.data.events) : [];
  } catch {
    return []; // unreadable or too large: the record's own read says so, and proves nothing here
  }
}

/** A schedule's read as the snapshot holds it (the time the calendar stamps as `fromReadMs`). */
export function readMsOf(s: Snapshot['schedules'][number]): number | undefined {
  const at = s.shiftsReadAt ?? s.shiftsFetchedAt;
  return at === null ? undefined : Date.parse(at);
}

/** The latest read the records show that the cache doesn't hold (a schedule read later than the cache says), or
 *  undefined when the cache is as new as every read they show. `refOf` maps a schedule id to the records' key. */
export function laterReadThan(
  snapshot: Snapshot,
  reads: ReadonlyMap<string, number>,
  refOf: (scheduleId: string) => string,
): number | undefined {
  const later = snapshot.schedules.flatMap((s) => {
    // A schedule the cache holds no read of (watched again, not read yet) is left out: nothing to be older than.
    const [read, held] = [reads.get(refOf(s.id)), readMsOf(s)];
    return read !== undefined && held !== undefined && read > held ? [read] : [];
  });
  return later.length === 0 ? undefined : Math.max(...later);
}
