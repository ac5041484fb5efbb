// Freshness of each schedule and overall sync health: the parts of the state that come from how fetches went
// rather than from who is on call. Every source (each watched schedule, and the coverage list) counts: sync is
// 'ok' only when none failed, and a message never claims saved data that isn't there.
import type { ServiceSettings } from '../../shared/settings';
import type { AppState, OfflineCause, SyncStatus } from '../../shared/view-state';
import { unusableBaseUrlMessage } from '../../api/base-url';
import { isoOf } from '../model/segments';
import type { FetchProblem, ScheduleSnapshot, Snapshot } from '../model/snapshot';
import { lastSuccessOf, reasonOf } from './schedule-status';
import {
  coverageApart,
  coverageSource,
  failed,
  oldestSaved,
  scheduleSources,
  shortReason,
  type Source,
} from './sync-sources';

export { coverageLists, isOpenRequest, schedulesWithMe } from './coverage';
export {
  STALE_AFTER_IDLE_INTERVALS,
  keyUnreadOf,
  lastSuccessOf,
  savedDataReason,
  scheduleStatus,
  staleAfterMs,
  statusesOf,
  unreadWithoutKey,
} from './schedule-status';

const OFFLINE_KINDS = new Set(['network', 'timeout']);

const NO_SCHEDULE = 'Add a schedule to watch';
/** The keychain refused the read; the notice says its reason, the fix is the same key entry as a missing key's. */
export const KEY_REFUSED = "Couldn't read the API key from the keychain: enter it again in Settings";

/** What setup is missing, as a clause (its sentence is the clause with a full stop). */
function missingSetup(setup: AppState['setup'], settings: ServiceSettings): string | undefined {
  // The address first: with an unusable one no key can be looked up, and asking for a key would mislead.
  if (settings.baseUrl !== '') {
    const unusable = unusableBaseUrlMessage(settings.baseUrl);
    if (unusable) return `${unusable} Change it in Settings`;
  }
  // A keychain that refused the read (locked, prompt cancelled) leaves the key unknown, not missing (adv47 r43 F2).
  if (!setup.hasKey) return setup.keyState === 'refused' ? KEY_REFUSED : 'Add your API key to start';
  if (settings.baseUrl === '') return 'Set the service address to start';
  if (settings.schedules.length === 0) return NO_SCHEDULE;
  return undefined;
}

/** Said while the keychain has not answered (its password prompt may wait minutes). */
export const KEYCHAIN_WAIT = 'Starting: reading the keychain';

/** The key is being read for a usable account that watches schedules: what is missing is not known yet. */
const keychainAwaited = (setup: AppState['setup'], settings: ServiceSettings): boolean =>
  setup.keyState === 'reading' &&
  !setup.hasKey &&
  settings.baseUrl !== '' &&
  unusableBaseUrlMessage(settings.baseUrl) === undefined &&
  settings.schedules.length > 0;

/** The key neither there nor missing: never "add your API key" (adv49 r36); the saved data is said from when, as
 *  while the service can't be reached (issue 49), never as read now. */
function keychainWait(
  snapshot: Snapshot,
  settings: ServiceSettings,
  byId: ReadonlyMap<string, ScheduleSnapshot>,
): SyncStatus {
  const saved = oldestSaved([...scheduleSources(settings, byId), coverageSource(snapshot)]);
  return { kind: 'error', message: `${KEYCHAIN_WAIT}…`, clause: KEYCHAIN_WAIT, saved };
}

/** One source as the sync summary sees it. */
export interface SyncContext {
  keyFromEnvironment: boolean;
  /** The wait the service asked for, as said (wait-words.ts, no full stop): a failing status then says it. */
  wait?: string;
  /** The variable the key came from (ONCALL_API_KEY, or ONCALL_API_KEY_<ID> with several accounts). */
  keyVariable?: string;
}

