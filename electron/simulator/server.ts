// startSimulator: the embedded on-call service on loopback, for tests, benchmarks and the app's demo mode.
import { createServer, type Server } from 'node:http';
import demoSeed from './demo-seed.json';
import { createClock, type NowOption, type SimulatorClock } from './clock';
import { createFaults, createRequestLog, type FaultControl, type RequestLog } from './faults';
import { loadSeedFile, parseSeed, parseSeedText, type Seed } from './seed';
import { createRequestHandler } from './serve';
import { createState, type SimulatorState } from './state';
import { createUnreadable, type UnreadableShifts } from './unreadable';

/** A seed file path, raw seed JSON text, or a seed object in the seed format (times not yet resolved). */
export type SeedInput = string | object;

export interface SimulatorOptions {
  /** Default: the demo seed (electron/simulator/demo-seed.json). */
  seed?: SeedInput;
  /** Default 0: a free port is chosen; `url` carries it. */
  port?: number;
  /** An ISO instant or Date freezes the clock; a function is asked on every request. Default: wall clock. */
  now?: NowOption;
  /** Default true. false: overrides never move `current_revision`, as a service may do (for tests). */
  revisionMoves?: boolean;
}

export interface RunningSimulator {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  url: string;
  /** The seed's first API key. */
  apiKey: string;
  apiKeys: string[];
  faults: FaultControl;
  requests: RequestLog;
  /** Shifts sent unreadable (a required field missing), per schedule and span: holes for the app. */
  unreadable: UnreadableShifts;
  clock: SimulatorClock;
  state: SimulatorState;
  /** Stops listening and drops kept-alive connections at once. */
  close(): Promise<void>;
}

async function loadSeed(input: SeedInput, nowMs: number): Promise<Seed> {
  const result =
    typeof input !== 'string'
      ? parseSeed(input, nowMs)
      : input.trimStart().startsWith('{')
        ? parseSeedText(input, nowMs)
        : await loadSeedFile(input, nowMs);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

/** Rejects with a message naming the seed's problems (with JSON paths) when the seed is invalid. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const clock = createClock(options.now);
  if (!clock) throw new Error('now must be an ISO 8601 instant');
  // Whole seconds keep resolved seed times free of milliseconds on the wire.
  const loadedAtMs = Math.floor(clock.now() / 1000) * 1000;
  const seed = await loadSeed(options.seed ?? demoSeed, loadedAtMs);
  const state = createState(seed, loadedAtMs, { revisionMoves: options.revisionMoves ?? true });
  const faults = createFaults();
  const requests = createRequestLog();
  const unreadable = createUnreadable();
  const timers = new Set<NodeJS.Timeout>();
  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => (timers.delete(timer), resolve()), ms);
      timers.add(timer);
    });
  const server = createServer(createRequestHandler({ state, faults, requests, clock, unreadable, delay }));
  server.keepAliveTimeout = 5_000;
  const port = await listen(server, options.port ?? 0);
  const apiKeys = seed.api_keys.map((k) => k.key);
  const close = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: apiKeys[0] ?? '',
    apiKeys,
    faults,
    requests,
    unreadable,
    clock,
    state,
    close,
  };
}
