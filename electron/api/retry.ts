// Retry policy. Reads are retried on network errors, timeouts, 429 and 5xx with exponential backoff and full
// jitter (or the server's Retry-After). Writes are only re-sent when the attempt provably never reached the
// server (no connection was made); otherwise the caller gets the outcome as it is.
import type { TransportOutcome } from './http';
import { parseRetryAfterMs } from '../shared/retry-after';

export { parseRetryAfterMs };

export interface RetryPolicy {
  maxTries: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A Retry-After (or backoff) longer than this is not waited for; the error goes back to the caller. */
  maxRetryWaitMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
}

/** Full jitter: a uniform wait in [0, min(cap, base·2^(attempt-1))). */
export function fullJitterMs(
  attempt: number,
  policy: Pick<RetryPolicy, 'backoffBaseMs' | 'backoffMaxMs' | 'random'>,
): number {
  const ceiling = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** (attempt - 1));
  return Math.floor(policy.random() * ceiling);
}

function isRetryable(outcome: TransportOutcome, isWrite: boolean): boolean {
  if (outcome.kind === 'failure') return isWrite ? !outcome.mayHaveReachedServer : true;
  if (outcome.kind === 'too_large' || isWrite) return false;
  return outcome.status === 429 || outcome.status >= 500;
}

function waitBeforeRetryMs(outcome: TransportOutcome, attempt: number, policy: RetryPolicy): number {
  if (outcome.kind === 'response') {
    const retryAfterMs = parseRetryAfterMs(outcome.headers['retry-after'], policy.now());
    if (retryAfterMs !== undefined) return retryAfterMs;
  }
  return fullJitterMs(attempt, policy);
}

/** Resolves when `wait` does or `signal` aborts, whichever comes first (an injected sleep knows nothing of the signal). */
function untilAborted(wait: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return wait;
  return new Promise<void>((resolve) => {
    const done = (): void => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    if (signal.aborted) done();
    void wait.then(done, done);
  });
}

/**
 * Runs `attempt` until it gives a final outcome or the policy says stop; returns the last outcome. Once `signal`
 * aborts (the client was closed: its address or key changed) a wait is cut short and no further attempt is made.
 */
export async function withRetry(
  attempt: () => Promise<TransportOutcome>,
  isWrite: boolean,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<TransportOutcome> {
  const maxTries = Math.max(1, Math.floor(policy.maxTries));
  for (let tryNumber = 1; ; tryNumber++) {
    const outcome = await attempt();
    if (tryNumber >= maxTries || !isRetryable(outcome, isWrite) || signal?.aborted) return outcome;
    const waitMs = waitBeforeRetryMs(outcome, tryNumber, policy);
    if (waitMs > policy.maxRetryWaitMs) return outcome;
    await untilAborted(policy.sleep(waitMs), signal);
    if (signal?.aborted) return outcome;
  }
}
