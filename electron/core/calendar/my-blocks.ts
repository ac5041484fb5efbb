// My on-call blocks per watched schedule, as a calendar shows them: one per maximal stretch I'm on call on one
// schedule (blocksOf over segmentsOf, the same blocks the tray and reminders use), with who is on just before and
// just after from the known timeline: "unknown" (null) where it doesn't know (a hole, past the read), never a
// made-up "nobody".
import type { ServiceSettings } from '../../shared/settings';
import { freshnessBasis, type Basis } from '../../shared/basis';
import type { Person, ScheduleStatus } from '../../shared/view-state';
import { blocksOf, instantMs, segmentsOf } from '../model/segments';
import {
  knownUntilMs,
  stretchAt,
  stretchesIn,
  timelineBasis,
  timelineOf,
  type KnownTimeline,
  type UnknownWhy,
} from '../model/timeline';
import { scheduleStatus } from '../state/status';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';
import { answeredSnapshot } from '../model/answered';

export interface CalendarBlock {
  scheduleId: string;
  scheduleName: string;
  /** IANA zone of the schedule; null when the service never gave a usable one. */
  zone: string | null;
  startMs: number;
  endMs: number;
  /** Who else is on call when the block starts. */
  withMe: Person[];
  /** On call just before / after: [] when nobody is (uncovered), null when the fetched shifts stop there. */
  before: Person[] | null;
  after: Person[] | null;
  /** What the time right after the block rests on: unknown (the end of what was read, a hole) means it may go on
   *  longer, so its end is not stated as its end. */
  endBasis: Basis;
  /** Why the time just before / after isn't known, where it isn't: a hole the service sent unreadable, or outside
   *  the read. */
  unknownWhy?: { before?: UnknownWhy; after?: UnknownWhy };
  /** Not fresh: from saved data (since when, and why), so the event says so. Absent when fresh. */
  saved?: { atMs: number; notFound: boolean };
  /** What the block rests on (fresh or saved): every text of its event (summary, alarms) is worded from it. */
  basis: Basis;
  /** A block published before that the latest read did not cover (a hole, past the read) and nobody else was read
   *  to hold: kept as last published, not deleted, since when (issue 47). */
  unconfirmed?: { sinceMs: number };
}

export interface ScheduleBlocks {
  scheduleId: string;
  scheduleName: string;
  /** False when nothing was ever loaded for it: its blocks are unknown, not absent. */
  known: boolean;
  blocks: CalendarBlock[];
  /** Where what is known from now on stops (a hole the service sent unreadable, the end of the read); null when now
   *  itself isn't known. */
  knownToMs: number | null;
  /** How fresh its shifts are (the same status every other surface shows). */
  status: ScheduleStatus;
  /** IANA zone of the schedule (null when unknown). */
  zone: string | null;
  /** Why some of [startMs, endMs) isn't known (a hole, past the read), or null when all of it was read: an event
   *  published there before is kept, not deleted, until a read shows the time is someone else's. */
  unreadIn: (startMs: number, endMs: number) => UnknownWhy | null;
  /** Who the latest read shows just before and just after [startMs, endMs) (null where it shows nothing): what a
   *  kept block can say of its neighbours without claiming the block itself. */
  around: (startMs: number, endMs: number) => Pick<CalendarBlock, 'before' | 'after' | 'unknownWhy'>;
}

const ALL_UNREAD = (): UnknownWhy => 'not_read';
const NONE_READ = (): Pick<CalendarBlock, 'before' | 'after' | 'unknownWhy'> => ({
  before: null,
  after: null,
  unknownWhy: { before: 'not_read', after: 'not_read' },
});

function aroundOf(t: KnownTimeline): ScheduleBlocks['around'] {
  return (startMs, endMs) => ({
    before: neighbour(t, startMs, 'before'),
    after: neighbour(t, endMs, 'after'),
    ...unknownWhyOf(t, startMs, endMs),
  });
}

/** Why some of [startMs, endMs) wasn't read by the latest read (a hole, past it), or null. Before the read's start
 *  is the past the app no longer asks for: not a reason to keep an event. */
function unreadOf(t: KnownTimeline): ScheduleBlocks['unreadIn'] {
  return (startMs, endMs) =>
    stretchesIn(t, startMs, endMs).find((s) => s.kind === 'unknown' && s.why !== 'not_read')?.why ?? null;
}

