// My on-call blocks per watched schedule, as a calendar shows them: one per maximal stretch I'm on call on one
// schedule (blocksOf over segmentsOf, the same blocks the tray and reminders use), with who is on just before and
// just after. "Unknown" (null) where the fetched shifts don't reach that far, never a made-up "nobody".
import type { Settings } from '../../shared/settings';
import type { Person, ScheduleStatus } from '../../shared/view-state';
import { blocksOf, instantMs, segmentsOf, type Segment } from '../model/segments';
import { scheduleStatus } from '../state/status';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';

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
  /** The block reaches the end of what was fetched, so it may go on longer. */
  mayContinue: boolean;
  /** Not fresh: from saved data (since when, and why), so the event says so. Absent when fresh. */
  saved?: { atMs: number; notFound: boolean };
}

export interface ScheduleBlocks {
  scheduleId: string;
  scheduleName: string;
  /** False when nothing was ever loaded for it: its blocks are unknown, not absent. */
  known: boolean;
  blocks: CalendarBlock[];
  /** End of the fetched shifts, if any were fetched. */
  fetchedToMs: number | null;
  /** How fresh its shifts are (the same status every other surface shows). */
  status: ScheduleStatus;
}

export interface BlockWindow {
  fromMs: number;
  /** Blocks starting at or after this are left out; Infinity for everything fetched. */
  toMs: number;
}

const msOrNull = (iso: string | null): number | null => {
  const ms = iso === null ? NaN : instantMs(iso);
  return Number.isFinite(ms) ? ms : null;
};

/** People on call in the segment ending exactly at `ms` (or starting exactly at it, `after`). */
function neighbour(
  segments: readonly Segment[],
  ms: number,
  side: 'before' | 'after',
  edgeMs: number | null,
): Person[] | null {
  const seg = side === 'before' ? segments.find((s) => s.endMs === ms) : segments.find((s) => s.startMs === ms);
  if (seg) return seg.users;
  // Nothing adjacent: either the time is uncovered, or the fetched shifts end right there.
  const atEdge = edgeMs === null || (side === 'before' ? ms <= edgeMs : ms >= edgeMs);
  return atEdge ? null : [];
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
  const saved = savedOf(status);
  const fromMs = msOrNull(s.shiftsFrom);
  const toMs = msOrNull(s.shiftsTo);
  return blocksOf(segments, emailLower)
    .filter((b) => b.endMs > window.fromMs && b.startMs < window.toMs)
    .map((b) => ({
      scheduleId: s.id,
      scheduleName: name,
      zone: s.details?.time_zone ?? null,
      startMs: b.startMs,
      endMs: b.endMs,
      withMe: b.others,
      before: neighbour(segments, b.startMs, 'before', fromMs),
      after: neighbour(segments, b.endMs, 'after', toMs),
      mayContinue: toMs !== null && b.endMs >= toMs,
      ...(saved ? { saved } : {}),
    }));
}

/** Every watched schedule in settings order, with my blocks in `window` from the snapshot's shifts. */
export function myCalendarBlocks(
  snapshot: Snapshot,
  settings: Settings,
  window: BlockWindow,
  nowMs: number,
): ScheduleBlocks[] {
  const emailLower = settings.email.trim().toLowerCase();
  const byId = new Map(snapshot.schedules.map((s) => [s.id, s]));
  return settings.schedules.map((w) => {
    const s = byId.get(w.id);
    const scheduleName = s?.details?.name ?? w.name ?? w.id;
    const status = scheduleStatus(s, nowMs, settings, false);
    const known = s !== undefined && s.shiftsFetchedAt !== null;
    if (!s || !known) return { scheduleId: w.id, scheduleName, known: false, blocks: [], fetchedToMs: null, status };
    const blocks = blocksOfSchedule(s, scheduleName, emailLower, window, status);
    return { scheduleId: w.id, scheduleName, known, blocks, fetchedToMs: msOrNull(s.shiftsTo), status };
  });
}
