// A faulty loopback service: a raw HTTP proxy in front of a simulator that passes reads through and answers each
// override POST as its script says, in order: pass it on, let it land and then never answer (the client times
// out), let it land and then cut the connection, or answer 500 without passing it on (nothing saved). The
// simulator's own override list stays the oracle of what landed.
import http from 'node:http';
import type { Socket } from 'node:net';

export type WriteFault = 'pass' | 'land_then_hang' | 'land_then_reset' | 'fail_500';

export interface FaultProxy {
  url: string;
  /** The POSTs seen, in order, with what was done to each. */
  posts: WriteFault[];
  close(): Promise<void>;
}

function forward(target: URL, req: http.IncomingMessage, body: Buffer): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const out = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, body: Buffer.concat(chunks) }));
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}

/** `script(n)` says what to do with the n-th POST (0-based); `beforeLanding` runs as a POST arrives, before it lands. */
export async function startFaultProxy(
  targetUrl: string,
  script: (n: number) => WriteFault,
  beforeLanding?: (n: number) => void,
): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const posts: WriteFault[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const isWrite = req.method === 'POST';
      const n = posts.length;
      const fault = isWrite ? script(n) : 'pass';
      if (isWrite) {
        posts.push(fault);
        beforeLanding?.(n);
      }
      if (fault === 'fail_500') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"internal error"}');
        return;
      }
      void forward(target, req, body).then(
        (answer) => {
          if (fault === 'land_then_hang') return;
          if (fault === 'land_then_reset') return void req.socket.destroy();
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
        },
        () => req.socket.destroy(),
      );
    });
  });
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
