// What the sync loop was asked for between two passes (loop.ts), merged into one follow-up: several Refresh clicks, a
// write's re-read and a resume during one pass make one more pass, not three, and everyone who asked is answered by
// it. Kept apart from the timer chain so that "who is still waiting, and for what" has one owner.
import type { RefreshAnswer, RefreshRequest } from './types';

/** Everything asked for since the last pass began, and who waits for its answer. */
export interface RefreshAsk {
  all: boolean;
  ids: Set<string>;
  reread: boolean;
  waiters: Array<(answer: RefreshAnswer) => void>;
}

export interface RefreshQueue {
  /** Whether something was asked for and no pass has taken it yet. */
  pending(): boolean;
  /** Merges a request in; answered at once with 'held' when `heldUntilMs` is given (the request stays queued). */
  add(
    request: RefreshRequest,
    heldUntilMs: number | undefined,
    serviceAsk?: { askedUntilMs?: number },
  ): Promise<RefreshAnswer>;
  /** Hands what was asked for to the pass about to start; the queue is empty again. */
  take(): RefreshAsk | undefined;
  /** Answers whoever waits now, keeping the ask queued (a wait the service asked for: the pass follows later). */
  answerWaiting(answer: RefreshAnswer): void;
  /** Forgets the ask and answers its waiters 'done' (the loop stopped or can't sync). */
  drop(): void;
}

export const DONE: RefreshAnswer = { kind: 'done' };

/** Whether the ask names this schedule (or all of them). */
export function asksFor(ask: RefreshAsk | undefined, id: string): boolean {
  return ask !== undefined && (ask.all || ask.ids.has(id));
}

export function answerAll(ask: RefreshAsk | undefined, answer: RefreshAnswer): void {
  for (const resolve of ask?.waiters ?? []) resolve(answer);
}

export function createRefreshQueue(): RefreshQueue {
  let asked: RefreshAsk | undefined;
  return {
    pending: () => asked !== undefined,
    add(request, heldUntilMs, serviceAsk = {}) {
      return new Promise<RefreshAnswer>((resolve) => {
        const next: RefreshAsk = asked ?? { all: false, ids: new Set(), reread: false, waiters: [] };
        if (request.scheduleIds === undefined) next.all = true;
        else for (const id of request.scheduleIds) next.ids.add(id);
        next.reread ||= request.rereadShifts === true;
        if (heldUntilMs === undefined) next.waiters.push(resolve);
        else resolve({ kind: 'held', untilMs: heldUntilMs, ...serviceAsk });
        asked = next;
      });
    },
    take() {
      const taken = asked;
      asked = undefined;
      return taken;
    },
    answerWaiting(answer) {
      const waiters = asked?.waiters.splice(0) ?? [];
      for (const resolve of waiters) resolve(answer);
    },
    drop() {
      const dropped = asked;
      asked = undefined;
      answerAll(dropped, DONE);
    },
  };
}
