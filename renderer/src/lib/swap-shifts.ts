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
