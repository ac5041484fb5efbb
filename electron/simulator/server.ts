// startSimulator: the embedded on-call service on loopback, for tests, benchmarks and the app's demo mode.
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import demoSeed from './demo-seed.json';
import { createClock, type NowOption, type SimulatorClock } from './clock';
import { breakEnvelope, createFaults, createRequestLog, type Fault, type FaultControl, type RequestLog } from './faults';
import { dispatch, readBody } from './dispatch';
import { matchRoute, type Reply } from './routes';
import { loadSeedFile, parseSeed, parseSeedText, type Seed } from './seed';
import { createState, type SimulatorState } from './state';

/** A seed file path, raw seed JSON text, or a seed object in the seed format (times not yet resolved). */
export type SeedInput = string | object;

export interface SimulatorOptions {
  /** Default: the demo seed (electron/simulator/demo-seed.json). */
  seed?: SeedInput;
  /** Default 0: a free port is chosen; `url` carries it. */
  port?: number;
  /** An ISO instant or Date freezes the clock; a function is asked for every request. Default: wall clock. */
  now?: NowOption;
}

export interface RunningSimulator {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  url: string;
  /** The seed's first API key. */
  apiKey: string;
  apiKeys: string[];
  faults: FaultControl;
  requests: RequestLog;
  clock: SimulatorClock;
  state: SimulatorState;
  /** Stops listening and drops kept-alive connections at once. */
  close(): Promise<void>;
}

async function loadSeed(input: SeedInput, nowMs: number): Promise<Seed> {
  const result =
    typeof input !== 'string' ? parseSeed(input, nowMs)
    : input.trimStart().startsWith('{') ? parseSeedText(input, nowMs)
    : await loadSeedFile(input, nowMs);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Rejects with a message naming the seed's problems (with JSON paths) when the seed is invalid. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const maybeClock = createClock(options.now);
  if (!maybeClock) throw new Error('now must be an ISO 8601 instant');
  const clock = maybeClock;
  // Whole seconds keep resolved seed times free of milliseconds on the wire.
  const loadedAtMs = Math.floor(clock.now() / 1000) * 1000;
  const seed = await loadSeed(options.seed ?? demoSeed, loadedAtMs);
  const state = createState(seed, loadedAtMs);
  const faults = createFaults();
  const requests = createRequestLog();
  const timers = new Set<NodeJS.Timeout>();
  const delay = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(() => (timers.delete(timer), resolve()), ms);
    timers.add(timer);
  });

  const server = createServer((req, res) => {
    serve(req, res).catch((cause: unknown) => {
      console.error('simulator: request failed', cause);
      if (!res.headersSent) send(res, 500, JSON.stringify({ message: 'Internal simulator error' }));
    });
  });
  server.keepAliveTimeout = 5_000;

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    const matched = matchRoute(method, url.pathname);
    const record = (status: number | 'reset') =>
      requests.record({ method, route: matched?.route.name ?? null, path: url.pathname, status });
    if (!matched) return record(send(res, 404, JSON.stringify({ message: 'Not found' })));
    const fault = faults.take(matched.route.name);
    if (fault?.latencyMs) await delay(fault.latencyMs);
    if (fault?.status !== undefined) return record(sendFault(res, fault, fault.status));
    const reply = dispatch({ ...matched, req, body, query: url.searchParams, state, nowMs: clock.now() });
    if (fault?.reset) {
      req.socket.destroy();
      return record('reset');
    }
    record(send(res, ...faulty(reply, fault)));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  const apiKeys = seed.api_keys.map((k) => k.key);
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: apiKeys[0] ?? '',
    apiKeys,
    faults,
    requests,
    clock,
    state,
    close: () => new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

function faulty(reply: Reply, fault: Fault | undefined): [number, string] {
  if (fault?.badSchema) return [reply.status, JSON.stringify(breakEnvelope(reply.body))];
  const text = JSON.stringify(reply.body);
  if (fault?.malformedJson) return [200, text.slice(0, Math.max(1, Math.floor(text.length / 2)))];
  return [reply.status, text];
}

function sendFault(res: ServerResponse, fault: Fault, status: number): number {
  const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
  if (typeof fault.body === 'string') return send(res, status, fault.body, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
  const body = fault.body ?? { message: STATUS_CODES[status] ?? `Status ${status}` };
  return send(res, status, JSON.stringify(body), headers);
}

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): number {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
  return status;
}
