// What the sync loop remembers between refreshes (in memory only; a restart simply probes everything once):
// when each schedule was probed, which revision its shifts belong to, and each source's own backoff.
//
// Backoff is per source (each schedule, and the coverage list), so one failing source is retried on its own
// schedule while the healthy ones keep their cadence, and a success elsewhere never resets it. The only shared
// pause is a Retry-After about the whole service: a 429's (it limits the key) or a 503's (maintenance, overload),
// so any request to it before then would be refused too, whichever source met it.
import type { ApiError, Result } from '../../api/errors';
import type { RefreshSettings } from '../../shared/settings';
import type { Snapshot } from '../model/snapshot';
import type { FetchPass, ScheduleFetch } from './fetch';
import {
  backoffMs,
  costPaybackMs,
  coverageIntervalMs,
  coverageMinAgeMs,
  myHandoffsMs,
  nextProbeMs,
  probeIntervalMs,
  type ShiftsMemo,
} from './plan';

export interface Backoff {
  /** Consecutive retryable failures of this source. */
  failures: number;
  /** Retried at this instant instead of its normal cadence. */
  retryAtMs: number;
  /** Not asked before this instant, because the service said so (its Retry-After, capped); 0 when it did not. */
  askedUntilMs: number;
  /** When the failure was met: a clock set back since then is seen by it being ahead (forgetAhead). */
  atMs: number;
}

export interface SyncMemory {
  probedAtMs: Map<string, number>;
  shifts: Map<string, ShiftsMemo>;
  /** Schedules that are failing, by id; absent while a schedule is healthy. */
  backoff: Map<string, Backoff>;
  coverageAtMs: number | undefined;
  coverageBackoff: Backoff | undefined;
  /** No request before this instant (a 429's or a 503's Retry-After: the whole service asked to wait). */
  notBeforeMs: number;
  /** Until when the service itself asked to wait (its Retry-After, uncapped) in the last pass that met one; 0 after a
   *  pass that met none. Said as the service's ask; the app's own wait (notBeforeMs) may be shorter. */
  askedUntilMs: number;
  /** When the last pass was remembered (notBeforeMs was set then): see forgetAhead. */
  passAtMs: number;
}

export function emptyMemory(): SyncMemory {
  return {
    probedAtMs: new Map(),
    shifts: new Map(),
    backoff: new Map(),
    coverageAtMs: undefined,
    coverageBackoff: undefined,
    notBeforeMs: 0,
    askedUntilMs: 0,
    passAtMs: 0,
  };
}

/** Failures worth retrying sooner than the normal cadence (the others are recorded and polled normally). */
export function isRetryable(e: ApiError): boolean {
  return (
    e.kind === 'network' ||
    e.kind === 'timeout' ||
    e.kind === 'rate_limited' ||
    e.kind === 'server' ||
    e.kind === 'bad_response'
  );
}

/**
 * The longest a Retry-After is honoured. A server asking for hours (or a misconfigured proxy asking for years)
 * would otherwise stop syncing until restart; past this cap the normal backoff keeps the request rate low.
 */
export const MAX_RETRY_AFTER_MS = 15 * 60_000;

/** What the answer asked for (its Retry-After), before the cap. */
const askedMsOf = (e: ApiError): number =>
  e.kind === 'rate_limited' || e.kind === 'server' ? (e.retryAfterMs ?? 0) : 0;

function retryAfterMs(e: ApiError): number {
  return Math.min(MAX_RETRY_AFTER_MS, askedMsOf(e));
}

/**
 * Until when the service asked not to be asked for a schedule (undefined: the coverage list): a 429's or a 503's
 * wait for every source, or this source's own Retry-After (another answer's). Unlike our own backoff, no refresh, however asked for, skips it.
 */
export function serviceWaitMs(memory: SyncMemory, id?: string): number {
  const own = id === undefined ? memory.coverageBackoff : memory.backoff.get(id);
  return Math.max(memory.notBeforeMs, own?.askedUntilMs ?? 0);
}

