// One pass of fetching: probes the chosen schedules (and their shifts when needed) and the coverage list,
// with bounded concurrency. Returns raw outcomes; folding them into the snapshot is sync-apply's job.
import type { OncallClient } from '../../api/client-types';
import type { ApiError, Result } from '../../api/errors';
import type { CoverageList, Schedule, ShiftList } from '../../api/schemas';
import { DEFAULT_MAX_PAGES } from '../../api/pagination';
import { toWireInstant } from './plan';

export interface ShiftsFetch {
  fromMs: number;
  toMs: number;
  result: Result<ShiftList>;
}

export interface ScheduleFetch {
  id: string;
  atMs: number;
  details: Result<Schedule>;
  /** Present when the shifts were read in this pass. */
  shifts?: ShiftsFetch;
  /** HTTP requests this schedule cost in the pass (probe + pages; absent: one). A failure is paid back in
   * backoff by this cost, so a failing source never costs more than a healthy one. */
  requests?: number;
}

export interface CoverageFetch {
  atMs: number;
  result: Result<CoverageList>;
  /** Pages asked for (absent: one). */
  requests?: number;
}

export interface FetchPass {
  schedules: ScheduleFetch[];
  /** Present when the coverage list was read in this pass. */
  coverage?: CoverageFetch;
}

export interface FetchPlan {
  scheduleIds: readonly string[];
  coverage: boolean;
  /** Decides, once the probe answered, whether this schedule's shifts must be read, and over which window. */
  shiftsWindow: (id: string, schedule: Schedule) => { fromMs: number; toMs: number } | undefined;
}

export interface FetchContext {
  client: OncallClient;
  now: () => number;
  concurrency: number;
  /** Re-checked after every await: a stopped loop starts no further request. */
  stopped: () => boolean;
}

const STOPPED: ApiError = { kind: 'network', message: 'Sync stopped.' };

/** Runs `task` over `items` with at most `limit` in flight, keeping the order of results. */
export async function mapLimit<T, U>(items: readonly T[], limit: number, task: (item: T) => Promise<U>): Promise<U[]> {
  const results: U[] = new Array<U>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item !== undefined) results[index] = await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

async function fetchSchedule(id: string, plan: FetchPlan, ctx: FetchContext): Promise<ScheduleFetch> {
  const atMs = ctx.now();
  if (ctx.stopped()) return { id, atMs, details: { ok: false, error: STOPPED }, requests: 0 };
  const details = await ctx.client.getSchedule(id);
  if (!details.ok || ctx.stopped()) return { id, atMs, details, requests: 1 };
  const window = plan.shiftsWindow(id, details.value);
  if (window === undefined) return { id, atMs, details, requests: 1 };
  let requests = 1;
  const wire = { from: toWireInstant(window.fromMs), to: toWireInstant(window.toMs) };
  const result = await ctx.client.listAllShifts(id, wire, DEFAULT_MAX_PAGES, () => void requests++);
  return { id, atMs, details, shifts: { ...window, result }, requests };
}

async function fetchCoverage(ctx: FetchContext): Promise<CoverageFetch> {
  const atMs = ctx.now();
  let requests = 0;
  const result = await ctx.client.listAllCoverageRequests(DEFAULT_MAX_PAGES, () => void requests++);
  return { atMs, result, requests };
}

type Job = { kind: 'schedule'; id: string } | { kind: 'coverage' };

/** Fetches what the plan asks for. Never throws; every failure is a Result in the pass. */
export async function runFetchPass(plan: FetchPlan, ctx: FetchContext): Promise<FetchPass> {
  const jobs: Job[] = plan.scheduleIds.map((id) => ({ kind: 'schedule', id }));
  // Coverage goes first so one slow schedule never delays the list every schedule shares.
  if (plan.coverage) jobs.unshift({ kind: 'coverage' });
  const pass: FetchPass = { schedules: [] };
  await mapLimit(jobs, ctx.concurrency, async (job) => {
    if (job.kind === 'schedule') {
      pass.schedules.push(await fetchSchedule(job.id, plan, ctx));
      return;
    }
    if (ctx.stopped()) return;
    pass.coverage = await fetchCoverage(ctx);
  });
  return pass;
}
