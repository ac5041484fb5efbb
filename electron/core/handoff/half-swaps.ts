// The swaps main knows landed on one side only, kept after their window closes so the glance says so until they
// are settled (a Retry or Hand back landed, or a check found the other side in place). Each swap:create and
// swap:settle answer replaces what was kept of that swap. Kept in memory: after a restart the form is gone too, and
// the service's schedule (My shifts) shows what holds.
import { refParts } from '../../shared/accounts';
import type { SwapResult } from '../../shared/handoff';
import { isHalfDone, type HalfSwap } from '../../shared/half-swap-text';
import type { AppState } from '../../shared/view-state';

export interface HalfSwaps {
  /** What main answered for a swap (the request's sides name it). */
  note(result: SwapResult, name: string): void;
  /** The state with the swaps still half done that are not over (both blocks ended: nothing left to fix). */
  decorate(state: AppState, nowMs: number): AppState;
}

const keyOf = (r: Pick<SwapResult, 'mine' | 'theirs'>): string =>
  [r.mine.scheduleId, r.mine.start, r.mine.end, r.theirs.scheduleId, r.theirs.start, r.theirs.end].join('|');

export function createHalfSwaps(changed: () => void): HalfSwaps {
  const kept = new Map<string, HalfSwap>();
  return {
    note(result, name) {
      const key = keyOf(result);
      const had = kept.has(key);
      const accountId = refParts(result.mine.scheduleId).accountId;
      if (isHalfDone(result)) kept.set(key, { accountId, name, result });
      else kept.delete(key);
      if (had || kept.has(key)) changed();
    },
    decorate(state, nowMs) {
      const open = [...kept.values()].filter(
        (h) => Date.parse(h.result.mine.end) > nowMs || Date.parse(h.result.theirs.end) > nowMs,
      );
      return open.length === 0 ? state : { ...state, halfSwaps: open };
    },
  };
}