/** When every source asked for is held by a wait the service asked for, the instant the last of them ends. */
export function heldUntilMs(
  memory: SyncMemory,
  ids: readonly string[],
  coverage: boolean,
  nowMs: number,
): number | undefined {
  const waits = [...ids.map((id) => serviceWaitMs(memory, id)), ...(coverage ? [serviceWaitMs(memory)] : [])];
  return waits.length > 0 && waits.every((w) => w > nowMs) ? Math.max(...waits) : undefined;
}

/**
 * The wall clock was set back (NTP, the user) since these stamps were taken: a probe or read dated ahead of now says
 * nothing of how old it is, and waiting for its next due time waited out the whole step (adv47 r21 #1: no read for
 * 45 min). Such a source is due now; a failure met "in the future", and the service's wait asked for by the last
 * pass, are moved back with the clock (by at least how far it went back), so they wait what they asked from now. Timers run on monotonic delays, so only
 * these wall-clock stamps need mending.
 */
export function forgetAhead(memory: SyncMemory, nowMs: number): void {
  for (const [id, atMs] of memory.probedAtMs) if (atMs > nowMs) memory.probedAtMs.delete(id);
  for (const [id, memo] of memory.shifts) if (memo.readAtMs > nowMs) memory.shifts.delete(id);
  if (memory.coverageAtMs !== undefined && memory.coverageAtMs > nowMs) memory.coverageAtMs = undefined;
  const rebase = (b: Backoff): Backoff => {
    const stepMs = b.atMs - nowMs;
    if (stepMs <= 0) return b;
    const askedUntilMs = b.askedUntilMs > 0 ? b.askedUntilMs - stepMs : 0;
    return { ...b, atMs: nowMs, retryAtMs: b.retryAtMs - stepMs, askedUntilMs };
  };
  for (const [id, b] of memory.backoff) memory.backoff.set(id, rebase(b));
  if (memory.coverageBackoff !== undefined) memory.coverageBackoff = rebase(memory.coverageBackoff);
  const stepMs = memory.passAtMs - nowMs;
  if (stepMs > 0) {
    memory.notBeforeMs -= stepMs;
    if (memory.askedUntilMs > 0) memory.askedUntilMs -= stepMs;
    memory.passAtMs = nowMs;
  }
}

export interface DueContext {
  snapshot: Snapshot;
  email: string;
  refresh: RefreshSettings;
  nowMs: number;
}

function handoffsOf(id: string, ctx: DueContext): number[] {
  return myHandoffsMs(ctx.snapshot.schedules.find((s) => s.id === id)?.shifts ?? [], ctx.email);
}

export function scheduleDueMs(memory: SyncMemory, id: string, ctx: DueContext): number {
  const backoff = memory.backoff.get(id);
  if (backoff !== undefined) return backoff.retryAtMs;
  return nextProbeMs(memory.probedAtMs.get(id), handoffsOf(id, ctx), ctx.nowMs, ctx.refresh);
}

/** When the coverage list needs a request of its own (normally it rides along with a probe before then). */
export function coverageDueMs(memory: SyncMemory, watchedCount: number, ctx: DueContext): number {
  if (memory.coverageBackoff !== undefined) return memory.coverageBackoff.retryAtMs;
  if (memory.coverageAtMs === undefined) return ctx.nowMs;
  // Well past the point where it may ride along, so a probe (every idle interval plus jitter) takes it first.
  return memory.coverageAtMs + coverageMinAgeMs(watchedCount, ctx.refresh) + 1.5 * ctx.refresh.idleIntervalSec * 1000;
}

export function coverageRidesAlong(memory: SyncMemory, watchedCount: number, ctx: DueContext): boolean {
  if (memory.coverageBackoff !== undefined) return memory.coverageBackoff.retryAtMs <= ctx.nowMs;
  if (memory.coverageAtMs === undefined) return true;
  return ctx.nowMs - memory.coverageAtMs >= coverageMinAgeMs(watchedCount, ctx.refresh);
}

function retryableError(result: Result<unknown>): ApiError | undefined {
  return !result.ok && isRetryable(result.error) ? result.error : undefined;
}

