// The sync loop: a setTimeout chain on the Clock port (never setInterval), one refresh at a time. Requests made
// while a refresh runs are coalesced into one follow-up. A failed poll changes statuses and backs off; it never
// ends the loop. A rejected key (401) pauses it until the engine clears `keyRejected` and asks again.
import type { OncallClient } from '../../api/client-types';
import type { Schedule } from '../../api/schemas';
import { applyPass } from './apply';
import { runFetchPass, type FetchPlan } from './fetch';
import {
  coverageDueMs,
  coverageRidesAlong,
  emptyMemory,
  heldUntilMs,
  rememberPass,
  scheduleDueMs,
  serviceWaitMs,
  type DueContext,
  type SyncMemory,
} from './memory';
import {
  DEFAULT_HORIZON_DAYS,
  horizonWindow,
  jitterMs,
  myHandoffsMs,
  nearHandoffReread,
  probeDisagrees,
  shiftsNeeded,
} from './plan';
import type { RefreshAnswer, SyncLoop, SyncOptions } from './types';

export type {
  RefreshAnswer,
  RefreshReason,
  RefreshRequest,
  SnapshotAccess,
  SyncConfig,
  SyncLoop,
  SyncOptions,
} from './types';

interface Forced {
  all: boolean;
  ids: Set<string>;
  reread: boolean;
  waiters: Array<(answer: RefreshAnswer) => void>;
}

const DONE: RefreshAnswer = { kind: 'done' };

/** Schedules due within this much of a wake-up are taken along, so near-simultaneous probes share one wake. */
const DUE_SLACK_MS = 1_000;
const MIN_IDLE_WAKE_MS = 1_000;
const DEFAULT_CONCURRENCY = 4;

