// Freshness of each schedule, overall sync health, and the coverage lists: the parts of the state that come
// from how fetches went rather than from who is on call.
import type { CoverageRequest } from '../../api/schemas';
import type { Settings } from '../../shared/settings';
import type { AppState, CoverageView, ScheduleStatus, SyncStatus } from '../../shared/view-state';
import { isoOf, toPerson } from './segments';
import type { ScheduleSnapshot, Snapshot } from '../sync/snapshot';

/** Data older than this many idle intervals is shown as stale even when no fetch failed. */
export const STALE_AFTER_IDLE_INTERVALS = 2;

const OFFLINE_KINDS = new Set(['network', 'timeout']);

export function staleAfterMs(settings: Settings): number {
  return STALE_AFTER_IDLE_INTERVALS * settings.refresh.idleIntervalSec * 1000;
}

/** The last time this schedule's on-call data was fetched successfully (shifts, else details). */
export function lastSuccessOf(s: ScheduleSnapshot): string | null {
  return s.shiftsFetchedAt ?? s.detailsFetchedAt;
}

export function scheduleStatus(
  s: ScheduleSnapshot | undefined,
  nowMs: number,
  settings: Settings,
  servedFromCache: boolean,
): ScheduleStatus {
  if (!s) return { kind: 'loading' };
  if (s.notFound) {
    return { kind: 'not_found', reason: s.problem?.message ?? 'This schedule was not found on the service.' };
  }
  const success = lastSuccessOf(s);
  if (success === null) {
    return s.problem ? { kind: 'error', reason: s.problem.message, since: s.problem.at } : { kind: 'loading' };
  }
  if (s.problem) return { kind: 'stale', since: success, reason: s.problem.message };
  if (servedFromCache) return { kind: 'stale', since: success, reason: 'Showing saved data; not refreshed yet.' };
  const successMs = Date.parse(success);
  if (nowMs - successMs > staleAfterMs(settings)) {
    return { kind: 'stale', since: success, reason: 'Not refreshed recently.' };
  }
  return { kind: 'fresh', at: success };
}

function missingSetup(setup: AppState['setup'], settings: Settings): string | undefined {
  if (!setup.hasKey) return 'Add your API key to start.';
  if (settings.baseUrl === '') return 'Set the service address to start.';
  if (settings.schedules.length === 0) return 'Add a schedule to watch.';
  return undefined;
}

export function syncStatus(
  snapshot: Snapshot,
  setup: AppState['setup'],
  settings: Settings,
  byId: ReadonlyMap<string, ScheduleSnapshot>,
): SyncStatus {
  const missing = missingSetup(setup, settings);
  if (missing) return { kind: 'needs_setup', message: missing };
  if (snapshot.keyRejected) {
    return { kind: 'key_rejected', message: 'The service rejected the API key. Enter a new key to resume syncing.' };
  }
  const watched = settings.schedules.map((w) => byId.get(w.id));
  const problems = watched.map((s) => (s?.notFound ? s.problem ?? { kind: 'not_found', message: 'Not found' } : s?.problem));
  if (problems.length === 0 || problems.some((p) => !p)) return { kind: 'ok' };
  const defined = problems.filter((p) => p !== null && p !== undefined);
  if (defined.every((p) => OFFLINE_KINDS.has(p.kind))) {
    return { kind: 'offline', message: 'Cannot reach the service; showing saved data.' };
  }
  const first = defined.find((p) => !OFFLINE_KINDS.has(p.kind)) ?? defined[0];
  return { kind: 'error', message: first?.message ?? 'Syncing failed.' };
}

/** Oldest successful fetch among watched schedules that have one. */
export function oldestSuccess(settings: Settings, byId: ReadonlyMap<string, ScheduleSnapshot>): string | null {
  let oldest: number | undefined;
  for (const w of settings.schedules) {
    const s = byId.get(w.id);
    const at = s ? lastSuccessOf(s) : null;
    if (at === null) continue;
    const ms = Date.parse(at);
    if (Number.isFinite(ms) && (oldest === undefined || ms < oldest)) oldest = ms;
  }
  return oldest === undefined ? null : isoOf(oldest);
}

function coverageView(r: CoverageRequest): CoverageView {
  return {
    id: r.id,
    requester: toPerson(r.user),
    reason: r.reason,
    status: r.status,
    shifts: r.shifts.map((s) => ({
      start: s.start,
      end: s.end,
      scheduleId: s.schedule_reference.id,
      scheduleName: s.schedule_reference.name,
    })),
  };
}

/** Pending and not yet over (a request whose every shift has ended asks nothing any more). */
export function isOpenRequest(r: CoverageRequest, nowMs: number): boolean {
  if (r.status !== 'pending') return false;
  return r.shifts.length === 0 || r.shifts.some((s) => Date.parse(s.end) > nowMs);
}

/** Ids of schedules whose users include me: a request for one of their shifts asks me. */
export function schedulesWithMe(snapshot: Snapshot, emailLower: string): Set<string> {
  const ids = new Set<string>();
  if (emailLower === '') return ids;
  for (const s of snapshot.schedules) {
    if (s.details?.users.some((u) => u.email.toLowerCase() === emailLower)) ids.add(s.id);
  }
  return ids;
}

export function coverageLists(snapshot: Snapshot, nowMs: number, emailLower: string): AppState['coverage'] {
  const mine: CoverageView[] = [];
  const askingMe: CoverageView[] = [];
  if (emailLower === '') return { mine, askingMe };
  const myScheduleIds = schedulesWithMe(snapshot, emailLower);
  for (const r of snapshot.coverageRequests) {
    if (!isOpenRequest(r, nowMs)) continue;
    if (r.user.email.toLowerCase() === emailLower) mine.push(coverageView(r));
    else if (r.shifts.some((s) => myScheduleIds.has(s.schedule_reference.id))) askingMe.push(coverageView(r));
  }
  return { mine, askingMe };
}
