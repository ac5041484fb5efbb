// Every escalation request is bounded: a timeout per attempt, and retries with backoff only where repeating it
// can't duplicate what the phone gets (the caller says: ntfy publishes with a sequence id replace, deletes are
// idempotent; a Pushover message is sent once). Errors are worded without the URL (it holds the topic).
import type { Clock } from '../ports';
import { holdUntil, retryAfterUntil, waitingUntil, type RateGate } from './rate-gate';
import type { Outcome } from './types';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}
export interface HttpResponse {
  status: number;
  text: string;
  /** The Retry-After header, when the server sent one (a 429's wait). */
  retryAfter?: string;
  /** Pushover's X-Limit-App-Reset (a Unix time): when its monthly message count resets. */
  limitReset?: string;
}
/** One attempt; rejects on a network error or when `timeoutMs` passes. */
export type HttpSend = (req: HttpRequest, timeoutMs: number) => Promise<HttpResponse>;

export const REQUEST_TIMEOUT_MS = 10_000;
export const BACKOFF_MS = [1_000, 4_000] as const;

export const fetchSend: HttpSend = async (req, timeoutMs) => {
  const res = await fetch(req.url, {
    method: req.method,
    headers: req.headers ?? {},
    ...(req.body === undefined ? {} : { body: req.body }),
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'error',
  });
  const retryAfter = res.headers.get('retry-after');
  const limitReset = res.headers.get('x-limit-app-reset');
  return {
    status: res.status,
    text: await res.text(),
    ...(retryAfter === null ? {} : { retryAfter }),
    ...(limitReset === null ? {} : { limitReset }),
  };
};

const wait = (clock: Clock, ms: number): Promise<void> => new Promise((resolve) => clock.setTimer(ms, resolve));

/** Network failures that happen before the request leaves this computer (no address, no route, refused, a TLS
 *  handshake refused): nothing reached the server. Any other (a timeout, a reset mid-answer) may have landed. */
const NOT_SENT_CODES =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|ERR_TLS_CERT|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/;

/** What went wrong, for a person, without the URL or anything the server echoed of it; and whether the request
 *  may have landed all the same (outcome unknown: never "not sent"). */
export function describe(e: unknown): { error: string; unknown: boolean } {
  const name = e instanceof Error ? e.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return { error: 'no answer in time', unknown: true };
  const cause = e instanceof Error ? e.cause : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  return { error: code ? `could not connect (${code})` : 'could not connect', unknown: !NOT_SENT_CODES.test(code) };
}

/** Whether a request answered with this status may have been acted on. 4xx (429 too): refused before anything is
 *  stored (ntfy answers 400 for a bad delay, 401/403 for auth, 413/429 for limits; Pushover answers 4xx for a bad
 *  request). 503: the server or its proxy turns the request away unread (overload, no upstream up). Any other 5xx
 *  may come after the server acted: a proxy's 504 (or 502) after ntfy stored it, a 500 raised after the message was
 *  cached. */
export const mayHaveLanded = (status: number): boolean => status >= 500 && status !== 503;

export interface CallOptions {
  clock: Clock;
  send: HttpSend;
  /** Repeat on network errors and 5xx/429: only for requests whose repeat can't duplicate an alert. */
  retry: boolean;
  /** Repeating it can't duplicate what the phone gets even if the earlier try landed (a booking or a delete under
   *  one sequence id; not a webhook: its receiver may ignore the Idempotency-Key): then a try whose outcome is unknown is repeated too. Else the
   *  tries stop at the first that may have landed: a blind repeat may ring the phone twice. */
  idempotent?: boolean;
  /** Asked before each try: false (the alarm was acknowledged, the shift handed off, a booking now too close to
   *  its time for ntfy) stops the tries there. */
  stillWanted?: () => boolean;
  /** The server's wait after a 429 with Retry-After (one per provider): no try goes before it ends. */
  gate?: RateGate;
  /** A 429 that is a quota spent, not a rate (Pushover's monthly limit): until when (else undefined). */
  quota?: (res: HttpResponse, nowMs: number) => number | undefined;
}

/** A request not made because the server's Retry-After still runs. */
export const WAITING = 'the server asked to wait (429, too many requests)';
/** A wait read back from phone-waits.json (adv52 r11 #2): no 429 reached this run, so it is not said as one, nor as
 *  the phone service's request (adv52 r16 #3: the file is unsigned, a claim read back, bounded by MAX_RETRY_AFTER_MS). */
