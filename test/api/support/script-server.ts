// Test-only programmable HTTP server on loopback: records every request and answers from a script.
// Deliberately independent of the simulator so client tests pin the client's own behaviour.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Raw request target as received, e.g. `/schedules/sch_1/shifts/?from=…`. */
  target: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Which TCP connection carried it (1 = first accepted connection). */
  connectionId: number;
}

export type Step =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  /** Destroys the connection after reading the request: the client sees a reset, no answer. */
  | { reset: true }
  /** Never answers (the client's timeout must fire). */
  | { hang: true };

export type Responder = (request: RecordedRequest) => Step;

export interface ScriptServer {
  url: string;
  requests: RecordedRequest[];
  /** Number of TCP connections accepted so far. */
  connections(): number;
  /** Steps used in order, one per request; after they run out, `fallback` answers. */
  script(...steps: Step[]): void;
  fallback(responder: Responder): void;
  close(): Promise<void>;
}

function answer(res: http.ServerResponse, socket: Socket, step: Step): void {
  if ('reset' in step) {
    socket.destroy();
    return;
  }
  if ('hang' in step) return;
  const headers: Record<string, string> = { ...step.headers };
  let body = '';
  if (step.json !== undefined) {
    body = JSON.stringify(step.json);
    headers['content-type'] ??= 'application/json';
  } else if (step.text !== undefined) {
    body = step.text;
    headers['content-type'] ??= 'text/plain';
  }
  res.writeHead(step.status, headers);
  res.end(body);
}

export async function startScriptServer(): Promise<ScriptServer> {
  const requests: RecordedRequest[] = [];
  const queue: Step[] = [];
  const connectionIds = new WeakMap<Socket, number>();
  let connectionCount = 0;
  let fallback: Responder = () => ({ status: 500, json: { message: 'no scripted response' } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = req.url ?? '';
      const url = new URL(target, 'http://script.invalid');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        target,
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        connectionId: connectionIds.get(req.socket) ?? 0,
      };
      requests.push(recorded);
      answer(res, req.socket, queue.shift() ?? fallback(recorded));
    });
  });
  server.on('connection', (socket: Socket) => {
    connectionCount += 1;
    connectionIds.set(socket, connectionCount);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('script server has no TCP address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    connections: () => connectionCount,
    script: (...steps) => void queue.push(...steps),
    fallback: (responder) => {
      fallback = responder;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
