// Each block's event as published: its UID (kept, matched or new: published-record.ts's rule), SEQUENCE and
// stamps, and the events kept as last read where the latest read didn't reach. Apart from publisher.ts, which
// reads and writes the record around these and renders the calendar: here is what one schedule's events become.
import { descriptionOf, summaryOf } from './event-words';
import type { CalendarBlock } from './my-blocks';
import {
  anchorUid,
  digestOf,
  matchUids,
  freshUid,
  reissuedUid,
  spentBy,
  type Spent,
  type PublishedEntry,
  type PublishedRecord,
} from './published-record';
import { nextSequence } from './sequence-clock';
import { fromReadOf } from './calendar-sources';
import { leftOutAs, type LeftOut } from './record-said';
import { windowOf, type CalendarInput, type Group } from './calendar-groups';

export interface Published {
  group: Group;
  block: CalendarBlock;
  uid: string;
  entry: PublishedEntry;
  reissued?: true; // under a new UID, its old one's SEQUENCE spent
}

function publishOne(
  group: Group,
  block: CalendarBlock,
  uid: string,
  record: PublishedRecord,
  nowMs: number,
  localZone: string,
): Published {
  // The alarms are part of what was published: changing them is an edit (a new SEQUENCE), not a new event.
  const alarms = group.alarms.map((a) => a.beforeMin).join(',');
  const digest = digestOf(
    [block.startMs, block.endMs, summaryOf(block), descriptionOf(block, localZone), alarms].join('\n'),
  );
  const was = record.get(uid);
  const changed = was === undefined || was.digest !== digest;
  // Past MAX_SEQUENCE an edit is a new event (spentBy): never refused at the next read, nor frozen (adv52 r10, r21).
  const before = spentBy(was, changed) ? undefined : was;
  const entry: PublishedEntry = {
    scheduleId: group.ref,
    startMs: block.startMs,
    endMs: block.endMs,
    digest,
    sequence: nextSequence(before?.sequence, changed, nowMs),
    modifiedMs: changed || before === undefined ? nowMs : before.modifiedMs,
    ...(block.unconfirmed ? { unconfirmedSinceMs: block.unconfirmed.sinceMs } : {}),
    // Read now, or kept: when it was last read stays (a kept event is one the app published from a read).
    ...(block.unconfirmed ? (before?.readMs === undefined ? {} : { readMs: before.readMs }) : { readMs: nowMs }),
    origin: group.origin,
    ...fromReadOf(block.unconfirmed !== undefined, before, group.readMs),
  };
  return before === was ? { block, uid, entry, group } : { block, uid: reissuedUid(uid), entry, group, reissued: true };
}

export function publishSchedule(group: Group, record: PublishedRecord, nowMs: number, zone: string, spent?: Spent) {
  const fresh = (b: { startMs: number }) => freshUid(anchorUid(group.ref, group.emailLower, b.startMs), spent);
  const uids = matchUids(group.blocks, new Map([...record].filter(([, e]) => e.scheduleId === group.ref)), fresh);
  return group.blocks.map((block, i) => publishOne(group, block, uids[i] ?? fresh(block), record, nowMs, zone));
}

const overlaps = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }): boolean =>
  a.startMs < b.endMs && b.startMs < a.endMs;

/** The block an event published before stands for when the latest read didn't cover its time (a hole, past the
 *  read) and no block of mine there was read: it is unknown, not gone, so it is kept as last published and says so
 *  (issue 47: a subscribed calendar deleted it, with its alarms, and put it back after the hole). */
function keptBlock(group: Group, entry: PublishedEntry, nowMs: number): CalendarBlock | undefined {
  const why = group.unreadIn(entry.startMs, entry.endMs);
  if (why === null) return undefined;
  return {
    scheduleId: group.scheduleId,
    scheduleName: group.scheduleName,
    zone: group.zone,
    startMs: entry.startMs,
    endMs: entry.endMs,
    withMe: [],
    // Its neighbours only as the latest read shows them: Bob read fine after it is Bob, not "unknown" (adv47 r15).
    ...group.around(entry.startMs, entry.endMs),
    endBasis: { kind: 'unknown', why },
    basis: { kind: 'unknown', why },
    // Since the last read that showed it (the export that published it from a read), not since the export that
    // first kept it: that claimed hours of confirmation that never happened (adv47 round 15 #1).
    unconfirmed: { sinceMs: entry.readMs ?? entry.unconfirmedSinceMs ?? nowMs },
  };
}

/** Events of this schedule published before, not matched by a block read now, that the latest read didn't cover. */
export function keptOfSchedule(
  group: Group,
  record: PublishedRecord,
  published: readonly Published[],
  input: CalendarInput,
  left: LeftOut,
): Published[] {
  const window = windowOf(input);
  const taken = new Set(published.map((p) => p.uid));
  const kept: Published[] = [];
  for (const [uid, e] of record) {
    if (e.scheduleId !== group.ref || taken.has(uid)) continue;
    if (e.endMs <= window.fromMs || e.startMs >= window.toMs) continue;
    if (group.blocks.some((b) => overlaps(b, e))) continue;
    const block = keptBlock(group, e, input.nowMs);
    if (!block) continue;
    // Only an event the app itself published from a read is kept "as last read" (adv52 r11 #3): one it never read
    // as mine (a made-up entry) is dropped and said, never published as my shift. Without the record key nothing
    // tells the app's kept entry from a typed one (adv52 r61 #1): it is dropped and said too.
    const why = leftOutAs(e.readMs, left.signed);
    if (why !== undefined) left.reasons.push(why);
    else kept.push(publishOne(group, block, uid, record, input.nowMs, input.localZone));
  }
  return kept;
}
