// A write's own wait (issue 47, adv47 r36 #1): the write route alone answered 429, or 503, with a Retry-After (an
// HTTP date hours ahead, or seconds). Before, the form said "Try again later" and a second press sent the write again
// hours before the time the service asked for. Now the wait is held for the key (engine/write-standing.ts): until it
// ends a write through it is answered here, unsent, with the time left of it, which the form says as the tray says a
// wait (actions/form-wait.ts). A wait the service did not name is never held as a time (the key is only passed over).
import type { ApiError } from '../../api/errors';
import type { OncallClient } from '../../api/client-types';
import { RATE_LIMITED_SENTENCE, serverSentence } from '../../api/error-mapping';

/** The longest a write's wait is held: as long as a kept ask of the service is believed (engine/session-waits.ts). A
 *  proxy asking for years would otherwise stop writes until a restart. */
const WRITE_WAIT_MAX_MS = 30 * 24 * 3_600_000;

export interface WriteWait {
  /** The instant the wait ends (the guess for a 429 that named none: `named` false, never said as a time). */
  untilMs: number;
  named: boolean;
  /** What the write met: a 429, or the 5xx (its status) that asked to wait. */
  status: number;
  said?: string;
}

/** The wait a write's answer asks for, if any: a 429 (named or not), or a 5xx that named one. */
export function writeWaitOf(error: ApiError, nowMs: number, unnamedMs: number): WriteWait | undefined {
  if (error.kind === 'rate_limited') {
    const named = error.retryAfterMs !== undefined && error.retryAfterMs > 0;
    const untilMs = nowMs + Math.min(WRITE_WAIT_MAX_MS, named ? (error.retryAfterMs ?? 0) : unnamedMs);
    return { untilMs, named, status: 429, ...(error.serverMessage === undefined ? {} : { said: error.serverMessage }) };
  }
  const asked = error.kind === 'outcome_unknown' || error.kind === 'server' ? error.retryAfterMs : undefined;
  if (asked === undefined || asked <= 0 || !('status' in error) || error.status === undefined) return undefined;
  return { untilMs: nowMs + Math.min(WRITE_WAIT_MAX_MS, asked), named: true, status: error.status };
}

/** The answer to a write sent nothing because its wait runs: the kind it met, with the time left (never a guess). */
export function heldWriteError(wait: WriteWait, nowMs: number): ApiError | undefined {
  if (!wait.named || wait.untilMs <= nowMs) return undefined;
  const retryAfterMs = wait.untilMs - nowMs;
  if (wait.status !== 429)
    return { kind: 'server', status: wait.status, retryAfterMs, message: serverSentence(wait.status) };
  const said = wait.said === undefined ? {} : { serverMessage: wait.said };
  return { kind: 'rate_limited', message: RATE_LIMITED_SENTENCE, retryAfterMs, ...said };
}

/** The answer to a write through this client while its named wait runs, or undefined: send it. */
export function heldWriteOf(waits: WriteWaits, client: OncallClient, nowMs: number): ApiError | undefined {
  const own = waits.get(client);
  return own === undefined ? undefined : heldWriteError(own, nowMs);
}

/** A named write wait as kept entries (`write/<status>` → its end: engine/session-waits.ts); empty when none holds. */
export function keptOfWriteWait(wait: WriteWait | undefined, nowMs: number): Map<string, number> {
  return wait !== undefined && wait.named && wait.untilMs > nowMs
    ? new Map([[`write/${wait.status}`, wait.untilMs]])
    : new Map<string, number>();
}

/** The write wait kept before a restart (its entries already checked by their file), if one still holds. */
export function writeWaitOfKept(entries: ReadonlyMap<string, number>, nowMs: number): WriteWait | undefined {
  for (const [key, untilMs] of entries) {
    const status = Number(/^write\/(\d{3})$/.exec(key)?.[1]);
    if (Number.isInteger(status) && untilMs > nowMs) return { untilMs, named: true, status };
  }
  return undefined;
}

/** The write waits of an account's clients, and the one read back after a restart (held for every client of the
 *  account until a write through it is taken); each held or let go is told to `kept` (session-waits.ts). */
export interface WriteWaits {
  get(client: OncallClient): WriteWait | undefined;
  set(client: OncallClient, wait: WriteWait): void;
  /** A write through the client was taken: its wait is over. */
  taken(client: OncallClient): void;
  restore(wait: WriteWait | undefined): void;
}

export function createWriteWaits(kept: (wait: WriteWait | undefined) => void): WriteWaits {
  const waits = new WeakMap<OncallClient, WriteWait>();
  let restored: WriteWait | undefined;
  return {
    get: (client) => waits.get(client) ?? restored,
    set: (client, wait) => {
      waits.set(client, wait);
      kept(wait);
    },
    taken: (client) => {
      if (!waits.delete(client) && restored === undefined) return;
      restored = undefined;
      kept(undefined);
    },
    restore: (wait) => void (restored = wait),
  };
}
