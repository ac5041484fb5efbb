// The calendar subscription feed: plain Node http on 127.0.0.1 only, answering exactly one path, which holds an
// unguessable token. Everything else is 404 (a wrong token looks like any other unknown path) and other methods on
// the feed path are 405, so nothing about the app, the key or the schedules is reachable without the token.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export const FEED_HOST = '127.0.0.1';
/** Calendar apps poll every hour or so; a short max-age keeps an edit visible soon, the ETag keeps it cheap. */
export const CACHE_CONTROL = 'private, max-age=300, must-revalidate';

export type FeedStartError = { kind: 'port_in_use' | 'not_permitted' | 'failed'; message: string };
export type FeedStart = { ok: true; feed: RunningFeed } | { ok: false; error: FeedStartError };

export interface RunningFeed {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Bounds on what a client can hold open. Node checks the two timeouts only every `checkIntervalMs` (its default,
 * 30 s, let a connection that never finished its headers live six times its limit), so a connection that sends
 * no complete request is closed between headersTimeoutMs and headersTimeoutMs + checkIntervalMs after it opened.
 */
export interface FeedLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  checkIntervalMs: number;
  /** Connections beyond this many are closed as they arrive (calendar apps use one or two). */
  maxConnections: number;
}

export const FEED_LIMITS: FeedLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  checkIntervalMs: 1_000,
  maxConnections: 64,
};

export interface FeedServerOptions {
  port: number;
  token: string;
  /** The calendar text, built fresh for each request from the engine's cached data. */
  render: () => Promise<string>;
  /** FEED_LIMITS unless a test needs shorter ones. */
  limits?: Partial<FeedLimits>;
}

export function feedPath(token: string): string {
  return `/${token}/on-call.ics`;
}

function samePath(actual: string, expected: string): boolean {
  const a = Buffer.from(actual);
  const b = Buffer.from(expected);
  // Constant time over the token, so response timing doesn't reveal how much of a guess was right.
  return a.length === b.length && timingSafeEqual(a, b);
}

const etagOf = (body: string): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** If-None-Match matches: `*`, or one of its (possibly weak) tags equals ours. */
function notModified(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...extra });
  res.end(`${text}\n`);
}

async function answerFeed(req: IncomingMessage, res: ServerResponse, render: () => Promise<string>): Promise<void> {
  let body: string;
  try {
    body = await render();
  } catch {
    return plain(res, 503, 'Calendar unavailable');
  }
  const etag = etagOf(body);
  const headers = { ETag: etag, 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' };
  if (notModified(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    return void res.end();
  }
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function handler(options: FeedServerOptions, portOf: () => number) {
  const expected = feedPath(options.token);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    // A page in a browser could reach loopback under another host name (DNS rebinding): only our own names pass.
    const hosts = [`${FEED_HOST}:${portOf()}`, `localhost:${portOf()}`];
    if (!samePath(path, expected) || !hosts.includes(req.headers.host ?? '')) return plain(res, 404, 'Not found');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return plain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    void answerFeed(req, res, options.render);
  };
}

function startError(cause: unknown, port: number): FeedStartError {
  const code = cause instanceof Error && 'code' in cause ? cause.code : undefined;
  if (code === 'EADDRINUSE')
    return { kind: 'port_in_use', message: `Port ${port} is already in use on this computer.` };
  if (code === 'EACCES') return { kind: 'not_permitted', message: `Port ${port} may not be used by the app.` };
  return { kind: 'failed', message: `The feed could not listen on port ${port}.` };
}

/** Listens on 127.0.0.1:`port` (0 picks a free one, for tests). */
export function startFeedServer(options: FeedServerOptions): Promise<FeedStart> {
  let port = options.port;
  const limits = { ...FEED_LIMITS, ...options.limits };
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    handler(options, () => port),
  );
  server.maxConnections = limits.maxConnections;
  return new Promise((resolve) => {
    server.once('error', (cause) => resolve({ ok: false, error: startError(cause, options.port) }));
    server.listen({ host: FEED_HOST, port: options.port }, () => {
      const address = server.address();
      port = typeof address === 'object' && address !== null ? address.port : options.port;
      const close = (): Promise<void> =>
        new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      resolve({ ok: true, feed: { url: `http://${FEED_HOST}:${port}${feedPath(options.token)}`, port, close } });
    });
  });
}
