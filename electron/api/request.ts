// One typed request end to end: API key, headers, retry policy, transport, mapping of the answer.
// This is the only place the API key is touched; it goes into the x-api-key header and nowhere else.
// A requester is bound to one (address, key) pair for its whole life: the key is read once, when it is made, so a
// key replaced later can never be sent to this address by a request (or the next page of a walk) still running.
// close() ends it at once: requests in flight are dropped, retry waits cut short, and nothing is sent after.
import { setMaxListeners } from 'node:events';
import type { z } from 'zod';
import { checkBaseUrl } from './base-url';
import type { ClientOptions } from './client-types';
import { mapOutcome } from './error-mapping';
import { err, type ApiError, type Result } from './errors';
import { createTransport, type HttpMethod, type Transport, type TransportOutcome } from './http';
import { withRetry, type RetryPolicy } from './retry';
import { secretScrubber, type Scrubber } from './scrub';

/** ClientOptions plus knobs for tests and tuning; every extra field is optional. */
export interface CreateClientOptions extends ClientOptions {
  backoffBaseMs?: number; // default 250
  backoffMaxMs?: number; // default 4_000
  /** A Retry-After longer than this is returned to the caller (retryAfterMs) instead of waited for. Default 30 s. */
  maxRetryWaitMs?: number;
  maxBodyBytes?: number; // default 8 MiB
}

export interface ApiCall {
  method: HttpMethod;
  /** Endpoint path as written in the spec, with ids already encoded. */
  path: string;
  query?: URLSearchParams;
  body?: unknown;
}

export interface Requester {
  send<S extends z.ZodType>(call: ApiCall, schema: S): Promise<Result<z.output<S>>>;
  close(): void;
}

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

async function readApiKey(getApiKey: ClientOptions['getApiKey']): Promise<Result<string>> {
  let raw: string | undefined;
  try {
    raw = await getApiKey();
  } catch {
    // The thrown value is not inspected: it might quote the key.
    return err({ kind: 'unauthorized', message: 'The API key could not be read from the keychain.' });
  }
  const key = raw?.trim() ?? '';
  if (key === '') return err({ kind: 'unauthorized', message: 'No API key is set. Add one in Settings.' });
  if (!PRINTABLE_ASCII.test(key)) {
    return err({
      kind: 'unauthorized',
      message: 'The API key contains characters that cannot be sent. Paste it again.',
    });
  }
  return { ok: true, value: key };
}

/** Last line of defence: the final messages, after they were cut for display, are scrubbed once more. */
function scrubKey(error: ApiError, clean: Scrubber): ApiError {
  switch (error.kind) {
    case 'rejected': {
      const problems = error.problems?.map((p) => ({ field: clean(p.field), message: clean(p.message) }));
      const serverMessage = error.serverMessage && clean(error.serverMessage);
      const serverSummary = error.serverSummary === undefined ? {} : { serverSummary: clean(error.serverSummary) };
      return problems
        ? { ...error, message: clean(error.message), serverMessage, ...serverSummary, problems }
        : { ...error, message: clean(error.message), serverMessage, ...serverSummary };
    }
    case 'bad_response':
      return { ...error, message: clean(error.message), path: error.path && clean(error.path) };
    default:
      return { ...error, message: clean(error.message) };
  }
}

function headersFor(key: string, body: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': key, 'user-agent': 'OnCall-Tray' };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return headers;
}

/** A wait whose timer goes when the client is closed, so a closed client leaves nothing running. */
function pause(ms: number, life: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      life.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    life.addEventListener('abort', done, { once: true });
  });
}

/** Listeners on a client's life signal before Node warns: far above the requests one client has in flight. */
const MAX_IN_FLIGHT_LISTENERS = 256;

