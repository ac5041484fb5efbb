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
import { DAY_MS } from '../../shared/time';
import type { Notice } from '../storage/settings-store';
import { droppedText, keptForDropped, plausibleMs, readBack, sortClaims } from '../storage/read-back';
import { newerFieldsText, newerVersionText } from '../storage/newer-content';
import { unsignedAs, vouches, type RecordSigner } from '../storage/record-key';
import { CacheOriginSchema, type CacheOrigin } from '../storage/cache-origin';
import { clockSequence, MAX_SEQUENCE, sequenceCeiling } from './sequence-clock';

export const RECORD_VERSION = 1;

const EntrySchema = z.object({
  scheduleId: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  /** Hash of what the event says (times, summary, description): a new one means the block changed. */
  digest: z.string(),
  sequence: z.number().int().min(0),
  modifiedMs: z.number(),
  /** Set while the event is kept unconfirmed (the latest read didn't cover it): when it first was. */
  unconfirmedSinceMs: z.number().optional(),
  /** When the app last published this event from a read of the service (adv52 r11 #3): only such an event is kept
   *  as last read when a later read doesn't cover it. Absent: written before it was kept, or not the app's. */
  readMs: z.number().optional(),
  /** The address and e-mail of the account it was published for (cache-origin.ts, adv52 r15 #2): an event read
   *  from service A is no shift of mine once the account points at B. Absent: written before stamps (taken). */
  origin: CacheOriginSchema.optional(),
  /** The schedule's read it was published from (adv52 r43 #2): a cache.json saying an earlier read is older than the
   *  app's last (storage/last-read-evidence.ts). Absent: written before it, or kept from an earlier read. */
  fromReadMs: z.number().optional(),
});
export type PublishedEntry = z.infer<typeof EntrySchema>;

const RecordSchema = z.object({
  version: z.literal(RECORD_VERSION),
  events: z.record(z.string(), EntrySchema),
  /** Each entry's MAC by UID (storage/record-key.ts): a `readMs` the app didn't write is not believed. */
  macs: z.record(z.string(), z.string().max(100)).optional(),
});
export type PublishedRecord = Map<string, PublishedEntry>;

/** Entries a record may hold: far beyond a 90-day horizon of many schedules, far below a file that stalls a render. */
export const MAX_RECORD_ENTRIES = 5_000;
/** Far above what MAX_RECORD_ENTRIES entries take (~250 characters each): a bigger file is refused unparsed, so it
 *  can't stall every export and feed request (a 48 MB record took 9 s). */
export const MAX_RECORD_CHARS = MAX_RECORD_ENTRIES * 400;
export { MAX_SEQUENCE } from './sequence-clock';
/** The furthest ahead of a block the app reads it: the service's widest read (366 days) and a day spare. */
const READ_REACH_MS = 367 * DAY_MS;
const UID = /^(?:\d{1,4}-)?[0-9a-f]{32}@oncall-tray$/;
const DIGEST = /^[0-9a-f]{32}$/;

/** Why an entry read back can't be what the app published, or undefined when it can. Its values go into the .ics
 *  as they are (UID, SEQUENCE, DTSTAMP), so only the forms the app makes pass: a line break in a UID would add an
 *  event, an absurd time would stop every later export. */
export function entryProblem(uid: string, e: PublishedEntry, nowMs: number): string | undefined {
  if (!UID.test(uid)) return 'an event id the app did not make';
  if (!DIGEST.test(e.digest) || e.scheduleId.length > 300) return 'an entry the app did not make';
  if (e.sequence > sequenceCeiling(nowMs)) return "a revision number that can't be true";
  const latestMs = nowMs + 400 * DAY_MS;
  if (!plausibleMs(e.modifiedMs, nowMs + DAY_MS) || !plausibleMs(e.startMs, latestMs))
    return "a time that can't be true";
  if (!plausibleMs(e.endMs, latestMs) || e.endMs <= e.startMs) return "a time that can't be true";
  if (e.unconfirmedSinceMs !== undefined && !plausibleMs(e.unconfirmedSinceMs, nowMs + DAY_MS))
    return "a time that can't be true";
  // The app stamps an entry when it reads or changes its block, so never before it could read that far ahead: a
  // Nov-2026 block "modified" in 2000 would publish DTSTAMP 2000 (adv52 r21 #3).
  const firstReadMs = e.startMs - READ_REACH_MS;
  if ([e.modifiedMs, e.readMs, e.unconfirmedSinceMs, e.fromReadMs].some((ms) => ms !== undefined && ms < firstReadMs))
    return "a time that can't be true";
  if (e.fromReadMs !== undefined && !plausibleMs(e.fromReadMs, nowMs + DAY_MS)) return "a time that can't be true";
  return e.readMs === undefined ? undefined : readOrderProblem(e, nowMs);
}

