// What the saved schedule data (cache.json) must agree with before it is shown as "saved data from …" or used for
// "Hand back" (issue 52): every time in it one the app could have written by now. A schedule with a time still to
// come is dropped (it is read again, and shown as loading meanwhile, not as saved data from the future); an override
// the app made, with a time that can't be true, is dropped, so nothing is written back from it.
import type { Snapshot, ScheduleSnapshot } from '../model/snapshot';
import { plausibleInstant, type Sorted } from './read-back';

const FUTURE = "a time that can't be true";

/** Each time (ISO) is one the app could have written by `nowMs` (a minute of clock skew allowed). */
const written = (times: readonly (string | null | undefined)[], nowMs: number): boolean =>
  times.every((t) => t === null || t === undefined || plausibleInstant(t, nowMs + 60_000) !== undefined);

function scheduleTimes(s: ScheduleSnapshot): (string | null | undefined)[] {
  return [
    s.detailsFetchedAt,
    s.shiftsFetchedAt,
    s.shiftsReadAt,
    s.problem?.at,
    ...(s.shiftsKept ?? []).map((k) => k.readAt),
  ];
}

/** The snapshot with what fails dropped, and why, per dropped entry (the app's words). */
export function checkedSnapshot(snapshot: Snapshot, nowMs: number): { snapshot: Snapshot; dropped: string[] } {
  const dropped: string[] = [];
  const keep = <E>(sorted: Sorted<E>): E[] => (dropped.push(...sorted.dropped), sorted.kept);
  const check = <E>(list: readonly E[], ok: (e: E) => boolean): E[] =>
    keep({ kept: list.filter(ok), dropped: list.filter((e) => !ok(e)).map(() => FUTURE) });
  const schedules = check(snapshot.schedules, (s) => written(scheduleTimes(s), nowMs));
  const createdOverrides = check(snapshot.createdOverrides, (o) => {
    const startMs = plausibleInstant(o.start, Number.MAX_SAFE_INTEGER);
    const endMs = plausibleInstant(o.end, Number.MAX_SAFE_INTEGER);
    return (
      written([o.createdAt, o.handedBackAt], nowMs) && startMs !== undefined && endMs !== undefined && startMs < endMs
    );
  });
  const coverageOk = written([snapshot.coverageFetchedAt, snapshot.coverageProblem?.at], nowMs);
  if (!coverageOk) dropped.push(FUTURE);
  const coverage = coverageOk
    ? {}
    : { coverageRequests: [], coverageFetchedAt: null, coverageProblem: null, coverageIssues: [] };
  if (dropped.length === 0) return { snapshot, dropped };
  return { snapshot: { ...snapshot, schedules, createdOverrides, ...coverage }, dropped };
}
