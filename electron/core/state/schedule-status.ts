// Each schedule's freshness, from how its fetches went: fresh, stale (saved data, and since when), not found, or
// loading. A status never claims saved data that isn't there.
import type { ServiceSettings } from '../../shared/settings';
import type { ScheduleStatus } from '../../shared/view-state';
import type { FetchProblem, ScheduleSnapshot, Snapshot } from '../model/snapshot';

/** Data older than this many idle intervals is shown as stale even when no fetch failed. */
export const STALE_AFTER_IDLE_INTERVALS = 2;

export function staleAfterMs(settings: ServiceSettings): number {
  return STALE_AFTER_IDLE_INTERVALS * settings.refresh.idleIntervalSec * 1000;
}

/** A read dated ahead of now: the wall clock was set back since (NTP, the user). Its age is unknown, so it is never
 *  fresh (adv47 r21 #1: "fresh", "updated in 44 min"); the sync loop reads again at once (sync/memory.ts). */
export const AHEAD_OF_CLOCK = 'Read at a time ahead of this computer’s clock (the clock was set back).';

/** The last time this schedule's on-call data was fetched successfully (shifts, else details). */
export function lastSuccessOf(s: ScheduleSnapshot): string | null {
  return s.shiftsFetchedAt ?? s.detailsFetchedAt;
}

/** A schedule's problem as this app words it: the client's 401 text points at Settings, which is not always where the key came from. */
export function reasonOf(problem: FetchProblem): string {
  return problem.kind === 'unauthorized' ? 'The service rejected the API key.' : problem.message;
}

/** Each schedule's freshness in a snapshot, as every surface shows it: what a statement about it rests on. */
export function statusesOf(
  snapshot: Snapshot,
  nowMs: number,
  settings: ServiceSettings,
): (scheduleId: string) => ScheduleStatus {
  const byId = new Map(snapshot.schedules.map((s) => [s.id, s]));
  return (id) => scheduleStatus(byId.get(id), nowMs, settings, false);
}

/** Saved data shown since this start, with a read on its way. */
export const NOT_REFRESHED_YET = 'Showing saved data; not refreshed yet.';

/** The keychain not answered yet: unread, but a read follows its answer. Refused or absent: no read can come. */
export interface KeySetup {
  hasKey: boolean;
  keyState?: 'reading' | 'refused';
}

/** Whether no read can come for want of a key, and why: the keychain refused it, or there is none. */
export function keyUnreadOf(setup: KeySetup): 'refused' | 'absent' | undefined {
  if (setup.hasKey || setup.keyState === 'reading') return undefined;
  return setup.keyState === 'refused' ? 'refused' : 'absent';
}

/** Why data saved before this start is shown: a read is on its way, or none can come without the key (adv47 r45:
 *  "not refreshed yet" hours after the keychain refused the key promised a refresh that could not come). */
export function savedDataReason(setup: KeySetup, label: string): string {
  const unread = keyUnreadOf(setup);
  if (unread === undefined) return NOT_REFRESHED_YET;
  return unread === 'refused'
    ? `Showing saved data; can't refresh: the key for ${label} couldn't be read from the keychain.`
    : `Showing saved data; can't refresh: no API key for ${label}.`;
}

export function scheduleStatus(
  s: ScheduleSnapshot | undefined,
  nowMs: number,
  settings: ServiceSettings,
  servedFromCache: boolean,
  savedReason = NOT_REFRESHED_YET,
): ScheduleStatus {
  if (!s) return { kind: 'loading' };
  const success = lastSuccessOf(s);
  if (s.notFound) {
    const since = s.problem?.at;
    return { kind: 'not_found', reason: 'Not found on the service.', ...(since ? { since } : {}), savedAt: success };
  }
  // Details alone are not on-call data: until shifts were read once, nothing is saved to show.
  if (success === null || (s.shiftsFetchedAt === null && s.problem)) {
    return s.problem ? { kind: 'error', reason: reasonOf(s.problem), since: s.problem.at } : { kind: 'loading' };
  }
  if (s.problem) return { kind: 'stale', since: success, reason: reasonOf(s.problem) };
  if (servedFromCache) return { kind: 'stale', since: success, reason: savedReason };
  const successMs = Date.parse(success);
  if (successMs > nowMs) return { kind: 'stale', since: success, reason: AHEAD_OF_CLOCK };
  if (nowMs - successMs > staleAfterMs(settings)) {
    return { kind: 'stale', since: success, reason: 'Not refreshed recently.' };
  }
  return { kind: 'fresh', at: success };
}

/** A source with nothing saved whose account has no key: no read can happen, so it says why (issue 49, adversarial
 *  round 7, #2: "loading…" forever), never that a read is under way. Saved data from an earlier key stays as it is. */
export function unreadWithoutKey(status: ScheduleStatus, setup: KeySetup, label: string): ScheduleStatus {
  if (status.kind !== 'loading' || setup.hasKey) return status;
  // The keychain not answered yet, or refused: the key is unknown, never said missing (adv47 r42 F2, r43 F2).
  const reason = {
    reading: `the key for ${label} not read from the keychain yet`,
    refused: `the key for ${label} couldn't be read from the keychain`,
    none: `no API key for ${label}`,
  }[setup.keyState ?? 'none'];
  return { kind: 'not_read', reason };
}
