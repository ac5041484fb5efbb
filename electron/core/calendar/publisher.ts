// Renders my calendar from a snapshot and keeps the record of what was published (see published-record.ts for
// the UID rule). One render at a time per record, so two requests never hand out diverging sequences.
import { afterFirstRead, type RecordSigner } from '../storage/record-key';
import { originOf, type CacheOrigin } from '../storage/cache-origin';
import { accountNamed } from '../../shared/account-names';
import type { ServiceSettings } from '../../shared/settings';
import type { FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import type { Snapshot } from '../model/snapshot';
import { remindersFor } from '../../shared/settings';
import { DAY_MS } from '../../shared/time';
import { formatStamp } from '../../shared/format';
import { calendarText, descriptionOf, eventLines, summaryOf, type AlarmSpec } from './ics-calendar';
import { unreadWithoutKey } from '../state/status';
import { myBlocksTold } from './unknown-mine';
import { type BlockWindow, type CalendarBlock, type ScheduleBlocks } from './my-blocks';
import { scheduleRef } from '../../shared/accounts';
import {
  anchorUid,
  digestOf,
  matchUids,
  freshUid,
  reissuedUid,
  spentBy,
  type Spent,
  readRecord,
  writeRecord,
  type PublishedEntry,
  type PublishedRecord,
} from './published-record';
import { minOf } from '../../shared/extremes';
import { nextSequence } from './sequence-clock';
import { fromReadOf, readOf, toldOnce } from './calendar-sources';
import { leftOutAs, sayRendered, type LeftOut } from './record-said';

/** Blocks that ended within this long ago stay in the calendar (the shifts the app keeps reach a week back). */
export const PAST_MS = 7 * DAY_MS;
/** Record files: one per output, so an imported export and a subscribed feed each keep their own sequences. */
export const EXPORT_RECORD = 'calendar-export.json';
export const FEED_RECORD = 'calendar-feed.json';

/** One account's data and settings: the calendar covers every account's blocks. */
export interface CalendarService {
  snapshot: Snapshot;
  settings: ServiceSettings;
  /** False: no API key, so nothing can be read until one is added ("not read", never "not loaded yet"). */
  hasKey?: boolean;
  /** Why the state calls my shifts on its schedules unknown (its `unmatched` notice); absent when they are read. */
  mineUnknown?: string;
}

/** One service (`snapshot`, `settings`), or several (`services`). */
export type CalendarInput = CalendarTime & (CalendarService | { services: readonly CalendarService[] });

interface CalendarTime {
  nowMs: number;
  localZone: string;
  /** Days ahead to include; all fetched shifts when absent. */
  days?: number;
}

export interface CalendarPublisher {
  render(input: CalendarInput): Promise<string>;
}

interface Published {
  group: Group;
  block: CalendarBlock;
  uid: string;
  entry: PublishedEntry;
  reissued?: true; // under a new UID, its old one's SEQUENCE spent
}

/** The alarms a schedule's blocks carry: its reminder choices (leads and at start), or none when switched off. */
export function alarmsFor(settings: ServiceSettings, scheduleId: string): AlarmSpec[] {
  if (!settings.calendarAlarms) return [];
  const r = remindersFor(settings, scheduleId);
  const leads = [...new Set(r.leadTimesMin)].sort((a, b) => b - a).map((beforeMin) => ({ beforeMin }));
  return r.atStart ? [...leads, { beforeMin: 0 }] : leads;
}

/** A schedule's blocks with what its account adds: the schedule's ref (the record's and the UIDs' key, so equal
 *  schedule ids on two accounts never share an event), the e-mail blocks are mine by, and the alarms. */
interface Group extends ScheduleBlocks {
  ref: string;
  /** Its account's address and e-mail now: each entry published is stamped with it (published-record.ts). */
  origin: CacheOrigin;
  emailLower: string;
  alarms: AlarmSpec[];
  readMs?: number; // its shifts' read as the snapshot holds it (calendar-sources.ts)
}

function groupsOf(input: CalendarInput, window: BlockWindow): Group[] {
  const all = 'services' in input ? input.services : [input];
  const services = toldOnce(all);
  // With several accounts an event names its account ("On call: Work · Platform primary"), as every surface does:
  // also when the other is the same service and told as this one's (issue 47: the event said "Platform" where the
  // popover said "Work · Platform").
  const named = (settings: ServiceSettings, name: string): string =>
    all.length > 1 ? accountNamed(settings.accountLabel, name) : name;
  return services.flatMap(({ snapshot, settings, hasKey, mineUnknown }) =>
    myBlocksTold(snapshot, settings, window, input.nowMs, mineUnknown).map((g) => ({
      ...g,
      status: unreadWithoutKey(g.status, { hasKey: hasKey !== false }, settings.accountLabel),
      scheduleName: named(settings, g.scheduleName),
      blocks: g.blocks.map((b) => ({ ...b, scheduleName: named(settings, b.scheduleName) })),
      ref: scheduleRef(settings.accountId, g.scheduleId),
      origin: originOf(settings),
      emailLower: settings.email.trim().toLowerCase(),
      alarms: alarmsFor(settings, g.scheduleId),
      ...readOf(snapshot, g.scheduleId),
    })),
  );
}

/** Every schedule watched now, by ref, on every account (also one told through another account). */
function watchedRefs(input: CalendarInput): Set<string> {
  const all = 'services' in input ? input.services : [input];
  return new Set(all.flatMap(({ settings }) => settings.schedules.map((w) => scheduleRef(settings.accountId, w.id))));
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

function publishSchedule(group: Group, record: PublishedRecord, nowMs: number, zone: string, spent?: Spent) {
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
function keptOfSchedule(
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

/** An instant in the calendar's header, as every instant in it is worded: "Sun 29 Mar 2026, 09:00 Berlin". */
const stampOf = (ms: number, localZone: string): string => formatStamp(ms, { localZone, nameZone: true });

/** Saved (not fresh) schedules by name with when their data was read: "Payments (read Sun 29 Mar 2026, 09:00 Berlin)". */
function savedNames(groups: readonly ScheduleBlocks[], localZone: string): string[] {
  return groups.flatMap((g) => {
    const st = g.status;
    const at =
      st.kind === 'stale'
        ? st.since
        : st.kind === 'not_found' && typeof st.savedAt === 'string'
          ? st.savedAt
          : undefined;
    if (!g.known || at === undefined) return [];
    return [
      `${g.scheduleName} (read ${stampOf(Date.parse(at), localZone)}${st.kind === 'not_found' ? ', no longer found on the service' : ''})`,
    ];
  });
}

function headOf(groups: readonly Group[], localZone: string): { name: string; description: string } {
  // "Known until" from fresh schedules only, named when not all are (adv47 r28 #1); saved ones say when read.
  const fresh = groups.filter((g) => g.known && g.status.kind === 'fresh' && g.knownToMs !== null);
  const ends = fresh.map((g) => g.knownToMs).filter((ms): ms is number => ms !== null);
  const of = fresh.length < groups.length ? ` on ${fresh.map((g) => g.scheduleName).join(', ')}` : '';
  const until =
    ends.length > 0
      ? `Shifts are known until ${stampOf(minOf(ends), localZone)}${of}, as far as the app could read them.`
      : '';
  const saved = savedNames(groups, localZone);
  const savedText = saved.length > 0 ? ` From saved data that may have changed: ${saved.join(', ')}.` : '';
  // Not read (no API key) says why, as every surface does: "not loaded yet" promised a load that won't come until
  // a key is added (adv47 r11 #4).
  const missing = groups
    .filter((g) => !g.known)
    .map((g) => (g.status.kind === 'not_read' ? `${g.scheduleName} (not read: ${g.status.reason})` : g.scheduleName));
  const some = missing.length > 0;
  const loading = groups.some((g) => !g.known && g.status.kind !== 'not_read');
  const lead = loading ? 'Not loaded yet, so unknown rather than free' : 'Unknown rather than free';
  const unknown = `${savedText}${some ? ` ${lead}: ${missing.join(', ')}.` : ''}`;
  const emails = [...new Set(groups.map((g) => g.emailLower).filter((e) => e !== ''))];
  const noEmail = groups.some((g) => g.emailLower === '') || groups.length === 0;
  const who = noEmail ? ' No e-mail is set in OnCall Tray for some schedules, so no block there can be yours.' : '';
  const description = `On-call blocks of ${emails.join(', ') || 'you'} on ${groups.map((g) => g.scheduleName).join(', ') || 'no schedule'}. ${until}${unknown}${who}`;
  return { name: 'On call (OnCall Tray)', description: description.replace(/\s+/g, ' ').trim() };
}

/** The window of blocks a calendar tells: a week back, and `days` ahead (all read, when not given). */
const windowOf = (input: CalendarInput): BlockWindow => ({
  fromMs: input.nowMs - PAST_MS,
  toMs: input.days === undefined ? Infinity : input.nowMs + input.days * DAY_MS,
});

/** Each block the calendar tells, with its account and its event's words (summary, description): what the text
 *  registry reads (test/support/text-registry.ts), from the same groups the calendar is rendered from. */
export function calendarTexts(
  input: CalendarInput,
): { ref: string; block: CalendarBlock; summary: string; description: string }[] {
  return groupsOf(input, windowOf(input))
    .filter((g) => g.known)
    .flatMap((g) =>
      g.blocks.map((block) => ({
        ref: g.ref,
        block,
        summary: summaryOf(block),
        description: descriptionOf(block, input.localZone),
      })),
    );
}

async function renderWith(
  files: FileStore,
  recordName: string,
  input: CalendarInput,
  report: (notice: Notice) => void,
  signer: RecordSigner | undefined,
): Promise<string> {
  const groups = groupsOf(input, windowOf(input));
  const watched = watchedRefs(input);
  const origins = new Map(groups.map((g) => [g.ref, g.origin]));
  const { record, rewrite, spent } = await readRecord(files, recordName, input.nowMs, report, watched, signer, origins);
  const next: PublishedRecord = new Map();
  // A schedule not loaded yet keeps its entries: its blocks are unknown, not gone.
  const pending = new Set(groups.filter((g) => !g.known).map((g) => g.ref));
  for (const [uid, e] of record) if (pending.has(e.scheduleId)) next.set(uid, e);
  const left: LeftOut = { reasons: [], signed: signer !== undefined };
  const published = groups
    .filter((g) => g.known)
    .flatMap((g) => {
      const read = publishSchedule(g, record, input.nowMs, input.localZone, spent);
      return [...read, ...keptOfSchedule(g, record, read, input, left)];
    });
  for (const p of published) next.set(p.uid, p.entry);
  const dropped = left.reasons.length > 0;
  await sayRendered(files, recordName, report, published.filter((p) => p.reissued).length, left.reasons);
  if (rewrite || dropped || JSON.stringify([...next]) !== JSON.stringify([...record])) {
    // The calendar is still answered when the record can't be saved; the engine's write watch tells the user.
    await writeRecord(files, recordName, next, signer).catch(() => undefined);
  }
  published.sort((a, b) => a.block.startMs - b.block.startMs || a.group.ref.localeCompare(b.group.ref));
  const events = published.map((p) =>
    eventLines(
      p.block,
      { uid: p.uid, sequence: p.entry.sequence, modifiedMs: p.entry.modifiedMs },
      input.localZone,
      p.group.alarms,
    ),
  );
  return calendarText(headOf(groups, input.localZone), events);
}

/** `report`: told once when the record read back held what the app did not publish (dropped, file kept aside). */
export function createCalendarPublisher(
  files: FileStore,
  recordName: string,
  report: (notice: Notice) => void = () => undefined,
  /** The app's record key (storage/record-key.ts), asked at the first render; absent: no MACs, as before. */
  signerOf: () => Promise<RecordSigner | undefined> = () => Promise.resolve(undefined),
): CalendarPublisher {
  let queue: Promise<unknown> = Promise.resolve();
  let signer: Promise<RecordSigner | undefined> | undefined;
  return {
    render(input) {
      const run = queue.then(async () => {
        const first = signer === undefined;
        const key = await (signer ??= signerOf());
        // Only the first read takes a record from before MACs in (record-key.ts afterFirstRead).
        if (first) signer = Promise.resolve(afterFirstRead(key));
        const marked = () => (first ? afterFirstRead(key, recordName) : undefined);
        return renderWith(files, recordName, input, report, key).finally(marked);
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
