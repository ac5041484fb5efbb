// The sync loop: a setTimeout chain on the Clock port (never setInterval), one refresh at a time. Requests made
// while a refresh runs are coalesced into one follow-up. A failed poll changes statuses and backs off; it never
// ends the loop. A rejected key (401) pauses it until the engine clears `keyRejected` and asks again.
// Its parts: what is due and what a pass fetches (pass-plan.ts), what was asked for and who waits (requests.ts),
// what was learned and the backoff (memory.ts). This file is only the chain of wake-ups and passes between them.
import type { OncallClient } from '../../api/client-types';
import type { Snapshot } from '../model/snapshot';
import { applyPass } from './apply';
import { heldAs, identityOfPass, passWithMyEmail, withMyEmail } from './identity';
import { confirmOwnOverrides } from './own-overrides';
import { runFetchPass, type FetchPlan } from './fetch';
import { emptyMemory, forgetAhead, heldUntilMs, rememberPass, type SyncMemory } from './memory';
import { restoreWaits, waitsOf } from './kept-waits';
import { jitterMs } from './plan';
import { createPassPlanner, type PassPlanner } from './pass-plan';
import { answerAll, createRefreshQueue, DONE, type RefreshQueue } from './requests';
import type { RefreshRequest, RefreshAnswer, SyncLoop, SyncOptions } from './types';

export type {
  RefreshAnswer,
  RefreshReason,
  RefreshRequest,
  SnapshotAccess,
  SyncConfig,
  SyncLoop,
  SyncOptions,
} from './types';

const MIN_IDLE_WAKE_MS = 1_000;
const DEFAULT_CONCURRENCY = 4;

/** The loop's state, shared by the functions below (one object rather than one closure, so each stays short). */
interface Loop {
  options: SyncOptions;
  random: () => number;
  memory: SyncMemory;
  stopped: boolean;
  /** Bumped by reset: a pass begun before it has its results dropped. */
  generation: number;
  cancelTimer: (() => void) | undefined;
  running: Promise<void> | undefined;
  asks: RefreshQueue;
  planner: PassPlanner;
}

const paused = (loop: Loop): boolean =>
  loop.stopped || loop.options.getClient() === undefined || loop.options.snapshot.get().keyRejected;

/** The wall clock now, with what the loop remembers mended if the clock was set back since (memory.ts). */
function wallNow(loop: Loop): number {
  const nowMs = loop.options.clock.now();
  forgetAhead(loop.memory, nowMs);
  return nowMs;
}

function cancelWake(loop: Loop): void {
  loop.cancelTimer?.();
  loop.cancelTimer = undefined;
}

/** Sets the next wake-up (or runs the pass now when it is due). Called after everything that may move it. */
function schedule(loop: Loop, minDelayMs = 0): void {
  cancelWake(loop);
  if (loop.running || paused(loop)) {
    if (!loop.running) loop.asks.drop();
    return;
  }
  const { clock } = loop.options;
  const nowMs = wallNow(loop);
  // The service asked us to wait: the refresh still happens when allowed, but a caller (the user's Refresh)
  // gets its answer now, with the current state, instead of hanging until then.
  if (nowMs < loop.memory.notBeforeMs)
    loop.asks.answerWaiting({ kind: 'held', untilMs: loop.memory.notBeforeMs, ...serviceAskOf(loop, nowMs) });
  const asked = loop.asks.pending();
  const delayMs = Math.max(minDelayMs, loop.planner.nextWakeMs(nowMs, asked) - nowMs);
  if (delayMs <= 0) {
    void tick(loop);
    return;
  }
  // Jitter spreads unattended polls of many apps; a pass someone asked for isn't delayed by it.
  loop.cancelTimer = clock.setTimer(delayMs + (asked ? 0 : jitterMs(delayMs, loop.random)), () => void tick(loop));
}

/** One wake-up: a pass over what is due and asked for, then the next wake-up. */
async function tick(loop: Loop): Promise<void> {
  loop.cancelTimer = undefined;
  const client = loop.options.getClient();
  if (loop.running || paused(loop) || client === undefined) return schedule(loop);
  const nowMs = wallNow(loop);
  if (nowMs < loop.memory.notBeforeMs) return schedule(loop);
  const ask = loop.asks.take();
  const plan = loop.planner.plan(nowMs, ask);
  if (plan.scheduleIds.length === 0 && !plan.coverage) {
    answerAll(ask, DONE);
    return schedule(loop, MIN_IDLE_WAKE_MS);
  }
  const run = passGuarded(loop, client, plan);
  loop.running = run;
  loop.options.onBusyChange?.(true);
  await run;
  loop.running = undefined;
  loop.options.onBusyChange?.(false);
  answerAll(ask, DONE);
  schedule(loop);
}

async function passGuarded(loop: Loop, client: OncallClient, plan: FetchPlan): Promise<void> {
  try {
    await pass(loop, client, plan);
  } catch (cause) {
    // Nothing here should throw; if it does, the loop must survive it.
    loop.options.log?.(`sync: refresh failed unexpectedly: ${cause instanceof Error ? cause.name : 'error'}`);
  }
}

