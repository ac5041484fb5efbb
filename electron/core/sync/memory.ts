// What the sync loop remembers between refreshes (in memory only; a restart simply probes everything once):
// when each schedule was probed, which revision its shifts belong to, backoff and Retry-After state.
import type { ApiError, Result } from '../../api/errors';
import type { RefreshSettings } from '../../shared/settings';
import type { Snapshot } from './snapshot';
import type { FetchPass } from './fetch';
import { backoffMs, coverageMinAgeMs, myHandoffsMs, nextProbeMs, type ShiftsMemo } from './plan';

export interface SyncMemory {
  probedAtMs: Map<string, number>;
  shifts: Map<string, ShiftsMemo>;
  /** A failed schedule is retried at this instant instead of its normal cadence. */
  retryAtMs: Map<string, number>;
  coverageAtMs: number | undefined;
  coverageRetryAtMs: number | undefined;
  consecutiveFailures: number;
  /** No request before this instant (the service asked us to wait with Retry-After). */
  notBeforeMs: number;
}

export function emptyMemory(): SyncMemory {
  return {
    probedAtMs: new Map(), shifts: new Map(), retryAtMs: new Map(),
    coverageAtMs: undefined, coverageRetryAtMs: undefined, consecutiveFailures: 0, notBeforeMs: 0,
  };
}

/** Failures worth retrying sooner than the normal cadence (the others are recorded and polled normally). */
export function isRetryable(e: ApiError): boolean {
  return e.kind === 'network' || e.kind === 'timeout' || e.kind === 'rate_limited' || e.kind === 'server' || e.kind === 'bad_response';
}

/**
 * The longest a Retry-After is honoured. A server asking for hours (or a misconfigured proxy asking for years)
 * would otherwise stop syncing until restart; past this cap the normal backoff keeps the request rate low.
 */
export const MAX_RETRY_AFTER_MS = 15 * 60_000;

function retryAfter(e: ApiError): number | undefined {
  return e.kind === 'rate_limited' || e.kind === 'server' ? e.retryAfterMs : undefined;
}

export interface DueContext {
  snapshot: Snapshot;
  email: string;
  refresh: RefreshSettings;
  nowMs: number;
}

export function scheduleDueMs(memory: SyncMemory, id: string, ctx: DueContext): number {
  const retry = memory.retryAtMs.get(id);
  if (retry !== undefined) return retry;
  const shifts = ctx.snapshot.schedules.find((s) => s.id === id)?.shifts ?? [];
  return nextProbeMs(memory.probedAtMs.get(id), myHandoffsMs(shifts, ctx.email), ctx.nowMs, ctx.refresh);
}

/** When the coverage list needs a request of its own (normally it rides along with a probe before then). */
export function coverageDueMs(memory: SyncMemory, watchedCount: number, ctx: DueContext): number {
  if (memory.coverageRetryAtMs !== undefined) return memory.coverageRetryAtMs;
  if (memory.coverageAtMs === undefined) return ctx.nowMs;
  // Well past the point where it may ride along, so a probe (every idle interval plus jitter) takes it first.
  return memory.coverageAtMs + coverageMinAgeMs(watchedCount, ctx.refresh) + 1.5 * ctx.refresh.idleIntervalSec * 1000;
}

export function coverageRidesAlong(memory: SyncMemory, watchedCount: number, ctx: DueContext): boolean {
  if (memory.coverageRetryAtMs !== undefined) return memory.coverageRetryAtMs <= ctx.nowMs;
  if (memory.coverageAtMs === undefined) return true;
  return ctx.nowMs - memory.coverageAtMs >= coverageMinAgeMs(watchedCount, ctx.refresh);
}

function errorsOf(pass: FetchPass): ApiError[] {
  const out: ApiError[] = [];
  for (const s of pass.schedules) {
    if (!s.details.ok) out.push(s.details.error);
    else if (s.shifts && !s.shifts.result.ok) out.push(s.shifts.result.error);
  }
  if (pass.coverage && !pass.coverage.result.ok) out.push(pass.coverage.result.error);
  return out;
}

function failedRetryably(result: Result<unknown>): boolean {
  return !result.ok && isRetryable(result.error);
}

/** Records a finished pass: probe times, shift revisions, backoff and Retry-After. */
export function rememberPass(memory: SyncMemory, pass: FetchPass, refresh: RefreshSettings, nowMs: number, random: () => number): void {
  const retryable = errorsOf(pass).filter(isRetryable);
  memory.consecutiveFailures = retryable.length > 0 ? memory.consecutiveFailures + 1 : 0;
  const waitMs = Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ...retryable.map((e) => retryAfter(e) ?? 0)));
  memory.notBeforeMs = Math.max(memory.notBeforeMs, nowMs + waitMs);
  const retryAtMs = Math.max(nowMs + backoffMs(memory.consecutiveFailures, refresh, random), memory.notBeforeMs);
  for (const s of pass.schedules) {
    memory.probedAtMs.set(s.id, s.atMs);
    const failed = failedRetryably(s.details) || (s.shifts !== undefined && failedRetryably(s.shifts.result));
    if (failed) memory.retryAtMs.set(s.id, retryAtMs);
    else memory.retryAtMs.delete(s.id);
    if (s.details.ok && s.shifts?.result.ok) {
      memory.shifts.set(s.id, { revision: s.details.value.current_revision, readAtMs: s.atMs, toMs: s.shifts.toMs });
    }
  }
  if (pass.coverage) {
    memory.coverageAtMs = pass.coverage.atMs;
    memory.coverageRetryAtMs = failedRetryably(pass.coverage.result) ? retryAtMs : undefined;
  }
}