export const KEPT_WAITING = 'a wait saved before the restart (read back from the data folder)';
/** Whether an answer is a wait (nothing was sent): not a try. */
export const isWaiting = (error: string): boolean => error === WAITING || error === KEPT_WAITING;

/** A send stopped between tries because it was no longer wanted (not a failure to show). */
export const NOT_WANTED = 'no longer wanted';

const REASON_MAX_CHARS = 120;

/** The server's own reason for a refusal, for a person: Pushover's `{errors:[…]}`, ntfy's `{error:…}`, or a
 *  webhook's body text; one line of printable text, markup dropped, bounded. Empty when it gave none. */
export function reasonOf(text: string): string {
  let reason = text;
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v === 'object' && v !== null) {
      const errors = 'errors' in v && Array.isArray(v.errors) ? v.errors.filter((e) => typeof e === 'string') : [];
      const error = 'error' in v && typeof v.error === 'string' ? [v.error] : [];
      reason = [...errors, ...error].join('; ');
    }
  } catch {
    // Not JSON: the body text itself.
  }
  const line = reason
    .replace(/<[^>]*>/g, ' ')
    .replace(/[^\P{C}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > REASON_MAX_CHARS ? `${line.slice(0, REASON_MAX_CHARS - 1)}…` : line;
}

/** A refusal known to be final: a 4xx other than 408 (a timeout: try again) and 429 (too many: wait), e.g. a bad
 *  token or key, a webhook unauthorised or gone, ntfy's 400 for a request it can't take. */
export const finalRefusal = (status: number): boolean =>
  status >= 400 && status < 500 && status !== 429 && status !== 408;

/** The answer to a 429: its Retry-After kept in the gate (the tries stop there; the next waits until then). */
function tooMany(o: CallOptions, res: HttpResponse): { ok: false; error: string; waitUntilMs: number } | undefined {
  const untilMs = retryAfterUntil(res.retryAfter, o.clock.now());
  if (untilMs === undefined) return undefined;
  if (o.gate) holdUntil(o.gate, untilMs, o.clock);
  return { ok: false, error: 'the server answered 429 (too many requests)', waitUntilMs: untilMs };
}

export async function call(o: CallOptions, req: HttpRequest): Promise<Outcome<HttpResponse>> {
  // Nothing is sent while the server's Retry-After runs: the caller tries again after it.
  const waitUntilMs = waitingUntil(o.gate, o.clock);
  if (waitUntilMs !== undefined) return { ok: false, error: o.gate?.kept ? KEPT_WAITING : WAITING, waitUntilMs };
  const attempts = o.retry ? BACKOFF_MS.length + 1 : 1;
  let last = 'not sent';
  // Once any try may have landed, the whole call's outcome is unknown (a later refusal doesn't undo it).
  let unknown = false;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await wait(o.clock, BACKOFF_MS[i - 1] ?? 0);
    if (o.stillWanted?.() === false) return { ok: false, error: NOT_WANTED, ...(unknown ? { unknown } : {}) };
    let landed: boolean;
    try {
      const res = await o.send(req, REQUEST_TIMEOUT_MS);
      if (res.status >= 200 && res.status < 300) return { ok: true, value: res };
      // A quota spent is refused until it resets (adv50 r37): a retry each minute would be refused the same way.
      const quotaUntilMs = res.status === 429 ? o.quota?.(res, o.clock.now()) : undefined;
      if (quotaUntilMs !== undefined) {
        const error = `the server answered 429: ${reasonOf(res.text) || 'limit reached'}`;
        return { ok: false, error, refused: true, limitedUntilMs: quotaUntilMs, ...(unknown ? { unknown } : {}) };
      }
      const limited = res.status === 429 ? tooMany(o, res) : undefined;
      if (limited) return unknown ? { ...limited, unknown } : limited;
      last = `the server answered ${res.status}`;
      landed = mayHaveLanded(res.status);
      if (finalRefusal(res.status)) {
        // Never repeated, here or later (missed.ts): the same request is refused the same way.
        const why = reasonOf(res.text);
        return { ok: false, error: why ? `${last}: ${why}` : last, refused: true, ...(unknown ? { unknown } : {}) };
      }
      if (res.status < 500 && res.status !== 429) break;
    } catch (e) {
      const d = describe(e);
      last = d.error;
      landed = d.unknown;
    }
    unknown ||= landed;
    if (landed && !o.idempotent) break;
  }
  return { ok: false, error: last, ...(unknown ? { unknown } : {}) };
}
