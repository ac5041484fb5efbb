// A phone alert that could not go out at T+N (the server down, the network refused) is sent again while its alarm
// waits for an acknowledgement and the shift is still mine (a target): bounded tries with backoff, within the
// answer window. Before, "sent" was recorded before the request and never undone: the phone never rang, and once
// any later request went through readiness read "Ready ✓" again. Only a failure that can't have reached the phone
// is tried again where a repeat would duplicate it (Pushover sends each request: no answer in time may have landed).
import type { PhoneProvider } from './types';

export interface Missed {
  tries: number;
  /** When it is tried again (Infinity: given up; still said until its alarm is settled). */
  nextMs: number;
  error: string;
}

/** Tries in all, and the waits between them (the last repeated). */
export const MISSED_TRIES = 8;
const BACKOFF_MS = [30_000, 60_000, 2 * 60_000, 4 * 60_000, 8 * 60_000, 10 * 60_000] as const;

export const retryable = (provider: PhoneProvider, error: string): boolean =>
  provider.kind !== 'pushover' || !error.startsWith('no answer in time');

/** The next state after a failed try (`tries` so far, this one included). */
export function missedAfter(tries: number, nowMs: number, error: string, again: boolean): Missed {
  const waitMs = BACKOFF_MS[Math.min(tries - 1, BACKOFF_MS.length - 1)] ?? 0;
  return { tries, nextMs: again && tries < MISSED_TRIES ? nowMs + waitMs : Infinity, error };
}

/** Readiness wording of the first alert still missing on the phone. */
export function missedProblem(missed: ReadonlyMap<string, Missed>): string | undefined {
  const m = [...missed.values()][0];
  if (!m) return undefined;
  const next = Number.isFinite(m.nextMs) ? 'trying again' : 'gave up; acknowledge on this computer';
  return `the phone alert for your shift start was not sent (${m.error}); ${next}`;
}
