// A proxy in front of the loopback ntfy stand-in whose `-ack` subscription (`GET <topic>-ack/json`, not `poll=1`)
// passes `open`, keepalive and the app's own probe lines but drops the phone's "ack <id>" lines (adv50 r35); polls
// pass untouched. It records the answers it dropped, so a test can show the hostile case really happened.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

const servers: Server[] = [];

export async function closeProxies(): Promise<void> {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
}

/** True for a stream line that is one of the phone's answers. */
function isAnswer(line: string): boolean {
  try {
    const v: unknown = JSON.parse(line);
    return typeof v === 'object' && v !== null && 'event' in v && v.event === 'message' && 'message' in v
      ? typeof v.message === 'string' && /^ack /.test(v.message)
      : false;
  } catch {
    return false;
  }
}

function relay(target: URL, dropped: string[], req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const path = req.url ?? '/';
  const up = request(
    { host: target.hostname, port: target.port, method: req.method, path, headers: req.headers },
    (ur) => {
      res.writeHead(ur.statusCode ?? 502, ur.headers);
      const streaming = /-ack\/json/.test(path) && !/[?&]poll=1/.test(path);
      let buf = '';
      ur.on('data', (c: Buffer) => {
        if (!streaming) return void res.write(c);
        buf += c.toString();
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const line of lines) {
          if (isAnswer(line)) dropped.push(line);
          else res.write(`${line}\n`);
        }
      });
      ur.on('end', () => res.end());
    },
  );
  up.on('error', () => ((res.statusCode = 502), res.end()));
  res.on('close', () => up.destroy());
  up.end(body);
}

/** Starts the proxy to `target`; `url` is its address, `dropped` the answer lines it kept from streams. */
export async function answerDroppingProxy(target: string): Promise<{ url: string; dropped: string[] }> {
  const t = new URL(target);
  const dropped: string[] = [];
  const srv = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => relay(t, dropped, req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  servers.push(srv);
  const address = srv.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return { url: `http://127.0.0.1:${address.port}`, dropped };
}
