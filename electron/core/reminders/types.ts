// Types shared by the reminder planner, the change detector and the scheduler.
import type { ServiceSettings } from '../../shared/settings';
import type { StartReminder } from '../../shared/start-reminders';
import { isoOf, type Block, type Segment } from '../model/segments';
import type { NotificationRequest } from '../ports';
import { answeredSchedule } from '../model/answered';
import { timelineOf } from '../model/timeline';
import { savedReadAtMs } from '../model/timeline-kept';
import type { MessageOptions, ShiftRef } from './messages';
import type { ShiftChange } from './notice-messages';

/** What a correction states (./corrections): the block whose start no longer holds, where the time lost ends, who
 *  covers it instead, and what is still mine of it. */
export interface CorrectionStatement {
  was: ShiftRef;
  lostEndMs: number;
  coverers: string[];
  /** Their user ids (every span's): what a held correction is checked by when shown (held-read). */
  covererIds?: string[];
  later?: ShiftRef;
  /** Time already past that a read contradicts (./past-corrections): where the time lost starts, and when the data
   *  the messages rested on was read if it was saved data; each span lost, with who had it (the time between two
   *  spans was mine, so it is never worded as one window). */
  past?: { lostStartMs: number; savedAtMs?: number; spans?: LostSpan[] };
}

/** A span of a block of mine that a read gave to others, and who was on call then. */
export interface LostSpan {
  fromMs: number;
  toMs: number;
  coverers: string[];
}
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';

/** `heads-up`: the evening before a shift that starts during quiet hours ("starts at 03:00"). `correction`: a
 *  reminder already shown no longer holds because of an override of mine (./corrections). */
export type ReminderKind = 'lead' | 'heads-up' | 'start' | 'end' | 'coverage' | 'change' | 'correction';

export interface PlannedReminder {
  /** Stable identity: the same reminder planned again has the same key; fired keys are never shown again. */
  key: string;
  atMs: number;
  kind: ReminderKind;
  /** The message when shown on time (within the grace period). */
  notification: NotificationRequest;
  /** After this instant the reminder is pointless; the fired key is kept until a week after it. */
  untilMs: number;
  /** Shift reminders: the shift they belong to, so missed ones can be collapsed into one true message. */
  shift?: ShiftRef;
  /** Other keys this one settles when shown (the first-sync coverage summary settles each request). */
  settles?: string[];
  /** Shift reminders this notice takes the place of when shown (a change notice says the timing itself). */
  replaces?: string[];
  /** A change notice: the start of my next block it tells about (urgent when that is soon). */
  startsAtMs?: number;
  /** Quiet time never holds it past this instant (shared/start-reminders: the last lead before a start when no
   *  "On call now" follows, a change to a shift starting then). */
  mustPrecedeMs?: number;
  /** A correction: the reminders it corrects; it is said only if one of them is on record as shown. */
  corrects?: string[];
  /** A change notice: the change as a value, so a held one is worded when it is shown (./held). */
  change?: ShiftChange;
  /** A correction: what it states, so a held one is worded when it is shown (./held), never from stored text. */
  correction?: CorrectionStatement;
  /** A heads-up: the reminders of its shift that still come during quiet hours (what it promises). */
  comes?: StartReminder[];
}

export interface PlanInput extends MessageOptions {
  snapshot: Snapshot;
  /**
   * The snapshot this one replaces (at start-up: the cached one). Shift changes are found by comparing the two;
   * undefined means "never synced before" (first run after install): no changes are reported, and coverage
   * requests already waiting are announced in one summary instead of one notification each.
   */
  previous?: Snapshot;
  nowMs: number;
  settings: ServiceSettings;
  /** The zone my shifts are planned and worded in: required, the planner never guesses one. */
  localZone: string;
}

/** The end reminder's key names the end instant only, so it stays the same while the visible start moves. */
export function endKey(ref: Pick<ShiftRef, 'scheduleId' | 'endMs'>): string {
  return `shift:${ref.scheduleId}:end:${isoOf(ref.endMs)}`;
}

/** Each timeline's segments by start (the first of each start, as a scan finds it), built once per segments array:
 *  a block's next segment is looked up, not scanned for, so a schedule of many blocks is planned in linear time. */
const startsOf = new WeakMap<readonly Segment[], Map<number, Segment>>();
function segmentStartingAt(segments: readonly Segment[], ms: number): Segment | undefined {
  let byStart = startsOf.get(segments);
  if (!byStart) {
    byStart = new Map();
    for (const seg of segments) if (!byStart.has(seg.startMs)) byStart.set(seg.startMs, seg);
    startsOf.set(segments, byStart);
  }
  return byStart.get(ms);
}

export function shiftRef(
  s: ScheduleSnapshot,
  segments: readonly Segment[],
  block: Block,
  fallbackZone: string,
): ShiftRef {
  const next = segmentStartingAt(segments, block.endMs);
  // Sync reads shifts overlapping [shiftsFrom, …): a block running at shiftsFrom may have begun with segments
  // that ended before it and were not fetched, so its visible start moves as shiftsFrom does.
  const startSeen = s.shiftsFrom === null || block.startMs > Date.parse(s.shiftsFrom);
  // What the block rests on, read from the schedule's timeline as the week draws it: with the service's fresh answer
  // laid over its holes, so a shift the answer names is fresh, not the saved read beneath it (adv47 r34).
  const keptAtMs = savedReadAtMs(timelineOf(answeredSchedule(s)).stretches, block.startMs, block.endMs);
  return {
    group: `shift:${s.id}:${isoOf(block.startMs)}`,
    scheduleId: s.id,
    scheduleName: s.details?.name ?? s.id,
    scheduleZone: s.details?.time_zone ?? fallbackZone,
    startMs: block.startMs,
    endMs: block.endMs,
    startSeen,
    others: block.others.map((p) => p.name),
    nextNames: next ? next.users.map((p) => p.name) : [],
    ...(keptAtMs === undefined ? {} : { keptReadAtMs: keptAtMs }),
  };
}
