// What makes two times a swap, read the same way by main (which refuses the rest before sending anything) and by
// the swap form (which offers only the rest): each cover replaces one person and keeps the others on call then.
import type { ScheduleView } from './view-state';
import { emailKey } from './service-identity';

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
    .map((t) => t.users.map((u) => emailKey(u.email)));
}

/** Whether two windows share time on one schedule: two covers there would be written over each other (the second
 *  re-reading the first as a change). One rule for every flow: a swap's two sides, a hand-off's items. */
export function overlapsOnSchedule(a: ScheduleWindow, b: ScheduleWindow): boolean {
  if (a.scheduleId !== b.scheduleId) return false;
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

/** The first two windows (in the order given) that overlap on one schedule, if any. */
export function firstOverlap<W extends ScheduleWindow>(windows: readonly W[]): [W, W] | undefined {
  for (const [i, a] of windows.entries())
    for (const b of windows.slice(i + 1)) if (overlapsOnSchedule(a, b)) return [a, b];
  return undefined;
}

/** Whether their shift shares time with my block on my own schedule (where two are on call at once): their cover of
 *  me and mine of them would clash there. On another schedule it is a swap: I am on call there instead. */
export const clashesWithMine = (theirs: ScheduleWindow, mine: ScheduleWindow): boolean =>
  overlapsOnSchedule(theirs, mine);

/** Why a cover that replaces `from` by `to` and keeps the others can't be written over these stretches. */
export type CoverRefusal = 'cover_is_from' | 'cover_on_call' | 'from_not_on_call' | 'partners_change';

/**
 * The one rule of every write that replaces one person (away items, both swap sides, hand back): `to` is someone
 * else, not already on call at any of it (the schedule would lose a person), `from` is on call throughout, and who
 * else is on call doesn't change within it (one override would put each of them on the whole window). `onCall`:
 * who is on call in each stretch, lower-cased.
 */
export function coverRefusal(onCall: readonly string[][], from: string, to: string): CoverRefusal | undefined {
  // Who is who as every rule compares it (shared/service-identity.ts emailKey): ' bob@x ' is Bob (adv48 r26).
  const [f, t] = [emailKey(from), emailKey(to)];
  if (f === t) return 'cover_is_from';
  if (onCall.some((users) => users.includes(t))) return 'cover_on_call';
  if (onCall.length === 0 || onCall.some((users) => !users.includes(f))) return 'from_not_on_call';
  const partners = onCall.map((users) => [...new Set(users.filter((u) => u !== f))].sort().join());
  return new Set(partners).size > 1 ? 'partners_change' : undefined;
}
