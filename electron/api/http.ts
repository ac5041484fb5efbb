// Transport: one keep-alive agent per client (= per base URL and key), one attempt per call, never throws.
// It also records whether the request may have reached the server, which decides if a write can be re-sent.
// Once the client's `signal` aborts, the attempts in flight are dropped and nothing more is sent.
import http from 'node:http';
import https from 'node:https';
import type { NetworkReach } from './errors';
import { reachOf } from './network-reach';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';

export interface TransportRequest {
  method: HttpMethod;
  /** Absolute path on the server, with query string. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export type TransportOutcome =
  | { kind: 'response'; status: number; headers: http.IncomingHttpHeaders; body: string }
  | { kind: 'too_large'; status: number }
  /** `mayHaveReachedServer` is false only when no connection was ever established for this attempt. */
  | { kind: 'failure'; cause: 'network' | 'timeout'; mayHaveReachedServer: boolean; reach?: NetworkReach };

export interface Transport {
  send(request: TransportRequest): Promise<TransportOutcome>;
  close(): void;
}

export interface TransportOptions {
  timeoutMs: number;
  maxBodyBytes: number;
  /** The client's life: aborted when it is closed. */
  signal?: AbortSignal;
}

const MAX_SOCKETS = 8;

export function createTransport(base: URL, options: TransportOptions): Transport {
  const secure = base.protocol === 'https:';
  // keepAlive reuses sockets; Node also honours the server's `Keep-Alive: timeout=N` hint, which avoids
  // sending on a socket the server is about to close (a reset there would make a write's outcome unknown).
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS })
    : new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const target = {
    protocol: base.protocol,
    hostname: base.hostname.replace(/^\[|\]$/g, ''),
    port: base.port === '' ? undefined : Number(base.port),
    agent,
  };
  return {
    send: (request) => sendOnce(secure ? https.request : http.request, target, request, options),
    close: () => agent.destroy(),
  };
}

type RequestFn = typeof http.request;

/**
 * One attempt's signal: aborted by its own timeout or by the client's life, and released (timer cleared, listener
 * removed) once the attempt is settled. Not `AbortSignal.any([timeout, life])`: on Node 20 each call leaves a
 * WeakRef and its bookkeeping on the long-lived life signal for good, about 200 bytes per request, which was most
 * of main's heap growth over a simulated month.
 */
function attemptSignal(options: TransportOptions): {
  signal: AbortSignal;
  timedOut: () => boolean;
  release: () => void;
} {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  // Like AbortSignal.timeout's own timer: a pending attempt does not keep the process alive.
  timer.unref();
  const life = options.signal;
  const onLifeEnd = (): void => controller.abort();
  life?.addEventListener('abort', onLifeEnd, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    release: () => {
      clearTimeout(timer);
      life?.removeEventListener('abort', onLifeEnd);
    },
  };
}
type Target = { protocol: string; hostname: string; port: number | undefined; agent: http.Agent };

function sendOnce(
  requestFn: RequestFn,
  target: Target,
  request: TransportRequest,
  options: TransportOptions,
): Promise<TransportOutcome> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ kind: 'failure', cause: 'network', mayHaveReachedServer: false });
      return;
    }
    const attempt = attemptSignal(options);
    const { signal } = attempt;
    let reached = false;
    let settled = false;
    const finish = (outcome: TransportOutcome): void => {
      if (settled) return;
      settled = true;
      attempt.release();
      resolve(outcome);
    };
    const fail = (error?: unknown): void => {
      if (attempt.timedOut()) return finish({ kind: 'failure', cause: 'timeout', mayHaveReachedServer: reached });
      const reach = reachOf(error);
      finish({ kind: 'failure', cause: 'network', mayHaveReachedServer: reached, ...(reach ? { reach } : {}) });
    };

    let req: http.ClientRequest;
    try {
      req = requestFn({ ...target, method: request.method, path: request.path, headers: request.headers, signal });
    } catch {
      // Synchronous throws (e.g. a header Node refuses) happen before anything is sent. Their text is
      // dropped on purpose: it could quote a header value.
      finish({ kind: 'failure', cause: 'network', mayHaveReachedServer: false });
      return;
    }
    req.on('socket', (socket) => {
      if (!socket.connecting) reached = true;
      else socket.once('connect', () => (reached = true));
    });
    req.on('error', fail);
    req.on('response', (res) => readBody(req, res, options.maxBodyBytes, finish, fail));
    req.end(request.body);
  });
}

function readBody(
  req: http.ClientRequest,
  res: http.IncomingMessage,
  maxBodyBytes: number,
  finish: (outcome: TransportOutcome) => void,
  fail: () => void,
): void {
  const status = res.statusCode ?? 0;
  const chunks: Buffer[] = [];
  let size = 0;
  res.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBodyBytes) {
      finish({ kind: 'too_large', status });
      req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  res.on('end', () =>
    finish({ kind: 'response', status, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
  );
  res.on('error', fail);
  res.on('close', () => {
    if (!res.complete) fail();
  });
}
