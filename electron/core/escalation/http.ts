// Every escalation request is bounded: a timeout per attempt, and retries with backoff only where repeating it
// can't duplicate what the phone gets (the caller says: ntfy publishes with a sequence id replace, deletes are
// idempotent; a Pushover message is sent once). Errors are worded without the URL (it holds the topic).
import type { Clock } from '../ports';
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
  return { status: res.status, text: await res.text() };
};

const wait = (clock: Clock, ms: number): Promise<void> => new Promise((resolve) => clock.setTimer(ms, resolve));

/** What went wrong, for a person, without the URL or anything the server echoed of it. */
function describe(e: unknown): string {
  const name = e instanceof Error ? e.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return 'no answer in time';
  const cause = e instanceof Error ? e.cause : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  return code ? `could not connect (${code})` : 'could not connect';
}

export interface CallOptions {
  clock: Clock;
  send: HttpSend;
  /** Repeat on network errors and 5xx/429: only for requests whose repeat can't duplicate an alert. */
  retry: boolean;
  /** Asked before each repeat: false (the alarm was acknowledged, the shift handed off) stops the tries there. */
  stillWanted?: () => boolean;
}

/** A send stopped between tries because it was no longer wanted (not a failure to show). */
export const NOT_WANTED = 'no longer wanted';

export async function call(o: CallOptions, req: HttpRequest): Promise<Outcome<HttpResponse>> {
  const attempts = o.retry ? BACKOFF_MS.length + 1 : 1;
  let last = 'not sent';
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await wait(o.clock, BACKOFF_MS[i - 1] ?? 0);
    if (i > 0 && o.stillWanted?.() === false) return { ok: false, error: NOT_WANTED };
    try {
      const res = await o.send(req, REQUEST_TIMEOUT_MS);
      if (res.status >= 200 && res.status < 300) return { ok: true, value: res };
      last = `the server answered ${res.status}`;
      if (res.status < 500 && res.status !== 429) break;
    } catch (e) {
      last = describe(e);
    }
  }
  return { ok: false, error: last };
}
