// The teammates' shifts a swap may take, read from a schedule's fresh timeline (plain TypeScript: no runes, no
// bridge, so Node tests load it as it is).
import type { ScheduleView } from '../../../electron/shared/view-state';

export interface TheirShift {
  key: string;
  email: string;
  name: string;
  start: string;
  end: string;
}

const lower = (s: string) => s.toLowerCase();

/** Each teammate's blocks on the schedule not yet begun (contiguous spans joined), in start order. */
export function theirShifts(s: ScheduleView | undefined, me: string, nowMs: number): TheirShift[] {
  if (!s || s.status.kind !== 'fresh') return [];
  const open = new Map<string, TheirShift>();
  const out: TheirShift[] = [];
  for (const t of s.timeline) {
    const here = t.kind === 'people' ? t.users.filter((u) => lower(u.email) !== lower(me)) : [];
    for (const [email, shift] of open)
      if (!here.some((u) => lower(u.email) === email) || shift.end !== t.start) open.delete(email);
    for (const u of here) {
      const going = open.get(lower(u.email));
      if (going) going.end = t.end;
      else {
        const shift = { key: `${lower(u.email)}|${t.start}`, email: u.email, name: u.name, start: t.start, end: t.end };
        open.set(lower(u.email), shift);
        out.push(shift);
      }
    }
  }
  // A shift already begun is not offered: I would cover time already past.
  return out.filter((x) => Date.parse(x.start) > nowMs).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** My block, as the swap form has it from its route. */
export interface MyBlock {
  scheduleId: string;
  start: string;
  end: string;
}

/** The teammates' shifts offered for my block, and how many were left out because they share time with it. */
export function swappable(
  s: ScheduleView | undefined,
  me: string,
  nowMs: number,
  mine: MyBlock,
): { offered: TheirShift[]; overlapping: number } {
  const all = theirShifts(s, me, nowMs);
  // On my own schedule (two on call at once) shared time is no swap: their cover of me and mine of them would clash
  // over it. On another schedule of the account it is one: I am on call there instead.
  const clashes = (x: TheirShift) =>
    s?.id === mine.scheduleId &&
    Date.parse(x.start) < Date.parse(mine.end) &&
    Date.parse(mine.start) < Date.parse(x.end);
  const offered = all.filter((x) => !clashes(x));
  return { offered, overlapping: all.length - offered.length };
}