export function createSync(options: SyncOptions): SyncLoop {
  const { clock, snapshot } = options;
  const random = options.random ?? Math.random;
  let memory: SyncMemory = emptyMemory();
  let stopped = true;
  let generation = 0;
  let cancelTimer: (() => void) | undefined;
  let running: Promise<void> | undefined;
  let forced: Forced | undefined;

  const dueContext = (nowMs: number): DueContext => {
    const config = options.getConfig();
    return { snapshot: snapshot.get(), email: config.email, refresh: config.refresh, nowMs };
  };
  const paused = (): boolean => stopped || options.getClient() === undefined || snapshot.get().keyRejected;

  /** Shifts re-read although the revision didn't move: the probe contradicts them, or a handoff of mine is near. */
  function mustReread(id: string, schedule: Schedule, atMs: number, ctx: DueContext): boolean {
    const cached = ctx.snapshot.schedules.find((s) => s.id === id);
    const memo = memory.shifts.get(id);
    if (!cached || memo === undefined) return false;
    if (probeDisagrees(schedule, cached.shifts, memo.toMs, atMs)) return true;
    return nearHandoffReread(memo, myHandoffsMs(cached.shifts, ctx.email), atMs, ctx.refresh);
  }

  function buildPlan(nowMs: number, force: Forced | undefined): FetchPlan {
    const config = options.getConfig();
    const ctx = dueContext(nowMs);
    const horizonDays = config.horizonDays ?? DEFAULT_HORIZON_DAYS;
    // A source the service asked to wait is left out, however the refresh was asked for (forced or taken along).
    const scheduleIds = config.scheduleIds.filter(
      (id) =>
        serviceWaitMs(memory, id) <= nowMs &&
        (force?.all || force?.ids.has(id) || scheduleDueMs(memory, id, ctx) <= nowMs + DUE_SLACK_MS),
    );
    const n = config.scheduleIds.length;
    const coverage =
      serviceWaitMs(memory) <= nowMs &&
      (force?.all === true ||
        (coverageRidesAlong(memory, n, ctx) &&
          (scheduleIds.length > 0 || coverageDueMs(memory, n, ctx) <= nowMs + DUE_SLACK_MS)));
    const shiftsWindow = (id: string, schedule: Schedule) => {
      const atMs = clock.now();
      const reread =
        (force?.reread === true && (force.all || force.ids.has(id))) || mustReread(id, schedule, atMs, ctx);
      if (!reread && !shiftsNeeded(memory.shifts.get(id), schedule.current_revision, atMs, horizonDays))
        return undefined;
      return horizonWindow(atMs, horizonDays);
    };
    return { scheduleIds, coverage, shiftsWindow };
  }

  function nextWakeMs(nowMs: number): number {
    if (forced) return Math.max(nowMs, memory.notBeforeMs);
    const config = options.getConfig();
    const ctx = dueContext(nowMs);
    const dues = config.scheduleIds.map((id) => scheduleDueMs(memory, id, ctx));
    dues.push(coverageDueMs(memory, config.scheduleIds.length, ctx));
    return Math.max(Math.min(...dues), memory.notBeforeMs);
  }

  function schedule(minDelayMs = 0): void {
    cancelTimer?.();
    cancelTimer = undefined;
    if (running || paused()) {
      if (!running) releaseForced();
      return;
    }
    const nowMs = clock.now();
    // The service asked us to wait: the refresh still happens when allowed, but a caller (the user's Refresh)
    // gets its answer now, with the current state, instead of hanging until then.
    if (nowMs < memory.notBeforeMs) releaseWaiters({ kind: 'held', untilMs: memory.notBeforeMs });
    const delayMs = Math.max(minDelayMs, nextWakeMs(nowMs) - nowMs);
    if (delayMs <= 0) {
      void tick();
      return;
    }
    cancelTimer = clock.setTimer(delayMs + (forced ? 0 : jitterMs(delayMs, random)), () => void tick());
  }

  function releaseWaiters(answer: RefreshAnswer): void {
    const waiters = forced?.waiters.splice(0) ?? [];
    for (const resolve of waiters) resolve(answer);
  }

  function releaseForced(): void {
    const waiters = forced?.waiters ?? [];
    forced = undefined;
    for (const resolve of waiters) resolve(DONE);
  }

  async function refresh(client: OncallClient, plan: FetchPlan): Promise<void> {
    const gen = generation;
    const isStale = (): boolean => stopped || gen !== generation;
    const pass = await runFetchPass(plan, {
      client,
      now: () => clock.now(),
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      stopped: isStale,
    });
    if (isStale()) return;
    const config = options.getConfig();
    rememberPass(memory, pass, { ...dueContext(clock.now()), watchedCount: config.scheduleIds.length, random });
    snapshot.set(applyPass(snapshot.get(), pass, config.scheduleIds));
  }

  async function tick(): Promise<void> {
    cancelTimer = undefined;
    const client = options.getClient();
    if (running || paused() || client === undefined) return schedule();
    const nowMs = clock.now();
    if (nowMs < memory.notBeforeMs) return schedule();
    const force = forced;
    forced = undefined;
    const plan = buildPlan(nowMs, force);
    if (plan.scheduleIds.length === 0 && !plan.coverage) {
      for (const resolve of force?.waiters ?? []) resolve(DONE);
      return schedule(MIN_IDLE_WAKE_MS);
    }
    const run = runGuarded(client, plan);
    running = run;
    options.onBusyChange?.(true);
    await run;
    running = undefined;
    options.onBusyChange?.(false);
    for (const resolve of force?.waiters ?? []) resolve(DONE);
    schedule();
  }

  async function runGuarded(client: OncallClient, plan: FetchPlan): Promise<void> {
    try {
      await refresh(client, plan);
    } catch (cause) {
      // Nothing here should throw; if it does, the loop must survive it.
      options.log?.(`sync: refresh failed unexpectedly: ${cause instanceof Error ? cause.name : 'error'}`);
    }
  }

  return {
    serviceWaitUntilMs: () => (memory.notBeforeMs > clock.now() ? memory.notBeforeMs : null),
    start() {
      stopped = false;
      schedule();
    },
    stop() {
      stopped = true;
      cancelTimer?.();
      cancelTimer = undefined;
      releaseForced();
    },
    request(request) {
      return new Promise<RefreshAnswer>((resolve) => {
        const next: Forced = forced ?? { all: false, ids: new Set(), reread: false, waiters: [] };
        if (request.scheduleIds === undefined) next.all = true;
        else for (const id of request.scheduleIds) next.ids.add(id);
        next.reread ||= request.rereadShifts === true;
        // Everything asked for is held by a wait the service asked for: say until when, now. The request is still
        // queued: a 429's or a 503's wait keeps it until the wait ends (it runs then), and buildPlan leaves a source
        // held by its own Retry-After out of it (that source is asked again at its own retry).
        const ids = request.scheduleIds ?? options.getConfig().scheduleIds;
        const untilMs = paused() ? undefined : heldUntilMs(memory, ids, request.scheduleIds === undefined, clock.now());
        if (untilMs === undefined) next.waiters.push(resolve);
        else resolve({ kind: 'held', untilMs });
        forced = next;
        schedule();
      });
    },
    reschedule: () => schedule(),
    reset() {
      generation++;
      memory = emptyMemory();
    },
    isBusy: () => running !== undefined,
    async idle() {
      while (running) await running;
    },
  };
}
