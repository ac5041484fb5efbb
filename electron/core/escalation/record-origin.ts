// Whose escalations.json is (issue 52, adv52 r9 #2): stamped, as alarms.json, with the service addresses and users
// it was written for. A file copied in from another user's install would otherwise keep my phone quiet (its "sent"
// or booking for a start that is mine too): each entry of a watched schedule whose accounts now are none of the
// stamp's is dropped (said with the rest, the file kept aside).
import { alarmOriginProblem, type AlarmKnowledge } from '../alarm/alarm-claims';
import type { CacheOrigin } from '../storage/cache-origin';

/** Keeps the entries of the stamp's users; `dropped` gets one reason per entry left out. */
export function originFilter(stamp: readonly CacheOrigin[], known: readonly AlarmKnowledge[]) {
  const dropped: string[] = [];
  const mine = (key: string): boolean => {
    const why = alarmOriginProblem(key, stamp, known);
    if (why !== undefined) dropped.push(why);
    return why === undefined;
  };
  function keep<T>(r: Record<string, T>): Record<string, T>;
  function keep<T>(r: Record<string, T> | undefined): Record<string, T> | undefined;
  function keep<T>(r: Record<string, T> | undefined): Record<string, T> | undefined {
    return r === undefined ? undefined : Object.fromEntries(Object.entries(r).filter(([key]) => mine(key)));
  }
  return { mine, keep, dropped };
}
