// Whether a surface may state what a source holds. A source never read, or whose every read failed, is unknown:
// surfaces say "unknown" / "couldn't load", never "nobody on call" or "none pending". Zod-free, so the renderer
// bundle can use it.
import type { AppState, OfflineCause, ScheduleView, SourceStatus, SyncStatus } from './view-state';

/** True when the source's data (fresh, or saved from an earlier read) is there to show. */
export function hasData(status: SourceStatus): boolean {
  if (status.kind === 'fresh' || status.kind === 'stale') return true;
  return status.kind === 'not_found' && typeof status.savedAt === 'string';
}

/** When the data shown was fetched, if it is saved data rather than fresh. */
export function savedAt(status: SourceStatus): string | undefined {
  if (status.kind === 'stale') return status.since;
  if (status.kind === 'not_found' && typeof status.savedAt === 'string') return status.savedAt;
  return undefined;
}

/**
 * Whether my status line rests on saved data: the schedules it speaks of (my shifts on call now, else my next
 * shift's; with neither, every schedule, since "no shift" is said of them all) hold saved data. Another schedule's
 * (another account's) saved data never marks a line about a fresh one.
 */
export function statusLineSaved(state: Pick<AppState, 'schedules' | 'me'>): boolean {
  const { onCallNow, nextShift } = state.me;
  const about = onCallNow.length > 0 ? onCallNow : nextShift ? [nextShift] : null;
  const refs = about === null ? null : new Set(about.map((s) => s.scheduleId));
  return state.schedules.some((s) => (refs === null || refs.has(s.id)) && savedAt(s.status) !== undefined);
}

/** Watched schedules whose now/next are unknown (still loading, or never loaded). */
export function unknownSchedules(state: AppState): ScheduleView[] {
  return state.schedules.filter((s) => !hasData(s.status));
}

/** Schedules that failed to load at all (not just still loading). */
export function failedSchedules(state: AppState): ScheduleView[] {
  return state.schedules.filter((s) => !hasData(s.status) && s.status.kind !== 'loading');
}

/**
 * The few words for a service that could not be read (the popover's sync line, an account's heading): "Offline" only
 * where the OS said so (the connection was refused), "Not answering" where the service did not answer in time (a
 * slow service is not offline), "Cannot reach the service" where no connection was made for another reason, and
 * "Not synced" where accounts failed differently.
 */
export function offlineWords(cause: OfflineCause | undefined): string {
  if (cause === 'timeout') return 'Not answering';
  if (cause === 'refused') return 'Offline';
  return cause === undefined ? 'Not synced' : 'Cannot reach the service';
}

/**
 * The sync message with what is shown instead: "Cannot reach the service. Showing saved data from 14:02." or
 * "… Nothing saved to show yet." The message is said whole, as the sentences its maker wrote (often the service's
 * two: "… Try again later."), never cut to join a clause to it. `time` formats an instant as the surface shows times.
 */
export function syncText(sync: SyncStatus, time: (iso: string) => string): string {
  if (sync.kind === 'ok') return '';
  if (sync.kind === 'needs_setup' || sync.kind === 'key_rejected' || sync.saved === undefined) return sync.message;
  const shown = sync.saved === null ? 'Nothing saved to show yet' : `Showing saved data from ${time(sync.saved)}`;
  const list = sync.coverage ? ` Coverage requests ${coverageApartWords(sync.coverage, time)}.` : '';
  return `${sync.message} ${shown}.${list}`;
}

/** The coverage list apart from the schedules' saved data, after its name: "(service error): saved data from 07:00"
 *  (its own time, never the schedules'); each surface names the list in its own case. */
export function coverageApartWords(
  part: { reason: string; saved: string | null },
  time: (iso: string) => string,
): string {
  return `(${part.reason}): ${part.saved === null ? 'nothing saved' : `saved data from ${time(part.saved)}`}`;
}

/**
 * Where the sync problem's fix is: 'settings' for a rejected key, or when what failed is only schedules the service
 * doesn't have (retrying can't bring a deleted schedule back: remove or replace it in Settings); 'retry' otherwise.
 */
export function syncFix(state: Pick<AppState, 'sync' | 'schedules' | 'coverage'>): 'settings' | 'retry' {
  if (state.sync.kind === 'key_rejected') return 'settings';
  const missing = state.schedules.filter((s) => s.status.kind === 'not_found');
  const othersFine = state.schedules.every((s) => s.status.kind === 'not_found' || s.status.kind === 'fresh');
  const coverageFine = state.coverage.status.kind === 'fresh' || state.coverage.status.kind === 'loading';
  return missing.length > 0 && othersFine && coverageFine ? 'settings' : 'retry';
}

/** Where a schedule the service doesn't have is fixed: Settings at its account and its row, whose "Stop watching"
 *  removes it (the first such schedule of `state`'s). One rule, so the popover's button and the tray's item open the
 *  same place (adv49 r25 #1: one opened Settings at the top, the other at the key field). */
export function goneFixPlace(
  state: Pick<AppState, 'schedules'>,
): { account: ScheduleView['accountId']; section: 'schedules'; schedule: string } | undefined {
  const s = state.schedules.find((x) => x.status.kind === 'not_found');
  return s && { account: s.accountId, section: 'schedules', schedule: s.scheduleId };
}
