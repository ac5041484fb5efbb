// A raw loopback server in front of one service: forwards every request as it is and records what reached this
// service (method, path, and which key it carried), so a test can tell which service a write and a key went to.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';

export interface Received {
  method: string;
  path: string;
  /** The x-api-key header as it arrived ('' when absent). */
  key: string;
}

export interface KeyProxy {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

const body = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startKeyProxy(target: string): Promise<KeyProxy> {
  const to = new URL(target);
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const key = req.headers['x-api-key'];
    received.push({ method: req.method ?? 'GET', path: req.url ?? '/', key: typeof key === 'string' ? key : '' });
    void body(req).then((payload) => {
      const out = httpRequest(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      out.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
