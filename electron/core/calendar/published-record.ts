// What a calendar output last published, per event UID, so the same block keeps its UID when it moves and a
// changed block gets a higher SEQUENCE and a new LAST-MODIFIED (calendar apps update instead of duplicating).
//
// The UID rule. A block is "the same block" as one published before when it is on the same schedule and the two
// overlap in time: an override that shortens or extends it at either end, or a horizon that reveals more of it,
// leaves part of it in place, so it keeps its UID. Pairs are matched by largest overlap first, each UID at most
// once: when an override splits a block, the larger part keeps the UID and the other is new; when two blocks merge,
// the one sharing more time with it survives and the other's event is removed. A block overlapping nothing
// published gets a UID derived from (schedule, me, its start), so two runs without any record (a lost file, the
// demo) still agree. A published block that overlaps no current one is gone and leaves the record.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FileStore } from '../ports';

export const RECORD_VERSION = 1;

const EntrySchema = z.object({
  scheduleId: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  /** Hash of what the event says (times, summary, description): a new one means the block changed. */
  digest: z.string(),
  sequence: z.number().int().min(0),
  modifiedMs: z.number(),
});
export type PublishedEntry = z.infer<typeof EntrySchema>;

const RecordSchema = z.object({ version: z.literal(RECORD_VERSION), events: z.record(z.string(), EntrySchema) });
export type PublishedRecord = Map<string, PublishedEntry>;

export async function readRecord(files: FileStore, name: string): Promise<PublishedRecord> {
  let text: string | undefined;
  try {
    text = await files.read(name);
  } catch {
    return new Map();
  }
  if (text === undefined) return new Map();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // An unreadable record only costs continuity: UIDs then fall back to (schedule, start), which most keep.
  const parsed = RecordSchema.safeParse(json);
  return parsed.success ? new Map(Object.entries(parsed.data.events)) : new Map();
}

export async function writeRecord(files: FileStore, name: string, record: PublishedRecord): Promise<void> {
  await files.writeAtomic(name, JSON.stringify({ version: RECORD_VERSION, events: Object.fromEntries(record) }));
}

export function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/** The UID of a block nothing published overlaps: stable for the same (schedule, me, start). */
export function anchorUid(scheduleId: string, emailLower: string, startMs: number): string {
  return `${digestOf(`${scheduleId}\n${emailLower}\n${startMs}`)}@oncall-tray`;
}

interface Interval {
  startMs: number;
  endMs: number;
}

const overlapMs = (a: Interval, b: Interval): number => Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs);

/** UIDs for one schedule's blocks (same order), matched to its published entries by largest overlap. */
export function matchUids(
  blocks: readonly Interval[],
  published: ReadonlyMap<string, Interval>,
  fresh: (b: Interval) => string,
): string[] {
  const pairs: { block: number; uid: string; overlap: number }[] = [];
  blocks.forEach((b, block) => {
    for (const [uid, entry] of published) {
      const overlap = overlapMs(b, entry);
      if (overlap > 0) pairs.push({ block, uid, overlap });
    }
  });
  pairs.sort((x, y) => y.overlap - x.overlap || x.block - y.block);
  const uids: (string | undefined)[] = blocks.map(() => undefined);
  const taken = new Set<string>();
  for (const p of pairs) {
    if (uids[p.block] !== undefined || taken.has(p.uid)) continue;
    uids[p.block] = p.uid;
    taken.add(p.uid);
  }
  return blocks.map((b, i) => {
    const matched = uids[i];
    if (matched !== undefined) return matched;
    // A fresh anchor can collide with a kept UID only in odd edit sequences; a suffix keeps UIDs unique.
    let uid = fresh(b);
    for (let n = 2; taken.has(uid); n++) uid = `${n}-${fresh(b)}`;
    taken.add(uid);
    return uid;
  });
}