function policyFrom(options: CreateClientOptions, life: AbortSignal): RetryPolicy {
  return {
    maxTries: options.maxTries ?? 3,
    backoffBaseMs: options.backoffBaseMs ?? 250,
    backoffMaxMs: options.backoffMaxMs ?? 4_000,
    maxRetryWaitMs: options.maxRetryWaitMs ?? 30_000,
    sleep: options.sleep ?? ((ms) => pause(ms, life)),
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
  };
}

function outcomeLabel(outcome: TransportOutcome): number | string {
  return outcome.kind === 'failure' ? outcome.cause : outcome.status;
}

/** Whether an attempt may have reached the service (then a write's outcome is what the service did, not "dropped"). */
function mayHaveArrived(outcome: TransportOutcome): boolean {
  return outcome.kind !== 'failure' || outcome.mayHaveReachedServer;
}

/** What a closed client answers: its address or key changed, so what it was doing no longer applies. */
function dropped(isWrite: boolean): ApiError {
  return isWrite
    ? { kind: 'network', message: 'The service address or API key changed before this was sent, so it was not sent.' }
    : { kind: 'network', message: 'The service address or API key changed, so this request was dropped.' };
}

type BoundKey = Result<{ key: string; clean: Scrubber }>;

export function createRequester(options: CreateClientOptions): Requester {
  const base = checkBaseUrl(options.baseUrl);
  if (!base.ok) {
    // A refused base URL is reported on every call (never thrown), so a bad setting cannot crash the caller.
    const refused = base.error;
    return { send: async () => err(refused), close: () => undefined };
  }
  // Endpoint paths start with "/", so the prefix keeps no trailing slash ("/" alone becomes "").
  const basePath = base.value.pathname.replace(/\/+$/, '');
  const life = new AbortController();
  // Each attempt and each retry wait in flight listens for the client's close, and lets go when it settles (see
  // http.ts); a dozen at once (a sync's schedules beside a refresh and coverage) is normal, not a leak, so Node's
  // "possible memory leak" warning at 11 would only put a false alarm in main's log.
  setMaxListeners(MAX_IN_FLIGHT_LISTENERS, life.signal);
  const policy = policyFrom(options, life.signal);
  const transport: Transport = createTransport(base.value, {
    timeoutMs: options.timeoutMs ?? 10_000,
    maxBodyBytes: options.maxBodyBytes ?? 8 * 1024 * 1024,
    signal: life.signal,
  });
  // Read once, now: this client sends this key and no other (see the top of this file).
  const bound: Promise<BoundKey> = readApiKey(options.getApiKey).then((key) =>
    key.ok ? { ok: true, value: { key: key.value, clean: secretScrubber(key.value) } } : key,
  );

  async function send<S extends z.ZodType>(call: ApiCall, schema: S): Promise<Result<z.output<S>>> {
    const isWrite = call.method !== 'GET';
    if (life.signal.aborted) return err(dropped(isWrite));
    const key = await bound;
    if (!key.ok) return key;
    if (life.signal.aborted) return err(dropped(isWrite));
    const { clean } = key.value;
    const path = basePath + call.path;
    const query = call.query?.toString() ?? '';
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const request = {
      method: call.method,
      path: query === '' ? path : `${path}?${query}`,
      headers: headersFor(key.value.key, body),
      body,
    };
    const outcome = await withRetry(
      async () => {
        const attempt = await transport.send(request);
        options.onRequest?.({ method: call.method, path, outcome: outcomeLabel(attempt) });
        return attempt;
      },
      isWrite,
      policy,
      life.signal,
    );
    // A write that may have arrived keeps its own outcome (possibly unknown): saying "not sent" could make a duplicate.
    if (life.signal.aborted && !(isWrite && mayHaveArrived(outcome))) return err(dropped(isWrite));
    const result = mapOutcome(outcome, isWrite, schema, policy.now(), clean);
    return result.ok ? result : err(scrubKey(result.error, clean));
  }

  return {
    send,
    close: () => {
      life.abort();
      transport.close();
    },
  };
}