export interface BlockWindow {
  fromMs: number;
  /** Blocks starting at or after this are left out; Infinity for everything fetched. */
  toMs: number;
}

/** Who is on call just before `ms` or from it, as the known timeline says: [] only where it was read and nobody
 *  is on call, null where it isn't known (a hole, the edge of the read). */
function neighbour(t: KnownTimeline, ms: number, side: 'before' | 'after'): Person[] | null {
  const s = stretchAt(t, side === 'before' ? ms - 1 : ms);
  return s.kind === 'unknown' ? null : s.users;
}

function unknownWhyOf(t: KnownTimeline, startMs: number, endMs: number): Pick<CalendarBlock, 'unknownWhy'> {
  const before = stretchAt(t, startMs - 1).why;
  const after = stretchAt(t, endMs).why;
  if (!before && !after) return {};
  return { unknownWhy: { ...(before ? { before } : {}), ...(after ? { after } : {}) } };
}

/** A block from saved data carries when that data was read: its event says so (a fixed date, so it stays stable). */
function savedOf(status: ScheduleStatus): CalendarBlock['saved'] {
  if (status.kind === 'stale') return { atMs: instantMs(status.since), notFound: false };
  if (status.kind === 'not_found' && typeof status.savedAt === 'string')
    return { atMs: instantMs(status.savedAt), notFound: true };
  return undefined;
}

function blocksOfSchedule(
  s: ScheduleSnapshot,
  name: string,
  emailLower: string,
  window: BlockWindow,
  status: ScheduleStatus,
): CalendarBlock[] {
  const segments = segmentsOf(s.shifts);
  const timeline = timelineOf(s);
  const saved = savedOf(status);
  const readAt = timeline.readAtMs === null ? null : new Date(timeline.readAtMs).toISOString();
  const basis = freshnessBasis(status, readAt);
  // A block ends, as far as the app can say, where the read ends (as derive.ts readEndClip has it for every other
  // surface): the service's own end past it is provisional, and the event says "until at least" (issue 47).
  const readToMs = s.shiftsTo === null ? Infinity : instantMs(s.shiftsTo);
  return blocksOf(segments, emailLower)
    .filter((b) => b.endMs > window.fromMs && b.startMs < window.toMs)
    .map((b) => (b.startMs < readToMs && b.endMs > readToMs ? { ...b, endMs: readToMs } : b))
    .map((b) => ({
      scheduleId: s.id,
      scheduleName: name,
      zone: s.details?.time_zone ?? null,
      startMs: b.startMs,
      endMs: b.endMs,
      withMe: b.others,
      before: neighbour(timeline, b.startMs, 'before'),
      after: neighbour(timeline, b.endMs, 'after'),
      // What follows isn't known (the end of the read, a hole): the block may go on.
      endBasis: timelineBasis(timeline, status, b.endMs, b.endMs + 1),
      ...unknownWhyOf(timeline, b.startMs, b.endMs),
      ...(saved ? { saved } : {}),
      basis,
    }));
}

/** Every watched schedule in settings order, with my blocks in `window` from the snapshot's shifts. */
export function myCalendarBlocks(
  snapshot: Snapshot,
  settings: ServiceSettings,
  window: BlockWindow,
  nowMs: number,
): ScheduleBlocks[] {
  const emailLower = settings.email.trim().toLowerCase();
  // As the state reads it: the service's answer over holes in its shift list (model/answered.ts).
  const byId = new Map(answeredSnapshot(snapshot).schedules.map((s) => [s.id, s]));
  return settings.schedules.map((w) => {
    const s = byId.get(w.id);
    const scheduleName = s?.details?.name ?? w.name ?? w.id;
    const status = scheduleStatus(s, nowMs, settings, false);
    const known = s !== undefined && s.shiftsFetchedAt !== null;
    const zone = s?.details?.time_zone ?? null;
    if (!s || !known)
      return {
        scheduleId: w.id,
        scheduleName,
        known: false,
        blocks: [],
        knownToMs: null,
        status,
        zone,
        unreadIn: ALL_UNREAD,
        around: NONE_READ,
      };
    const blocks = blocksOfSchedule(s, scheduleName, emailLower, window, status);
    const timeline = timelineOf(s);
    const knownToMs = knownUntilMs(timeline, nowMs);
    return {
      scheduleId: w.id,
      scheduleName,
      known,
      blocks,
      knownToMs,
      status,
      zone,
      unreadIn: unreadOf(timeline),
      around: aroundOf(timeline),
    };
  });
}
