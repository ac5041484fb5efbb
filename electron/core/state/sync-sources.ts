// The sources a sync status speaks of (each watched schedule, and the coverage list): what failed, in the app's own
// short words, and the oldest saved data among them.
import type { ServiceSettings } from '../../shared/settings';
import type { FetchProblem, ScheduleSnapshot, Snapshot } from '../model/snapshot';
import { lastSuccessOf } from './schedule-status';

export interface Source {
  label: string;
  problem: FetchProblem | null;
  notFound: boolean;
  savedAt: string | null;
}

export function scheduleSources(settings: ServiceSettings, byId: ReadonlyMap<string, ScheduleSnapshot>): Source[] {
  return settings.schedules.map((w) => {
    const s = byId.get(w.id);
    const label = s?.details?.name ?? w.name ?? w.id;
    // Saved on-call data is shifts read: details alone (the check in onboarding, a first sync whose shift read
    // failed) save nothing to show (adv49 r13 #3: "Showing saved data from 16:40" on a first run).
    const savedAt = s ? savedShiftsOf(s) : null;
    return { label, problem: s?.problem ?? null, notFound: s?.notFound === true, savedAt };
  });
}

export function coverageSource(snapshot: Snapshot): Source {
  return {
    label: 'coverage requests',
    problem: snapshot.coverageProblem,
    notFound: false,
    savedAt: snapshot.coverageFetchedAt,
  };
}

export const failed = (s: Source): boolean => s.problem !== null || s.notFound;

export function shortReason(source: Source): string {
  const kind = source.problem?.kind;
  if (source.notFound || kind === 'not_found') return 'not found on the service';
  if (kind === 'unauthorized')
    return source.label === 'coverage requests' ? "can't be read with this key" : 'key rejected';
  if (kind === 'network') return 'unreachable';
  // The service was reached and didn't answer: worded as the card and `status` word the same error.
  if (kind === 'timeout') return 'did not answer in time';
  if (kind === 'rate_limited') return 'rate limited';
  if (kind === 'server') return 'service error';
  if (kind === 'bad_response') return 'unreadable answer';
  return 'failed';
}

/** When this schedule's shifts were last read (its details' time only when no read has failed, as its status). */
function savedShiftsOf(s: ScheduleSnapshot): string | null {
  return s.shiftsFetchedAt === null && (s.problem !== null || s.notFound) ? null : lastSuccessOf(s);
}

/** The oldest saved data among these sources, or null when none has any. */
function oldestOf(sources: readonly Source[]): string | null {
  return (
    sources
      .map((s) => s.savedAt)
      .filter((at): at is string => at !== null)
      .sort()[0] ?? null
  );
}

/** When the saved data on screen instead was read: the schedules' (what the line speaks of, as their own lines say
 *  it), the coverage list's only where no schedule's is saved. Never the coverage list's time worded as the
 *  schedules' (a restart that finds both failing must not change which time is said, issue 47 round 4). */
export function oldestSaved(sources: readonly Source[]): string | null {
  const isCoverage = (s: Source): boolean => s.label === 'coverage requests';
  const schedules = sources.filter((s) => !isCoverage(s));
  // Failing schedules with no shift ever read: nothing of theirs is saved, whatever the coverage list holds.
  if (schedules.length > 0) return oldestOf(schedules);
  return oldestOf(sources.filter(isCoverage));
}

/** The coverage list as a part of its own, when it failed beside a schedule and its saved data is from another time
 *  than `saved` (the schedules'): its reason and time then go apart, so the schedules' time is never said of it. */
export function coverageApart(
  failing: readonly Source[],
  saved: string | null,
): { rest: Source[]; coverage?: { reason: string; saved: string | null } } {
  const list = failing.find((s) => s.label === 'coverage requests');
  const rest = failing.filter((s) => s !== list);
  if (!list || rest.length === 0 || list.savedAt === saved) return { rest: [...failing] };
  return { rest, coverage: { reason: shortReason(list), saved: list.savedAt } };
}