/** The app's own order (publisher.ts): an event is read (readMs) no later than it is modified while read, and it is
 *  unconfirmed only after its last read, never before (adv52 r11 #3: "Not confirmed since 2000"). */
function readOrderProblem(e: PublishedEntry, nowMs: number): string | undefined {
  const readMs = e.readMs ?? 0;
  if (!plausibleMs(readMs, nowMs + DAY_MS)) return "a time that can't be true";
  if (e.unconfirmedSinceMs === undefined ? e.modifiedMs > readMs : e.unconfirmedSinceMs < readMs)
    return "a time that can't be true";
  return undefined;
}

function originProblem(e: PublishedEntry, origins: ReadonlyMap<string, CacheOrigin> | undefined) {
  const now = origins?.get(e.scheduleId);
  if (e.origin === undefined || now === undefined) return undefined;
  return e.origin.address === now.address && e.origin.email === now.email
    ? undefined
    : "an entry written for another service address or user than its account's";
}

export const recordNoticeId = (name: string): string => `calendar-record:${name}`;

/** The notice of events published again under a new UID (its own id: the record's notice may come in the same render). */
export const reissuedNoticeId = (name: string): string => `${recordNoticeId(name)}-again`;

/** `twice`: events may have been published under a new UID (false when each was kept under its own). */
export function recordNotice(name: string, said: string, twice = true): Notice {
  const more = twice ? ' Events already in a calendar app may show twice until their old copies are removed.' : '';
  return { id: recordNoticeId(name), message: `${said}${more}` };
}

/** Said when events were issued again under a new UID (their SEQUENCE spent, MAX_SEQUENCE). */
export const reissuedText = (n: number): string =>
  `${n === 1 ? '1 event' : `${n} events`} of the calendar reached the highest revision number a calendar app takes and ${n === 1 ? 'was' : 'were'} published again as a new event.`;

type Check = (uid: string, e: PublishedEntry, signed?: PublishedEntry) => string | undefined;

/** Entries whose one false claim is a revision number above what the app can have made by now, yet not past
 *  MAX_SEQUENCE (adv52 r55 #2): each keeps its UID, so a calendar app updates its event rather than showing it twice,
 *  at the number the app makes now. One past MAX_SEQUENCE is spent instead (a new UID, readRecord). */
function renumberedOf(
  entries: readonly (readonly [string, PublishedEntry])[],
  kept: readonly (readonly [string, PublishedEntry])[],
  nowMs: number,
  problem: Check,
): [string, PublishedEntry][] {
  const keptUids = new Set(kept.map(([uid]) => uid));
  return entries.flatMap(([uid, e]): [string, PublishedEntry][] => {
    if (keptUids.has(uid) || e.sequence > MAX_SEQUENCE || e.sequence <= sequenceCeiling(nowMs)) return [];
    const now = { ...e, sequence: clockSequence(nowMs) };
    return problem(uid, now, e) === undefined ? [[uid, now]] : [];
  });
}

/** The record as published, each entry checked (entryProblem); what fails is dropped, the file kept aside and said
 *  once through `report`. An unreadable record only costs continuity: UIDs fall back to (schedule, start). */