/** Fetches the plan, then remembers what was learned and applies it, unless the loop stopped or reset meanwhile. */
async function pass(loop: Loop, client: OncallClient, plan: FetchPlan): Promise<void> {
  const { clock, snapshot } = loop.options;
  const gen = loop.generation;
  const isStale = (): boolean => loop.stopped || gen !== loop.generation;
  const read = await runFetchPass(plan, {
    client,
    now: () => clock.now(),
    concurrency: loop.options.concurrency ?? DEFAULT_CONCURRENCY,
    stopped: isStale,
  });
  if (isStale()) return;
  const email = loop.options.getConfig().email;
  const identity = loop.options.identity;
  const saved = { snapshot: snapshot.get(), scheduleIds: loop.options.getConfig().scheduleIds };
  const me = identityOfPass(read, email, identity?.rememberedId() ?? null, saved, identity?.vouched() ?? true);
  // My user moved to another address, nobody has mine: the read says who I am is unsettled, not that my shifts went.
  // My address given to another user meanwhile: that user is held under none (sync/identity.ts says why).
  const other = me.kind === 'moved' ? me.given?.to.id : undefined;
  const fetched = me.kind === 'moved' ? passWithMyEmail(read, me.userId, email.trim(), other) : read;
  const own = await confirmOwnOverrides(client, snapshot.get(), fetched, email, isStale, clock.now());
  if (isStale()) return;
  // Saved shifts (not read again while the revision holds) name me as this read settled it, before and now alike.
  const as = heldAs(me, email);
  if ((me.kind === 'matched' || me.kind === 'moved') && as !== undefined) {
    const restate = (s: Snapshot) => withMyEmail(s, me.userId, as, other);
    if (snapshot.restate) snapshot.restate(restate);
    else snapshot.set(restate(snapshot.get()));
  }
  const config = loop.options.getConfig();
  const ctx = { snapshot: snapshot.get(), email: config.email, refresh: config.refresh, nowMs: clock.now() };
  rememberPass(loop.memory, fetched, { ...ctx, watchedCount: config.scheduleIds.length, random: loop.random });
  loop.options.waitsChanged?.(waitsOf(loop.memory, ctx.nowMs));
  const applied = applyPass(snapshot.get(), fetched, config.scheduleIds);
  const folded = own?.(applied);
  snapshot.set(folded ? folded.snapshot : applied);
  if (folded && folded.dropped.length > 0) loop.options.dropped?.(folded.dropped);
  identity?.settled(me);
}

/** Until when the whole service asked to wait, while it lasts (uncapped: said as its ask, state/wait-words.ts). */
function serviceAskOf(loop: Loop, nowMs: number): { askedUntilMs?: number } {
  return loop.memory.askedUntilMs > nowMs ? { askedUntilMs: loop.memory.askedUntilMs } : {};
}

function request(loop: Loop, request: RefreshRequest): Promise<RefreshAnswer> {
  // Everything asked for is held by a wait the service asked for: say until when, now. The request is still
  // queued: a 429's or a 503's wait keeps it until the wait ends (it runs then), and the plan leaves a source
  // held by its own Retry-After out of it (that source is asked again at its own retry).
  const all = request.scheduleIds === undefined;
  const ids = request.scheduleIds ?? loop.options.getConfig().scheduleIds;
  const untilMs = paused(loop) ? undefined : heldUntilMs(loop.memory, ids, all, wallNow(loop));
  const answer = loop.asks.add(request, untilMs, serviceAskOf(loop, wallNow(loop)));
  schedule(loop);
  return answer;
}

export function createSync(options: SyncOptions): SyncLoop {
  const loop: Loop = {
    options,
    random: options.random ?? Math.random,
    memory: emptyMemory(),
    stopped: true,
    generation: 0,
    cancelTimer: undefined,
    running: undefined,
    asks: createRefreshQueue(),
    planner: createPassPlanner({ ...options, memory: () => loop.memory }),
  };
  return {
    // Read through wallNow: a wait asked while the clock was ahead is worded as what is left of it from now, never
    // as the year-ahead instant (adv52 r25), even before the loop's next wake-up mends its memory.
    serviceWaitUntilMs: () => {
      const nowMs = wallNow(loop);
      return loop.memory.notBeforeMs > nowMs ? loop.memory.notBeforeMs : null;
    },
    serviceAsked: () => {
      const nowMs = wallNow(loop);
      const untilMs = loop.memory.askedUntilMs;
      return untilMs > nowMs ? { untilMs, nextTryMs: loop.planner.nextWakeMs(nowMs, false) } : null;
    },
    start() {
      loop.stopped = false;
      schedule(loop);
    },
    stop() {
      loop.stopped = true;
      cancelWake(loop);
      loop.asks.drop();
    },
    request: (asked) => request(loop, asked),
    reschedule: () => schedule(loop),
    reset() {
      loop.generation++;
      loop.memory = emptyMemory();
      // Nothing asked of the old key or address holds for the new one: its kept waits go too.
      options.waitsChanged?.(new Map());
    },
    restoreWaits: (entries) => restoreWaits(loop.memory, entries, wallNow(loop)),
    isBusy: () => loop.running !== undefined,
    async idle() {
      while (loop.running) await loop.running;
    },
  };
}
