// The teammates' shifts a swap may take, read from a schedule's fresh timeline (plain TypeScript: no runes, no
// bridge, so Node tests load it as it is).
import { clashesWithMine, onCallOver, type ScheduleWindow } from '../../../electron/shared/swap-rules';
import type { ScheduleView } from '../../../electron/shared/view-state';

export interface TheirShift {
  key: string;
  email: string;
  name: string;
  start: string;
  end: string;
}

const lower = (s: string) => s.toLowerCase();

/**
 * Each teammate's blocks on the schedule not yet begun, in start order: contiguous spans joined while who else is on
 * call with them stays the same and I am not on call there (a cover replaces one person and keeps the others; main
 * refuses a cover I am already on, or whose partners change within it).
 */
export function theirShifts(s: ScheduleView | undefined, me: string, nowMs: number): TheirShift[] {
  if (!s || s.status.kind !== 'fresh') return [];
  const open = new Map<string, { shift: TheirShift; partners: string }>();
  const out: TheirShift[] = [];
  for (const t of s.timeline) {
    const people = t.kind === 'people' ? t.users : [];
    const here = people.some((u) => lower(u.email) === lower(me)) ? [] : people;
    const partnersOf = (email: string) =>
      here
        .map((u) => lower(u.email))
        .filter((e) => e !== email)
        .sort()
        .join();
    for (const [email, o] of open)
      if (!here.some((u) => lower(u.email) === email) || o.shift.end !== t.start || o.partners !== partnersOf(email))
        open.delete(email);
    for (const u of here) {
      const going = open.get(lower(u.email));
      if (going) going.shift.end = t.end;
      else {
        const shift = { key: `${lower(u.email)}|${t.start}`, email: u.email, name: u.name, start: t.start, end: t.end };
        open.set(lower(u.email), { shift, partners: partnersOf(lower(u.email)) });
        out.push(shift);
      }
    }
  }
  // A shift already begun is not offered: I would cover time already past.
  return out.filter((x) => Date.parse(x.start) > nowMs).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** My block, as the swap form has it from its route. */
export type MyBlock = ScheduleWindow;

/** Who is on call on a schedule at any time of my block, lower-cased. */
export function onCallDuring(s: ScheduleView | undefined, mine: MyBlock): Set<string> {
  return new Set(onCallOver(s, mine).flat());
}

/**
 * The teammates' shifts offered for my block, and whether any of theirs not yet begun was read at all.
 * Left out: those that share time with my block on my own schedule (two on call at once: their cover of me and mine
 * of them would clash; on another schedule it is a swap, I am on call there instead), and those of someone on call
 * with me during it (they can't cover me). `withMe`: who is on call on my schedule during my block.
 */
export function swappable(
  s: ScheduleView | undefined,
  me: string,
  nowMs: number,
  mine: MyBlock,
  withMe: ReadonlySet<string>,
): { offered: TheirShift[]; teammatesRead: boolean } {
  const theirs = theirShifts(s, me, nowMs);
  const offered = theirs.filter(
    (x) => !clashesWithMine({ ...x, scheduleId: s?.id ?? '' }, mine) && !withMe.has(lower(x.email)),
  );
  // Read but not offered: shifts left out above, or time of theirs not yet begun that I am on call in too.
  const withThem =
    s?.status.kind === 'fresh' &&
    s.timeline.some(
      (t) =>
        Date.parse(t.start) > nowMs &&
        t.users.some((u) => lower(u.email) === lower(me)) &&
        t.users.some((u) => lower(u.email) !== lower(me)),
    );
  const teammatesRead = theirs.length > 0 || withThem;
  return { offered, teammatesRead };
}