/** The sync line for each cause, as every surface says it (tray, popover, `status`): only what the app knows. */
export const OFFLINE_CLAUSES: Record<OfflineCause, string> = {
  timeout: 'The service did not answer in time',
  refused: 'Cannot reach the service: the connection was refused',
  dns: 'Cannot reach the service: its address could not be found (DNS)',
  tls: 'Cannot reach the service: a secure connection could not be made (TLS)',
  network: 'Cannot reach the service',
};
const offlineSentence = (cause: OfflineCause): string => `${OFFLINE_CLAUSES[cause]}.`;
export const OFFLINE_WORDS: Record<OfflineCause, string> = {
  timeout: offlineSentence('timeout'),
  refused: offlineSentence('refused'),
  dns: offlineSentence('dns'),
  tls: offlineSentence('tls'),
  network: offlineSentence('network'),
};

/** What every failed request says alike: all timed out, or all failed to connect for one reason the OS gave; else
 *  only that some could not connect ("network"). A request that timed out says nothing of reachability. */
function offlineCause(problems: readonly FetchProblem[]): OfflineCause {
  if (problems.every((p) => p.kind === 'timeout')) return 'timeout';
  const reaches = new Set(problems.filter((p) => p.kind === 'network').map((p) => p.reach ?? 'network'));
  const [only] = reaches;
  return reaches.size === 1 && only ? only : 'network';
}

/** The summary when every schedule failed: not found everywhere, unreachable, or the first other reason. */
function allFailed(schedules: readonly Source[], coverage: Source, settings: ServiceSettings): SyncStatus {
  const sources = coverage.problem ? [...schedules, coverage] : schedules;
  const saved = oldestSaved(sources);
  if (schedules.every((s) => s.notFound)) {
    const coverageMissing = coverage.problem?.kind === 'not_found';
    const hint = coverageMissing
      ? `. Every request was answered "not found": the service address (${settings.baseUrl}) may be wrong`
      : '';
    const clause = `None of your schedules was found on the service${hint}`;
    return { kind: 'error', message: `${clause}.`, clause };
  }
  const { rest, coverage: apart } = coverageApart(sources.filter(failed), saved);
  const own = apart ? { coverage: apart } : {};
  if (sources.every((s) => s.problem && OFFLINE_KINDS.has(s.problem.kind))) {
    const cause = offlineCause(sources.flatMap((s) => (s.problem ? [s.problem] : [])));
    return { kind: 'offline', cause, message: OFFLINE_WORDS[cause], saved, ...own };
  }
  const first = sources.find((s) => s.problem && !OFFLINE_KINDS.has(s.problem.kind))?.problem;
  // The reason is the client's sentence(s); the clause is the app's own, source by source (as `partial` says it).
  const clause = couldNotRefresh(rest);
  return { kind: 'error', message: first ? reasonOf(first) : `${clause}.`, clause, saved, ...own };
}

/** A failing status with the service's wait said, until when, as a sentence of its own after the status's own
 *  (which may be the service's two: "… Try again later. The service asked to wait until 14:30."), never joined to
 *  it by cutting its full stop. */
export function syncStatus(
  snapshot: Snapshot,
  setup: AppState['setup'],
  settings: ServiceSettings,
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  ctx: SyncContext,
): SyncStatus {
  const status = syncStatusAsRead(snapshot, setup, settings, byId, ctx);
  const wait = ctx.wait;
  if (wait === undefined || status.kind === 'ok' || status.kind === 'needs_setup') return status;
  if (status.kind === 'key_rejected') return status;
  const message = `${status.message} ${wait}.`;
  // The clause goes on after the status's sentences, ending in the wait (offline has no clause: it is worded by cause).
  return status.kind === 'offline'
    ? { ...status, message }
    : { ...status, message, clause: `${status.clause}. ${wait}` };
}

