// A server's "429 Too Many Requests" with `Retry-After` (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) is obeyed:
// no request goes to that server before then (ntfy and Pushover limit per client, so every request waits: bookings,
// cancels, sends, polls). Bounded: a wait beyond MAX_RETRY_AFTER_MS (or a date in the past, or junk) is capped, so a
// broken header can't hold the phone off for days. Before, Retry-After was not read: the next try came 1 s later.
import { parseRetryAfterMs } from '../../shared/retry-after';
import type { Clock } from '../ports';
import type { ProbeLedger } from './probe-ledger';

/** The longest wait a Retry-After can impose. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** When the next request may go, from a Retry-After value at `nowMs`; undefined when absent or unreadable. */
export function retryAfterUntil(value: string | undefined, nowMs: number): number | undefined {
  const waitMs = parseRetryAfterMs(value, nowMs);
  return waitMs === undefined ? undefined : nowMs + Math.min(waitMs, MAX_RETRY_AFTER_MS);
}

/** One server's wait: shared by every request of one provider. */
export interface RateGate {
  /** No request before this instant (undefined: none asked). */
  untilMs: number | undefined;
  /** When the server asked for it, on this run's wall clock (undefined: read back from the file, or none). */
  askedAtMs?: number | undefined;
  /** The wait was read back from phone-waits.json: this run never received that 429 (worded so, never as the
   *  server's answer). */
  readonly kept?: boolean;
  /** What the app published to this server (ntfy: probe-ledger.ts), kept with its wait (none: the provider's own). */
  readonly ledger?: ProbeLedger;
}

export const rateGate = (): RateGate => ({ untilMs: undefined });

/** Keeps a 429's wait: `untilMs` from retryAfterUntil at `nowMs` (a longer one already trusted is kept). */
export function holdUntil(gate: RateGate, untilMs: number, clock: Clock): void {
  const nowMs = clock.now();
  const held = Math.max(waitingUntil(gate, clock) ?? nowMs, untilMs);
  gate.askedAtMs = nowMs;
  gate.untilMs = held;
}

/**
 * The instant requests wait for, while it is ahead. A wait is a duration the server asked for from when it asked
 * (adv52 r25 #1), checked against the clock at every use, not only when phone-waits.json is read at start: one asked
 * at an instant after now (the clock was set back) or ending more than MAX_RETRY_AFTER_MS ahead (the clock was ahead
 * when it was asked or saved) is not trusted. It is re-anchored to now + the duration asked (bounded), or dropped
 * when that duration is not known (read back from the file), so the phone is never held off, nor a wait worded,
 * past what a server can ask.
 */
export function waitingUntil(gate: RateGate | undefined, clock: Clock): number | undefined {
  if (gate?.untilMs === undefined) return undefined;
  const nowMs = clock.now();
  const { untilMs, askedAtMs } = gate;
  if ((askedAtMs !== undefined && askedAtMs > nowMs) || untilMs > nowMs + MAX_RETRY_AFTER_MS) {
    const askedMs =
      askedAtMs === undefined ? undefined : Math.min(Math.max(untilMs - askedAtMs, 0), MAX_RETRY_AFTER_MS);
    gate.askedAtMs = askedMs === undefined ? undefined : nowMs;
    gate.untilMs = askedMs === undefined ? undefined : nowMs + askedMs;
  }
  const until = gate.untilMs;
  return until !== undefined && until > nowMs ? until : undefined;
}

/**
 * Whether a next try the app set at `setAtMs` for `nextMs` still waits at `nowMs` (Infinity: given up, always).
 * One set "in the future" (the wall clock was set back since) or further ahead than any wait the app sets
 * (MAX_RETRY_AFTER_MS) no longer holds: the try is due now (adv52 r25). A wait the server asked for is still kept by
 * its gate (waitingUntil), so nothing goes to the server early.
 */
export function stillWaits(nextMs: number, nowMs: number, setAtMs: number | undefined): boolean {
  if (nextMs <= nowMs) return false;
  if (nextMs === Infinity) return true;
  return (setAtMs === undefined || setAtMs <= nowMs) && nextMs - nowMs <= MAX_RETRY_AFTER_MS;
}