function scheduleError(fetch: ScheduleFetch): ApiError | undefined {
  return (
    retryableError(fetch.details) ?? (fetch.shifts === undefined ? undefined : retryableError(fetch.shifts.result))
  );
}

export interface PassContext extends DueContext {
  watchedCount: number;
  random: () => number;
}

interface Failure {
  error: ApiError;
  /** Requests the failed attempt cost. */
  requests: number;
  /** The source's normal interval: its backoff is relative to it. */
  normalMs: number;
}

/** The next backoff of a source that failed again (a Retry-After asking for longer wins, up to its cap). */
function backedOff(before: Backoff | undefined, failure: Failure, ctx: PassContext, notBeforeMs: number): Backoff {
  const failures = (before?.failures ?? 0) + 1;
  const waitMs =
    backoffMs(failures, failure.normalMs, ctx.random) + costPaybackMs(failure.requests, failures, failure.normalMs);
  const askedMs = retryAfterMs(failure.error);
  const retryAtMs = Math.max(ctx.nowMs + waitMs, ctx.nowMs + askedMs, notBeforeMs);
  return { failures, retryAtMs, askedUntilMs: askedMs > 0 ? ctx.nowMs + askedMs : 0, atMs: ctx.nowMs };
}

/** Whether an answer's Retry-After is about the whole service (a 429: the key's limit; a 503: unavailable). */
const aboutService = (e: ApiError): boolean => e.kind === 'rate_limited' || (e.kind === 'server' && e.status === 503);

/** The pass's answers about the whole service (a 429, a 503). */
function serviceErrors(pass: FetchPass): ApiError[] {
  const errors: ApiError[] = [];
  for (const s of pass.schedules) {
    const error = scheduleError(s);
    if (error) errors.push(error);
  }
  const coverageError = pass.coverage && retryableError(pass.coverage.result);
  if (coverageError) errors.push(coverageError);
  return errors.filter(aboutService);
}

function rememberSchedule(memory: SyncMemory, s: ScheduleFetch, ctx: PassContext): void {
  memory.probedAtMs.set(s.id, s.atMs);
  const error = scheduleError(s);
  if (error === undefined) memory.backoff.delete(s.id);
  else {
    const normalMs = probeIntervalMs(handoffsOf(s.id, ctx), ctx.nowMs, ctx.refresh);
    memory.backoff.set(
      s.id,
      backedOff(memory.backoff.get(s.id), { error, requests: s.requests ?? 1, normalMs }, ctx, memory.notBeforeMs),
    );
  }
  if (s.details.ok && s.shifts?.result.ok) {
    memory.shifts.set(s.id, { revision: s.details.value.current_revision, readAtMs: s.atMs, toMs: s.shifts.toMs });
  }
}

/** Records a finished pass: probe times, shift revisions, each source's backoff and Retry-After. */
export function rememberPass(memory: SyncMemory, pass: FetchPass, ctx: PassContext): void {
  // A 429 or a 503 with Retry-After holds back every request, not only its source's (up to the cap).
  const errors = serviceErrors(pass);
  memory.notBeforeMs = Math.max(memory.notBeforeMs, ctx.nowMs + Math.max(0, ...errors.map(retryAfterMs)));
  const askedMs = Math.max(0, ...errors.map(askedMsOf));
  memory.askedUntilMs = askedMs > 0 ? ctx.nowMs + askedMs : 0;
  memory.passAtMs = ctx.nowMs;
  for (const s of pass.schedules) rememberSchedule(memory, s, ctx);
  const coverage = pass.coverage;
  if (coverage === undefined) return;
  memory.coverageAtMs = coverage.atMs;
  const error = retryableError(coverage.result);
  const normalMs = coverageIntervalMs(ctx.watchedCount, ctx.refresh);
  memory.coverageBackoff =
    error === undefined
      ? undefined
      : backedOff(
          memory.coverageBackoff,
          { error, requests: coverage.requests ?? 1, normalMs },
          ctx,
          memory.notBeforeMs,
        );
}
