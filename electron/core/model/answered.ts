// The service's own answer over a hole (issue 47): where the shift list came unreadable, the schedule's answer read
// with it (current_oncall_shift, next_oncall_shift) still names who is on call over its span. Without this the week
// chart, My shifts and the load said "unknown" for the very shift the now-line named from that answer. Laid in once
// here, before any derivation reads the snapshot, so every surface (chart, My shifts, load, .ics, reminders) rests on
// the same corrected read: the hole shrinks to what neither the list nor the answer says.
import type { Shift } from '../../api/schemas';
import type { ScheduleSnapshot, Snapshot } from './snapshot';
import { instantMs, isoOf } from './segments';

type Holes = ScheduleSnapshot['shiftHoles'];
interface Read {
  shifts: Shift[];
  holes: Holes;
}

/** The answer's current and next shifts, each where it names people, when no older than the read that left the hole
 *  (the same pass reads both; an older answer would speak over a later read, which only saved data may do). The
 *  next one is as fresh a fact over its span as the current: over a hole it says whose that span is (issue 47, adv47
 *  r34: my next shift, named by the service, was said to start days later, after the hole); past its end the hole
 *  stays unknown. */
function answerOf(s: ScheduleSnapshot): Shift[] {
  const d = s.details;
  const readAt = s.shiftsReadAt ?? s.shiftsFetchedAt;
  if (!d || s.detailsFetchedAt === null || readAt === null) return [];
  if (instantMs(s.detailsFetchedAt) < instantMs(readAt)) return [];
  const named = (sh: Shift | null | undefined): sh is Shift =>
    !!sh && sh.users.length > 0 && instantMs(sh.end) > instantMs(sh.start);
  return [d.current_oncall_shift, d.next_oncall_shift]
    .filter(named)
    .sort((x, y) => instantMs(x.start) - instantMs(y.start));
}

/** One hole with the answer laid over it: the answer's shifts cut to it, and what of it stays unknown. */
function layOver(hole: Holes[number], answer: readonly Shift[]): Read {
  const [fromMs, toMs] = [instantMs(hole.from), instantMs(hole.to)];
  const shifts: Shift[] = [];
  const holes: Holes = [];
  let at = fromMs;
  for (const sh of answer) {
    const [a, b] = [Math.max(instantMs(sh.start), fromMs), Math.min(instantMs(sh.end), toMs)];
    if (a >= b) continue;
    if (a > at) holes.push({ from: isoOf(at), to: isoOf(a) });
    shifts.push({ users: sh.users, start: isoOf(a), end: isoOf(b) });
    at = Math.max(at, b);
  }
  if (shifts.length === 0) return { shifts, holes: [hole] };
  if (at < toMs) holes.push({ from: isoOf(at), to: hole.to });
  return { shifts, holes };
}

function answeredRead(s: ScheduleSnapshot): Read | undefined {
  const answer = answerOf(s);
  if (answer.length === 0 || s.shiftHoles.length === 0) return undefined;
  const laid = s.shiftHoles.map((h) => layOver(h, answer));
  const added = laid.flatMap((r) => r.shifts);
  if (added.length === 0) return undefined;
  const shifts = [...s.shifts, ...added].sort((x, y) => instantMs(x.start) - instantMs(y.start));
  return { shifts, holes: laid.flatMap((r) => r.holes) };
}

// Once per read and answer: the corrected arrays keep their identity across ticks, so what is memoized on them
// downstream (segments, the timeline, my blocks) stays a lookup.
const readMemo = new WeakMap<
  readonly Shift[],
  { details: unknown; holes: Holes; at: unknown; read: Read | undefined }
>();
const scheduleMemo = new WeakMap<ScheduleSnapshot, ScheduleSnapshot>();
const snapshotMemo = new WeakMap<Snapshot, Snapshot>();

/** A schedule's read with the service's answer laid over its holes (itself when there is nothing to lay). */
export function answeredSchedule(s: ScheduleSnapshot): ScheduleSnapshot {
  const hit = scheduleMemo.get(s);
  if (hit) return hit;
  const memo = readMemo.get(s.shifts);
  const same = memo && memo.details === s.details && memo.holes === s.shiftHoles && memo.at === s.detailsFetchedAt;
  const read = same ? memo.read : answeredRead(s);
  if (!same) readMemo.set(s.shifts, { details: s.details, holes: s.shiftHoles, at: s.detailsFetchedAt, read });
  const out = read ? { ...s, shifts: read.shifts, shiftHoles: read.holes } : s;
  scheduleMemo.set(s, out);
  return out;
}

/** The snapshot as derivations read it: each schedule's read with its answer laid over its holes. */
export function answeredSnapshot(snapshot: Snapshot): Snapshot {
  const hit = snapshotMemo.get(snapshot);
  if (hit) return hit;
  const schedules = snapshot.schedules.map(answeredSchedule);
  const out = schedules.every((s, i) => s === snapshot.schedules[i]) ? snapshot : { ...snapshot, schedules };
  snapshotMemo.set(snapshot, out);
  return out;
}
