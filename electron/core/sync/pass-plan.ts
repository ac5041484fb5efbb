// Which sources a wake-up of the sync loop polls, and when the next wake-up is due: pure policy over what the loop
// remembers (memory.ts: revisions, backoff, the service's waits) and what it was asked for (requests.ts). Kept apart
// from the timer chain (loop.ts), which only asks "what now?" and "when next?".
import type { Schedule } from '../../api/schemas';
import type { Clock } from '../ports';
import type { FetchPlan } from './fetch';
import {
  coverageDueMs,
  coverageRidesAlong,
  scheduleDueMs,
  serviceWaitMs,
  type DueContext,
  type SyncMemory,
} from './memory';
import {
  DEFAULT_HORIZON_DAYS,
  horizonWindow,
  myHandoffsMs,
  nearHandoffReread,
  probeDisagrees,
  shiftsNeeded,
} from './plan';
import { asksFor, type RefreshAsk } from './requests';
import type { SnapshotAccess, SyncConfig } from './types';

/** Schedules due within this much of a wake-up are taken along, so near-simultaneous probes share one wake. */
const DUE_SLACK_MS = 1_000;

export interface PassPlannerDeps {
  clock: Clock;
  getConfig: () => SyncConfig;
  snapshot: SnapshotAccess;
  /** Read at each use, never kept: a reset replaces the memory, even while a pass is under way. */
  memory: () => SyncMemory;
}

export interface PassPlanner {
  /** What the pass starting at `nowMs` fetches, given what was asked for. */
  plan(nowMs: number, ask: RefreshAsk | undefined): FetchPlan;
  /** When the next pass is due; as soon as the service allows when something was asked for. */
  nextWakeMs(nowMs: number, asked: boolean): number;
}

const dueContext = (deps: PassPlannerDeps, nowMs: number): DueContext => {
  const config = deps.getConfig();
  return { snapshot: deps.snapshot.get(), email: config.email, refresh: config.refresh, nowMs };
};

export function createPassPlanner(deps: PassPlannerDeps): PassPlanner {
  return {
    plan: (nowMs, ask) => planPass(deps, nowMs, ask),
    nextWakeMs: (nowMs, asked) => nextWakeMs(deps, nowMs, asked),
  };
}

function planPass(deps: PassPlannerDeps, nowMs: number, ask: RefreshAsk | undefined): FetchPlan {
  const config = deps.getConfig();
  const ctx = dueContext(deps, nowMs);
  const memory = deps.memory();
  // A source the service asked to wait is left out, however the refresh was asked for (forced or taken along).
  const scheduleIds = config.scheduleIds.filter(
    (id) =>
      serviceWaitMs(memory, id) <= nowMs &&
      (asksFor(ask, id) || scheduleDueMs(memory, id, ctx) <= nowMs + DUE_SLACK_MS),
  );
  const n = config.scheduleIds.length;
  const coverage =
    serviceWaitMs(memory) <= nowMs &&
    (ask?.all === true ||
      (coverageRidesAlong(memory, n, ctx) &&
        (scheduleIds.length > 0 || coverageDueMs(memory, n, ctx) <= nowMs + DUE_SLACK_MS)));
  const days = config.horizonDays ?? DEFAULT_HORIZON_DAYS;
  return {
    scheduleIds,
    coverage,
    shiftsWindow: (id, schedule) => shiftsWindow(deps, { id, schedule, ask, ctx, days }),
  };
}

interface ShiftsQuestion {
  id: string;
  schedule: Schedule;
  ask: RefreshAsk | undefined;
  ctx: DueContext;
  days: number;
}

/** The window to read a schedule's shifts over once its probe is in; undefined when what is kept still holds. */
function shiftsWindow(deps: PassPlannerDeps, q: ShiftsQuestion): { fromMs: number; toMs: number } | undefined {
  const atMs = deps.clock.now();
  const reread = (q.ask?.reread === true && asksFor(q.ask, q.id)) || mustReread(deps, q, atMs);
  if (!reread && !shiftsNeeded(deps.memory().shifts.get(q.id), q.schedule.current_revision, atMs, q.days))
    return undefined;
  return horizonWindow(atMs, q.days);
}

/** Shifts re-read although the revision didn't move: the probe contradicts them, or a handoff of mine is near. */
function mustReread(deps: PassPlannerDeps, { id, schedule, ctx }: ShiftsQuestion, atMs: number): boolean {
  const cached = ctx.snapshot.schedules.find((s) => s.id === id);
  const memo = deps.memory().shifts.get(id);
  if (!cached || memo === undefined) return false;
  if (probeDisagrees(schedule, cached.shifts, memo.toMs, atMs)) return true;
  return nearHandoffReread(memo, myHandoffsMs(cached.shifts, ctx.email), atMs, ctx.refresh);
}

function nextWakeMs(deps: PassPlannerDeps, nowMs: number, asked: boolean): number {
  const memory = deps.memory();
  if (asked) return Math.max(nowMs, memory.notBeforeMs);
  const config = deps.getConfig();
  const ctx = dueContext(deps, nowMs);
  const dues = config.scheduleIds.map((id) => scheduleDueMs(memory, id, ctx));
  dues.push(coverageDueMs(memory, config.scheduleIds.length, ctx));
  return Math.max(Math.min(...dues), memory.notBeforeMs);
}
