// One HTTP exchange: route, fault, credentials, handler, and the response (possibly mangled by a fault).
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { SimulatorClock } from './clock';
import { dispatch, readBody } from './dispatch';
import { breakEnvelope, omitFields, type Fault, type FaultControl, type RequestLog } from './faults';
import { matchRoute, type Reply } from './routes';
import type { SimulatorState } from './state';
import type { UnreadableShifts } from './unreadable';

export interface ServeDeps {
  state: SimulatorState;
  faults: FaultControl;
  requests: RequestLog;
  clock: SimulatorClock;
  unreadable: UnreadableShifts;
  delay(ms: number): Promise<void>;
}

/** A write taken but not applied yet (a fault's `applyAfterMs`). */
interface LateWrite {
  atMs: number;
  apply(): void;
}

export function createRequestHandler(deps: ServeDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const late: LateWrite[] = [];
  return (req, res) => {
    serve(deps, req, res, late).catch((cause: unknown) => {
      console.error('simulator: request failed', cause);
      if (!res.headersSent) send(res, 500, JSON.stringify({ message: 'Internal simulator error' }));
    });
  };
}

/** Applies the late writes whose time has come, in the order they arrived. */
function applyDue(late: LateWrite[], nowMs: number): void {
  const due = late.filter((w) => w.atMs <= nowMs);
  for (const w of due) late.splice(late.indexOf(w), 1);
  for (const w of due) w.apply();
}

async function serve(deps: ServeDeps, req: IncomingMessage, res: ServerResponse, late: LateWrite[]): Promise<void> {
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const body = await readBody(req);
  applyDue(late, deps.clock.now());
  const matched = matchRoute(method, url.pathname);
  const record = (status: number | 'reset') =>
    deps.requests.record({ method, route: matched?.route.name ?? null, path: url.pathname, status });
  if (!matched) return record(send(res, 404, JSON.stringify({ message: 'Not found' })));
  const fault = deps.faults.take(matched.route.name, { path: url.pathname, query: url.searchParams });
  if (fault?.latencyMs) await deps.delay(fault.latencyMs);
  const { state, clock } = deps;
  if (fault?.applyAfterMs !== undefined && method !== 'GET') {
    const atMs = clock.now() + fault.applyAfterMs;
    late.push({
      atMs,
      apply: () => void dispatch({ ...matched, req, body, query: url.searchParams, state, nowMs: atMs }),
    });
    if (fault.reset) {
      req.socket.destroy();
      return record('reset');
    }
    return record(sendFault(res, fault, fault.status ?? 504));
  }
  if (fault?.status !== undefined) return record(sendFault(res, fault, fault.status));
  const answer = dispatch({ ...matched, req, body, query: url.searchParams, state, nowMs: clock.now() });
  const reply =
    matched.route.name === 'listShifts' && answer.status === 200
      ? { ...answer, body: deps.unreadable.apply(matched.params[0] ?? '', answer.body) }
      : answer;
  if (fault?.reset) {
    req.socket.destroy();
    return record('reset');
  }
  record(send(res, ...faulty(reply, fault)));
}

function faulty(reply: Reply, fault: Fault | undefined): [number, string] {
  const body = fault?.omit ? omitFields(reply.body, fault.omit) : reply.body;
  if (fault?.badSchema) return [reply.status, JSON.stringify(breakEnvelope(body))];
  const text = JSON.stringify(body);
  if (fault?.malformedJson) return [200, text.slice(0, Math.max(1, Math.floor(text.length / 2)))];
  return [reply.status, text];
}

function sendFault(res: ServerResponse, fault: Fault, status: number): number {
  const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
  if (typeof fault.body === 'string') {
    return send(res, status, fault.body, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
  }
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
