// A server's "429 Too Many Requests" with `Retry-After` (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) is obeyed:
// no request goes to that server before then (ntfy and Pushover limit per client, so every request waits: bookings,
// cancels, sends, polls). Bounded: a wait beyond MAX_RETRY_AFTER_MS (or a date in the past, or junk) is capped, so a
// broken header can't hold the phone off for days. Before, Retry-After was not read: the next try came 1 s later.
import type { Clock } from '../ports';

/** The longest wait a Retry-After can impose. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** When the next request may go, from a Retry-After value at `nowMs`; undefined when absent or unreadable. */
export function retryAfterUntil(value: string | undefined, nowMs: number): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  let atMs: number;
  if (/^\d{1,10}$/.test(v)) atMs = nowMs + Number(v) * 1000;
  else if (/^[A-Za-z]{3}, \d\d [A-Za-z]{3} \d{4} \d\d:\d\d:\d\d GMT$/.test(v)) atMs = Date.parse(v);
  else return undefined;
  if (!Number.isFinite(atMs)) return undefined;
  return Math.min(Math.max(atMs, nowMs), nowMs + MAX_RETRY_AFTER_MS);
}

/** One server's wait: shared by every request of one provider. */
export interface RateGate {
  /** No request before this instant (undefined: none asked). */
  untilMs: number | undefined;
  /** The wait was read back from phone-waits.json: this run never received that 429 (worded so, never as the
   *  server's answer). */
  readonly kept?: boolean;
}

export const rateGate = (): RateGate => ({ untilMs: undefined });

/** The instant requests wait for, while it is ahead. */
export function waitingUntil(gate: RateGate | undefined, clock: Clock): number | undefined {
  const until = gate?.untilMs;
  return until !== undefined && until > clock.now() ? until : undefined;
}
