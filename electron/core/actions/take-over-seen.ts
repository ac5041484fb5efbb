// "Take over from Bob until 17:00" is asked on what the user saw. Between the offer and the write a manager may
// have changed the schedule (Carol now holds it, Bob's partner changed, the shift ends at 20:00): then the old
// intent is not written. The take-over says what changed and asks again, like the other flows of a plan.
import type { TakeOverSeen } from '../../shared/take-over';
import { formatDayTime, joinNames } from '../../shared/format';
import type { Segment } from '../model/segments';
import type { Snapshot } from '../model/snapshot';
import { timelineOf } from '../model/timeline';
import { DAY_MS } from '../../shared/time';
import { withinOf } from './plan-block';

const lower = (e: string) => e.trim().toLowerCase();
const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const [x, y] = [new Set(a.map(lower)), new Set(b.map(lower))];
  return x.size === y.size && [...x].every((e) => y.has(e));
};

/** undefined: the schedule holds now what the user saw (or nothing was told); else the sentence that says what
 *  changed, from who is on call now (me, lower-cased, named "you"). `zone`: the user's, for the times. */
export function changedSinceSeen(
  seen: TakeOverSeen | undefined,
  now: Segment,
  at: { nowMs: number; zone: string; me: string; readEndMs?: number | undefined },
): string | undefined {
  const { nowMs, zone, me } = at;
  if (seen === undefined) return undefined;
  const untilMs = Date.parse(seen.until);
  if (sameSet(seen.onCall, now.emails) && untilMs === now.endMs) return undefined;
  const when = (ms: number) => formatDayTime(ms, { nowMs, localZone: zone });
  const people = now.users.map((u) => (lower(u.email) === me ? 'you' : u.name || u.email));
  const names = joinNames(people);
  // Read only up to the read's end: its end there is no end of the shift, so no other end can be said of it.
  if (
    at.readEndMs !== undefined &&
    now.endMs >= at.readEndMs &&
    untilMs > now.endMs &&
    sameSet(seen.onCall, now.emails)
  )
    return `${names}'s shift runs past what the app can read (until at least ${when(now.endMs)}), so its end can't be checked against the offer. Nothing was sent: use a quick override with an end you choose.`;
  const verb = now.users.length > 1 || people[0] === 'you' ? 'are' : 'is';
  const what = sameSet(seen.onCall, now.emails)
    ? `${names} ${verb} now on call until ${when(now.endMs)}, not ${when(untilMs)}`
    : `${names} ${verb} now on call until ${when(now.endMs)}`;
  return `Changed since you planned it: ${what}. Nothing was sent: look at it again and choose anew.`;
}

/** Until when the schedule (as last read) has me off call after the shift I take over (a day at most): kept with the
 *  take-over, so its hand back sees a block of mine that grew past it since (undefined: on call right after). */
export function offAfter(snapshot: Snapshot, scheduleId: string, now: Segment, me: string): string | undefined {
  const { stretches } = timelineOf(snapshot.schedules.find((s) => s.id === scheduleId));
  const timeline = stretches.map((t) => ({
    kind: t.kind,
    start: new Date(t.startMs).toISOString(),
    end: new Date(t.endMs).toISOString(),
    users: t.users,
  }));
  const window = { startMs: now.startMs, endMs: now.endMs };
  const around = withinOf(timeline, me, window, { ...window, endMs: now.endMs + DAY_MS });
  return around.endMs > now.endMs ? new Date(around.endMs).toISOString() : undefined;
}