function syncStatusAsRead(
  snapshot: Snapshot,
  setup: AppState['setup'],
  settings: ServiceSettings,
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  ctx: SyncContext,
): SyncStatus {
  if (keychainAwaited(setup, settings)) return keychainWait(snapshot, settings, byId);
  const missing = missingSetup(setup, settings);
  // With no schedule yet, the coverage list is the one read: a 401 there is the key refused (onboarding with a wrong
  // key), said as the key problem rather than "Add a schedule to watch.", which no schedule would fix.
  const refusedBeforeSchedules =
    missing === NO_SCHEDULE && settings.schedules.length === 0 && snapshot.coverageProblem?.kind === 'unauthorized';
  if (missing && !refusedBeforeSchedules) return { kind: 'needs_setup', message: `${missing}.`, clause: missing };
  if (snapshot.keyRejected || refusedBeforeSchedules) {
    const message = ctx.keyFromEnvironment
      ? `The service rejected the API key given in ${ctx.keyVariable ?? 'ONCALL_API_KEY'}. Set a valid key there and try again.`
      : 'The service rejected the API key. Enter a new key in Settings to resume syncing.';
    return { kind: 'key_rejected', message };
  }
  const schedules = scheduleSources(settings, byId);
  const coverage = coverageSource(snapshot);
  const failing = [...schedules, coverage].filter(failed);
  if (failing.length === 0) {
    const inPart = readInPart(snapshot, settings, byId);
    return inPart ? { kind: 'partial', message: `${inPart}.`, clause: inPart } : { kind: 'ok' };
  }
  // Nothing current on screen: every schedule failed, and the coverage list failed too or was never read.
  const coverageNotRead = failed(coverage) || snapshot.coverageFetchedAt === null;
  if (schedules.length > 0 && schedules.every(failed) && coverageNotRead)
    return allFailed(schedules, coverage, settings);
  const saved = oldestSaved(failing);
  const { rest, coverage: ownCoverage } = coverageApart(failing, saved);
  const inPart = readInPart(snapshot, settings, byId);
  const clause = `${couldNotRefresh(rest)}${inPart ? `. ${inPart}` : ''}`;
  const own = ownCoverage ? { coverage: ownCoverage } : {};
  // Nothing saved of what failed is said so ("Nothing saved to show yet"), as with every source failing.
  const status = { kind: 'partial' as const, message: `${clause}.`, clause, saved, ...own };
  const apartFixes = apart(rest, inPart);
  return apartFixes ? { ...status, apart: apartFixes } : status;
}

/** The problems apart when some are fixed in Settings (schedules the service doesn't have) and others by reading
 *  again (other failures, shifts read in part); undefined when one fix fits all. */
function apart(failing: readonly Source[], inPart: string | undefined) {
  const missing = (s: Source): boolean => s.notFound;
  const gone = failing.filter(missing);
  const rest = failing.filter((s) => !missing(s));
  if (gone.length === 0 || (rest.length === 0 && !inPart)) return undefined;
  const again = [rest.length > 0 ? couldNotRefresh(rest) : '', inPart ?? ''].filter((c) => c !== '').join('. ');
  return [
    { clause: couldNotRefresh(gone), fix: 'settings' as const, saved: oldestSaved(gone) },
    // Holes alone leave nothing unread: no saved data is said beside them.
    { clause: again, fix: 'retry' as const, ...(rest.length > 0 ? { saved: oldestSaved(rest) } : {}) },
  ];
}

/** "Couldn't refresh Platform (service error), coverage requests (unreachable)": the failing sources, a clause. */
function couldNotRefresh(failing: readonly Source[]): string {
  return `Couldn't refresh ${failing.map((s) => `${s.label} (${shortReason(s)})`).join(', ')}`;
}

/** Sources that answered but not all of it could be read (unreadable shifts or requests), as a clause: never "ok". */
function readInPart(
  snapshot: Snapshot,
  settings: ServiceSettings,
  byId: ReadonlyMap<string, ScheduleSnapshot>,
): string | undefined {
  const parts = settings.schedules.flatMap((w) => {
    const s = byId.get(w.id);
    return s && s.shiftHoles.length > 0 ? [`some shifts of ${s.details?.name ?? w.name ?? w.id}`] : [];
  });
  const requests = snapshot.coverageIssues.length;
  if (requests > 0) parts.push(requests === 1 ? '1 coverage request' : `${requests} coverage requests`);
  return parts.length === 0 ? undefined : `Couldn't read ${parts.join(' and ')}`;
}

/** Oldest successful fetch among watched schedules that have one. */
export function oldestSuccess(settings: ServiceSettings, byId: ReadonlyMap<string, ScheduleSnapshot>): string | null {
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
