// Reminder planning: a pure function from (snapshot, previous snapshot, now, settings) to the reminders that
// should exist, each with a stable key (so re-planning after every sync never duplicates one) and the instant it
// is due. The scheduler (./scheduler) decides at run time what is shown, judged by the wall clock.
import { remindersFor, type ServiceSettings } from '../../shared/settings';
import type { BlockSpan } from '../../shared/on-call-run';
import { blocksOf, myBlocksOf, segmentsOf } from '../model/segments';
import { changeReminders } from './changes';
import { coverageReminders } from './coverage';
import {
  endNotification,
  headsUpNotification,
  startNotification,
  upcomingNotification,
  PLANNED,
  type ShiftRef,
} from './messages';
import { knownOf } from './known';
import type { Span } from '../sync/kept';
import { quietHoursAt } from './quiet';
import { LATE_END_MAX_MS } from './judge';
import { startRemindersOf, stillComing } from '../../shared/start-reminders';
import { endKey, shiftRef, type PlanInput, type PlannedReminder } from './types';
import type { Snapshot } from '../model/snapshot';
import { maxOf } from '../../shared/extremes';

export type { PlanInput, PlannedReminder, ReminderKind } from './types';
export type { ShiftRef } from './messages';

/**
 * A shift starting during quiet hours gets a heads-up as they begin ("On call at Wed 03:00"), if it has start
 * reminders, saying which of them still come (the plan's own, by the rule of shared/start-reminders). Only while
 * its start is ahead: quiet hours turned on (or an upgrade) during a running shift must not announce it again.
 */
function headsUp(ref: ShiftRef, input: PlanInput, zone: string): PlannedReminder[] {
  const r = remindersFor(input.settings, ref.scheduleId);
  const quiet = quietHoursAt(ref.startMs, input.settings.quietHours, zone);
  if (!quiet || quiet.startMs >= ref.startMs || !ref.startSeen || ref.startMs <= input.nowMs) return [];
  if (startRemindersOf(ref.startMs, r).length === 0) return [];
  const key = `${ref.group}:heads-up`;
  const comes = stillComing(ref.startMs, r, quiet.startMs, quiet.endMs);
  return [
    {
      key,
      atMs: quiet.startMs,
      kind: 'heads-up',
      untilMs: ref.startMs,
      shift: ref,
      comes,
      notification: headsUpNotification(key, ref, quiet.startMs, comes, input, PLANNED),
    },
  ];
}

/** Whether the snapshot before this one held this block of mine, read before it ended (so its end is news). */
function knewRunning(input: PlanInput, ref: ShiftRef): boolean {
  const before = input.previous?.schedules.find((s) => s.id === ref.scheduleId);
  if (!before?.shiftsFetchedAt || Date.parse(before.shiftsFetchedAt) >= ref.endMs) return false;
  const emailLower = input.settings.email.trim().toLowerCase();
  return blocksOf(segmentsOf(knownOf(before).shifts), emailLower).some(
    (b) => b.startMs < ref.endMs && b.endMs > ref.startMs,
  );
}

function blockReminders(ref: ShiftRef, horizonEndMs: number, input: PlanInput): PlannedReminder[] {
  // "Shift ended" comes at the end of each of my blocks, also where another schedule's block of mine carries my time
  // on back to back (its words name that schedule and who takes over there); the alarm joins such blocks (one start).
  const endKnown = ref.endUnknown !== true;
  const r = remindersFor(input.settings, ref.scheduleId);
  const items: PlannedReminder[] = [];
  const base = { untilMs: ref.endMs, shift: ref };
  if (ref.endMs <= input.nowMs) {
    // Ended while the app was closed: only its end is left to tell (once, as a late "Shift ended"), and only if the
    // data the app had before was read while the shift was still on (a first run tells nothing from before it
    // started, and data read after the end was planned back then).
    if (!r.atEnd || !endKnown || !knewRunning(input, ref)) return [];
    return [
      {
        ...base,
        key: endKey(ref),
        atMs: ref.endMs,
        kind: 'end',
        notification: endNotification(endKey(ref), ref, input),
      },
    ];
  }
  // A start not seen in the data was planned for (and its keys fired) back when it was seen; planning it again
  // now would key it by the later-looking start and say "on call now" mid-shift.
  for (const s of ref.startSeen ? startRemindersOf(ref.startMs, r) : []) {
    if (s.kind === 'start') {
      const key = `${ref.group}:start`;
      items.push({ ...base, key, atMs: s.atMs, kind: 'start', notification: startNotification(key, ref, input) });
    } else if (ref.startMs > input.nowMs) {
      const key = `${ref.group}:lead${s.leadMin}`;
      const notification = upcomingNotification(key, ref, s.atMs, input, PLANNED);
      const last = s.mustPrecedeMs === undefined ? {} : { mustPrecedeMs: s.mustPrecedeMs };
      items.push({ ...base, key, atMs: s.atMs, kind: 'lead', notification, ...last });
    }
  }
  // A block reaching the horizon's end may be clipped there, and one followed by time no read covers (a hole) may
  // go on: its true end is not known yet, so "Shift ended" is not said.
  if (r.atEnd && endKnown && ref.endMs < horizonEndMs) {
    const notification = endNotification(endKey(ref), ref, input);
    items.push({ ...base, key: endKey(ref), atMs: ref.endMs, kind: 'end', notification });
  }
  return items;
}

