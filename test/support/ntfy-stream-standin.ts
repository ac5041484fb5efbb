// The stand-in's ntfy subscriptions, from docs/subscribe/api.md ("Subscribe as JSON stream"): `GET /<topic>/json`
// without `poll=1` answers 200 `application/x-ndjson` and stays open; it first sends an `open` event, then the cached
// messages `since=` asks for (an id: those after it; a Unix time: those from then), then each message as it is
// published, one JSON object per line; `keepalive` events keep it alive (docs/config.md `keepalive-interval`, 45 s
// by default: the test sends them on its fake clock). The server may end a stream at any time (`drop`).
import type { ServerResponse } from 'node:http';

export interface StreamLine {
  id: string;
  time: number;
  event: 'open' | 'message' | 'keepalive';
  topic: string;
  message?: string;
}

export interface Streams {
  /** Opens a subscription on `res` and sends it `open`, then the `cached` lines. */
  open(topic: string, res: ServerResponse, cached: StreamLine[], nowMs: number): void;
  /** A message published to `topic`: sent to every open subscription of it. */
  publish(line: StreamLine): void;
  /** How many subscriptions are open now. */
  count(): number;
  keepalive(nowMs: number): void;
  /** The server ends every open subscription (a restart, a proxy's idle cut). */
  drop(): void;
  /** Calls `seen` with the lines written to a subscription whose request carried STREAM_KEY_HEADER (its value),
   *  so a test waits for exactly those bytes to reach the app instead of sleeping (stream-bytes.ts). */
  watch(seen: (key: string, lines: number) => void): void;
}

/** A test-only request header naming a subscription (stream-bytes.ts); the stand-in answers the same without it. */
export const STREAM_KEY_HEADER = 'x-test-stream-key';

export function createStreams(): Streams {
  const open = new Set<{ topic: string; res: ServerResponse }>();
  let seen: (key: string, lines: number) => void = () => undefined;
  const write = (res: ServerResponse, lines: readonly StreamLine[]) => {
    for (const l of lines) res.write(`${JSON.stringify(l)}\n`);
    const key = res.req.headers[STREAM_KEY_HEADER];
    if (typeof key === 'string') seen(key, lines.length);
  };
  let n = 0;
  const event = (e: StreamLine['event'], topic: string, nowMs: number): StreamLine => ({
    id: `e${String(++n).padStart(11, '0')}`,
    time: Math.floor(nowMs / 1000),
    event: e,
    topic,
  });
  return {
    open(topic, res, cached, nowMs) {
      const sub = { topic, res };
      open.add(sub);
      res.on('close', () => open.delete(sub));
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8' });
      write(res, [event('open', topic, nowMs), ...cached]);
    },
    publish(line) {
      for (const s of open) if (s.topic === line.topic) write(s.res, [line]);
    },
    count: () => open.size,
    keepalive(nowMs) {
      for (const s of open) write(s.res, [event('keepalive', s.topic, nowMs)]);
    },
    drop() {
      for (const s of open) s.res.end();
      open.clear();
    },
    watch: (fn) => void (seen = fn),
  };
}
