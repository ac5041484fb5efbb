// A loopback server whose answers may wait on the test (a "gate"), for races: which request reached which host with
// which key, and whether a request still in flight was dropped by the client before it was answered. Several
// servers can share one event log, so the order of events across hosts can be read.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Step } from './script-server';

export interface WireEvent {
  /** Position in the shared log: the order events happened in, across every server writing to it. */
  seq: number;
  server: string;
  /** 'aborted': the client closed the request before it was answered. */
  kind: 'request' | 'answered' | 'aborted';
  method: string;
  path: string;
  query: URLSearchParams;
  apiKey: string | undefined;
}

export type GateResponder = (request: WireEvent) => Step | Promise<Step>;

export interface GateServer {
  name: string;
  url: string;
  host: string;
  /** This server's own events. */
  events(): WireEvent[];
  respond(responder: GateResponder): void;
  close(): Promise<void>;
}

export interface Gate {
  /** Resolves when the test opens the gate. */
  wait: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open = (): void => undefined;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

function write(res: http.ServerResponse, step: Step): void {
  if ('reset' in step) return void res.socket?.destroy();
  if ('hang' in step) return;
  const headers: Record<string, string> = { ...step.headers };
  const body = step.json !== undefined ? JSON.stringify(step.json) : (step.text ?? '');
  headers['content-type'] ??= step.json !== undefined ? 'application/json' : 'text/plain';
  res.writeHead(step.status, headers);
  res.end(body);
}

export async function startGateServer(name: string, log: WireEvent[]): Promise<GateServer> {
  let responder: GateResponder = () => ({ status: 404, json: { message: 'no responder' } });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://gate.invalid');
    const header = req.headers['x-api-key'];
    const base = {
      server: name,
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      apiKey: Array.isArray(header) ? header[0] : header,
    };
    const record = (kind: WireEvent['kind']): WireEvent => {
      const event = { ...base, kind, seq: log.length + 1 };
      log.push(event);
      return event;
    };
    // Finished (answered) or not: a close before the answer was written is the client dropping the request.
    res.on('close', () => record(res.writableFinished ? 'answered' : 'aborted'));
    req.resume();
    req.on('end', () => {
      void Promise.resolve(responder(record('request'))).then((step) => {
        if (!res.destroyed) write(res, step);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('gate server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    name,
    url,
    host: new URL(url).host,
    events: () => log.filter((e) => e.server === name),
    respond: (next) => void (responder = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Resolves with the first event that matches, waiting up to `withinMs` of real time (undefined if none came). */
export async function firstEvent(
  log: WireEvent[],
  match: (e: WireEvent) => boolean,
  withinMs = 2_000,
): Promise<WireEvent | undefined> {
  const giveUpAt = Date.now() + withinMs;
  for (;;) {
    const found = log.find(match);
    if (found || Date.now() > giveUpAt) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
