// Keeps the derived AppState current: re-derives when its inputs change and exactly at the next instant the
// passage of time alone would change it (a handoff, data turning stale), and tells subscribers only about
// real changes.
import type { ServiceSettings } from '../../shared/settings';
import type { AccountSetup, AppState } from '../../shared/view-state';
import { deriveState, nextStateChangeAt, stateEquals } from '../state/derive';
import { nextShownChangeAt } from '../state/shown-change';
import { asksWordsChangeAt } from '../state/asks-words';
import type { Clock } from '../ports';
import type { Snapshot } from '../model/snapshot';
import type { NotificationHealthResult } from '../readiness/readiness';

export interface StateInputs {
  snapshot: Snapshot;
  settings: ServiceSettings;
  setup: AccountSetup;
  syncing: boolean;
  notices: AppState['notices'];
  servedFromCache: boolean;
  notificationHealth?: NotificationHealthResult;
  /** Until when the service asked to wait (Retry-After), while it lasts. */
  serviceWaitUntilMs?: number;
  /** Until when the service itself asked to wait (uncapped), while it lasts. */
  serviceAskedUntilMs?: number;
  /** While it lasts, when the app asks the service next (its own wait, or its backoff, may end before or after). */
  nextTryMs?: number;
}

export interface StateKeeper {
  get(): AppState;
  /** Re-derives now (inputs changed, or the clock jumped); notifies only if the state differs. */
  update(): void;
  subscribe(listener: (state: AppState) => void): () => void;
  stop(): void;
}

/** Timers never wait longer than this, so a wall-clock jump (sleep, clock change) is caught up soon after. */
const MAX_TIMER_MS = 60 * 60_000;

/** What the keeper derives, and when time alone changes it next (null: never). */
export interface Derivation {
  derive(nowMs: number): AppState;
  nextChangeAt(nowMs: number): number | null;
}

/** One service's derivation (tests and single-service callers). */
export function serviceDerivation(inputs: () => StateInputs, localZone: () => string): Derivation {
  return {
    derive: (nowMs) => deriveState({ ...inputs(), nowMs, localZone: localZone() }),
    nextChangeAt: (nowMs) => {
      const { snapshot, settings } = inputs();
      return nextStateChangeAt(snapshot, nowMs, settings);
    },
  };
}

export function createStateKeeper(
  clock: Clock,
  derivation: Derivation,
  onChange: (state: AppState) => void,
  localZone?: () => string,
): StateKeeper {
  const listeners = new Set<(state: AppState) => void>();
  let cancelTimer: (() => void) | undefined;
  let stopped = false;
  /** The zone the state was derived in: its load and "wait until" are worded in it (derive.ts). */
  let zone = localZone?.();
  /** The wall-clock instant the state was derived at: one now earlier means the clock was set back since. */
  let derivedAtMs = clock.now();
  const derive = (): AppState => ((zone = localZone?.()), (derivedAtMs = clock.now()), derivation.derive(derivedAtMs));
  let state = derive();
  /** When the state may next change by time alone: reading it later (a sleep pushed the timer back) derives it again. */
  let validUntilMs = Infinity;
  /** When a pause the state shows ends: the state is the same after it, but every surface must stop showing it
   *  then (the popover's clock is set by each push), so subscribers are told at that instant (issue 49). */
  let shownUntilMs = shownChangeAt(state, derivedAtMs, zone);

  function armTimer(): void {
    cancelTimer?.();
    cancelTimer = undefined;
    if (stopped) return;
    const nowMs = clock.now();
    const at = Math.min(derivation.nextChangeAt(nowMs) ?? Infinity, shownUntilMs);
    validUntilMs = at;
    if (at === Infinity) return;
    cancelTimer = clock.setTimer(Math.min(MAX_TIMER_MS, Math.max(0, at - nowMs)), update);
  }

  function update(): void {
    if (stopped) return;
    const next = derive();
    const pauseEnded = derivedAtMs >= shownUntilMs;
    shownUntilMs = shownChangeAt(next, derivedAtMs, zone);
    armTimer();
    if (stateEquals(next, state) && !pauseEnded) return;
    state = next;
    onChange(state);
    for (const listener of [...listeners]) {
      try {
        listener(state);
      } catch {
        // A failing subscriber must not stop the others or the engine.
      }
    }
  }

  armTimer();
  return {
    // A timer pushed back by a sleep (no resume event) must not leave the state of before the sleep on show, nor
    // one derived before the wall clock was set back (adv47 r21 #1: "fresh" from a read dated ahead of it).
    // Travel: a state derived in another zone (its month's load, nights) is derived again, so no surface reading it
    // speaks two zones (main reads it on every zone change).
    get: () => {
      const nowMs = clock.now();
      if (!stopped && (nowMs >= validUntilMs || nowMs < derivedAtMs || zone !== localZone?.())) update();
      return state;
    },
    update,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    stop() {
      stopped = true;
      cancelTimer?.();
      cancelTimer = undefined;
    },
  };
}

/** When what the state shows changes by time alone though it derives the same: a pause's end, or the midnight its
 *  "Asks you" words name a saved time's day from (Infinity: never). */
function shownChangeAt(state: AppState, nowMs: number, zone: string | undefined): number {
  return Math.min(nextShownChangeAt(state, nowMs) ?? Infinity, asksWordsChangeAt(state, nowMs, zone) ?? Infinity);
}
