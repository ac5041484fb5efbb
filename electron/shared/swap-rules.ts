// What makes two times a swap, read the same way by main (which refuses the rest before sending anything) and by
// the swap form (which offers only the rest): each cover replaces one person and keeps the others on call then.
import type { ScheduleView } from './view-state';

/** A schedule's window: my block, or a teammate's shift. */
export interface ScheduleWindow {
  scheduleId: string;
  start: string;
  end: string;
}

/** Who is on call in each stretch of a schedule's timeline over a window, lower-cased (in a stretch not read, who
 *  is known to be on call at least). */
export function onCallOver(s: ScheduleView | undefined, w: Pick<ScheduleWindow, 'start' | 'end'>): string[][] {
  const [a, b] = [Date.parse(w.start), Date.parse(w.end)];
  return (s?.timeline ?? [])
    .filter((t) => Date.parse(t.start) < b && Date.parse(t.end) > a)
    .map((t) => t.users.map((u) => u.email.toLowerCase()));
}

/** Whether their shift shares time with my block on my own schedule (where two are on call at once): their cover of
 *  me and mine of them would clash there. On another schedule it is a swap: I am on call there instead. */
export function clashesWithMine(theirs: ScheduleWindow, mine: ScheduleWindow): boolean {
  if (theirs.scheduleId !== mine.scheduleId) return false;
  return Date.parse(theirs.start) < Date.parse(mine.end) && Date.parse(mine.start) < Date.parse(theirs.end);
}