export async function readRecord(
  files: FileStore,
  name: string,
  nowMs: number,
  report: (notice: Notice) => void = () => undefined,
  /** The schedules watched now (by ref): an entry for another is dropped and said, not let go silently. */
  watched?: ReadonlySet<string>,
  /** The app's record key: an entry without its MAC was not published by the app (one with no MAC at all is taken
   *  once while the key is new; record-key.ts vouches). */
  signer?: RecordSigner,
  /** Each schedule's account's address and e-mail now, by ref: an entry stamped with another is dropped and said. */
  origins?: ReadonlyMap<string, CacheOrigin>,
): Promise<{ record: PublishedRecord; rewrite: boolean; spent?: ReadonlySet<string> }> {
  const what = `the calendar's record of what it published (${name})`;
  const read = await readBack(files, name, RecordSchema, { maxChars: MAX_RECORD_CHARS });
  const none = { record: new Map<string, PublishedEntry>(), rewrite: false };
  if (read.kind === 'absent') return none;
  if (read.kind === 'unreadable') {
    report(
      recordNotice(name, `The calendar's record of what it published (${name}) could not be read (${read.reason}).`),
    );
    return none;
  }
  if (read.kind === 'refused' && read.newer !== undefined) {
    report(recordNotice(name, newerVersionText(what, read.newer, read.kept)));
    return none;
  }
  if (read.kind === 'refused') {
    const kept = read.kept ? ` (kept as ${read.kept})` : '';
    report(recordNotice(name, `The calendar's record of what it published was damaged${kept} and was not used.`));
    return none;
  }
  if (read.newer !== undefined)
    report({ id: `${recordNoticeId(name)}-newer`, message: newerFieldsText(what, read.newer.fields, read.newer.kept) });
  const entries = Object.entries(read.value.events);
  const macs = read.value.macs ?? {};
  // `signed`: the entry as read, which its MAC vouches for (the entry checked may be renumbered).
  const problem: Check = (uid, e, signed = e) =>
    entries.length > MAX_RECORD_ENTRIES
      ? 'more entries than the app makes'
      : signer && !vouches(signer, name, uid, signed, macs[uid])
        ? unsignedAs(signer, name)
        : (entryProblem(uid, e, nowMs) ??
          (watched === undefined || watched.has(e.scheduleId) ? undefined : 'a schedule not watched now') ??
          originProblem(e, origins));
  const sorted = sortClaims(entries, ([uid, e]) => problem(uid, e));
  // A record from before MACs, taken this once, is written back signed.
  if (sorted.dropped.length === 0) return { record: new Map(sorted.kept), rewrite: signer?.fresh === true };
  const renumbered = renumberedOf(entries, sorted.kept, nowMs, problem);
  // Only an entry dropped whole can put its event under a new UID (a second copy in a calendar app).
  const twice = sorted.dropped.length > renumbered.length;
  const kept = await keptForDropped(files, name, read.newer);
  report(recordNotice(name, droppedText(what, sorted.dropped, kept), twice));
  // A SEQUENCE past the app's may be what a calendar app holds for that UID: its block is issued under a new one.
  const spent = new Set(entries.filter(([, e]) => e.sequence > MAX_SEQUENCE).map(([uid]) => uid));
  // The file was moved aside: what holds must be written back even if this render changes nothing.
  return { record: new Map([...sorted.kept, ...renumbered]), rewrite: true, spent };
}

export async function writeRecord(
  files: FileStore,
  name: string,
  record: PublishedRecord,
  signer?: RecordSigner,
): Promise<void> {
  const events = Object.fromEntries(record);
  const macs = signer
    ? { macs: Object.fromEntries([...record].map(([uid, e]) => [uid, signer.sign(name, uid, e)])) }
    : {};
  await files.writeAtomic(name, JSON.stringify({ version: RECORD_VERSION, events, ...macs }));
}

export function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/** The UID of a block nothing published overlaps: stable for the same (schedule, me, start). */
/** The UID an event is issued again under once its SEQUENCE is spent (or refused as one the app could not have made):
 *  derived from the old one, so two runs agree, and new to every calendar app, which takes it at SEQUENCE 0. */
export const reissuedUid = (uid: string): string => `${digestOf(`${uid}\nissued again`)}@oncall-tray`;

/** UIDs whose entries were refused for a SEQUENCE past the app's: a calendar app may hold the higher one. */
export type Spent = ReadonlySet<string>;

/** A block's fresh UID: its anchor, or the anchor issued again when a refused entry spent it (publishing it from
 *  SEQUENCE 0 again would be ignored by a calendar app holding the higher one). */
export const freshUid = (anchor: string, spent: Spent | undefined): string =>
  spent?.has(anchor) ? reissuedUid(anchor) : anchor;

/** Whether an edit of this entry is past MAX_SEQUENCE, so it is published as a new event. */
export const spentBy = (was: PublishedEntry | undefined, changed: boolean): boolean =>
  changed && was !== undefined && was.sequence >= MAX_SEQUENCE;

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