/** Every block of mine this account's data holds on its watched schedules (past ones too: a block that ended at
 *  17:00 still carries my time on into one starting then), for the run-joining rule (shared/on-call-run). */
export function myBlockSpans(snapshot: Snapshot, settings: ServiceSettings): BlockSpan[] {
  const emailLower = settings.email.trim().toLowerCase();
  if (emailLower === '') return [];
  const watched = new Set(settings.schedules.map((w) => w.id));
  return snapshot.schedules.flatMap((s) =>
    watched.has(s.id)
      ? myBlocksOf(segmentsOf(knownOf(s).shifts), emailLower).map((b) => ({ startMs: b.startMs, endMs: b.endMs }))
      : [],
  );
}

/** Where what was read of a block ends, when its own end lies past every read: the end the state clips it to
 *  (state/derive-mine readEndClip), so a notice says the floor the tray says (adv47 r38 #1). */
function readEndIn(covers: readonly Span[], block: { startMs: number; endMs: number }): { readEndMs?: number } {
  const ends = covers.filter((c) => c.fromMs < block.endMs && c.toMs > block.startMs).map((c) => c.toMs);
  return ends.length === 0 ? {} : { readEndMs: Math.min(block.endMs, Math.max(...ends)) };
}

/** My shifts that are not over yet (or ended so recently that a late "Shift ended" may be due), per watched
 *  schedule, as ShiftRefs. */
export function myUpcomingShifts(
  snapshot: Snapshot,
  settings: ServiceSettings,
  nowMs: number,
  fallbackZone: string,
): { ref: ShiftRef; horizonEndMs: number }[] {
  const emailLower = settings.email.trim().toLowerCase();
  const watched = new Set(settings.schedules.map((w) => w.id));
  const result: { ref: ShiftRef; horizonEndMs: number }[] = [];
  for (const s of snapshot.schedules) {
    // A schedule answering 404 keeps its saved shifts as saved data, as every text surface states them: what the app
    // says I am on comes, from saved data (adv47 r26 #1). Its data stays untouched meanwhile (sync/apply).
    if (!watched.has(s.id)) continue;
    // Over time the latest read couldn't read, the last read that covered it speaks (saying it is saved data).
    const known = knownOf(s);
    const segments = segmentsOf(known.shifts);
    const horizonEndMs =
      s.shiftsTo === null
        ? Infinity
        : maxOf(
            known.kept.map((k) => k.toMs),
            Date.parse(s.shiftsTo),
          );
    for (const block of blocksOf(segments, emailLower)) {
      if (block.endMs > nowMs - LATE_END_MAX_MS) {
        // The end is known only where a read (the latest, or one kept) covers the time right after it.
        const endKnown = known.covers.some((c) => c.fromMs <= block.endMs && block.endMs < c.toMs);
        const ref = shiftRef(s, segments, block, fallbackZone);
        result.push({
          ref: endKnown ? ref : { ...ref, endUnknown: true, ...readEndIn(known.covers, block) },
          horizonEndMs,
        });
      }
    }
  }
  return result;
}

export function planReminders(input: PlanInput): PlannedReminder[] {
  const zone = input.localZone;
  const shifts = myUpcomingShifts(input.snapshot, input.settings, input.nowMs, zone);
  const items = shifts.flatMap(({ ref, horizonEndMs }) => [
    ...blockReminders(ref, horizonEndMs, input),
    ...headsUp(ref, input, zone),
  ]);
  items.push(...coverageReminders(input));
  if (input.previous) items.push(...changeReminders(input, input.previous, zone));
  return items.sort((a, b) => a.atMs - b.atMs || a.key.localeCompare(b.key));
}
