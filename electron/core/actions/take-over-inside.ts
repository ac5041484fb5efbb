// A take-over of mine that is in place may since have been changed inside (a manager put Dave over two of its hours,
// in the same instant its late write landed): pressing Take over again says so, after "already in place", instead
// of "nothing to take over" (adv48 r17 #2). Only what differs from the people it put on call is said.
import { formatWindow, joinNames } from '../../shared/format';
import type { CreatedOverride, Snapshot } from '../model/snapshot';
import { segmentsOf } from '../model/segments';
import type { Shift } from '../../api/schemas';

const lower = (e: string) => e.trim().toLowerCase();

/** "Changed since you planned it: Dave now covers 21:00–23:00." for the rest of a write's window from `nowMs` (its
 *  `covering` people), from these shifts, or undefined when they hold its people over all of it. `me`: named "you". */
export function changedWithin(
  shifts: readonly Shift[],
  write: Pick<CreatedOverride, 'start' | 'end' | 'covering'>,
  me: string,
  when: { nowMs: number; localZone: string },
): string | undefined {
  const want = new Set((write.covering ?? []).map(lower));
  if (want.size === 0) return undefined;
  const [fromMs, toMs] = [Math.max(Date.parse(write.start), when.nowMs), Date.parse(write.end)];
  const differ = segmentsOf(shifts).filter(
    (s) =>
      s.startMs < toMs && s.endMs > fromMs && !(s.emails.length === want.size && s.emails.every((e) => want.has(e))),
  );
  if (differ.length === 0) return undefined;
  const parts = differ.slice(0, 3).map((s) => {
    const window = formatWindow(
      new Date(Math.max(s.startMs, fromMs)).toISOString(),
      new Date(Math.min(s.endMs, toMs)).toISOString(),
      when,
    );
    const names = s.users.filter((u) => lower(u.email) !== me).map((u) => u.name || u.email);
    if (names.length === 0)
      return s.emails.includes(me) ? `you are now on call ${window}` : `nobody is on call ${window}`;
    const withMe = s.emails.includes(me) ? ' with you' : '';
    return `${joinNames(names)} now ${names.length > 1 ? 'cover' : 'covers'} ${window}${withMe}`;
  });
  return `Changed since you planned it: ${parts.join('; ')}.`;
}

/** The same for my take-over, from the schedule as last read. */
export const changedInside = (
  snapshot: Snapshot,
  takeOver: CreatedOverride,
  me: string,
  when: { nowMs: number; localZone: string },
): string | undefined =>
  changedWithin(snapshot.schedules.find((s) => s.id === takeOver.scheduleId)?.shifts ?? [], takeOver, me, when);
