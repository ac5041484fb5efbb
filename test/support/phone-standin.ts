// A loopback stand-in for ntfy and Pushover, written from their documented APIs (ntfy docs/publish.md and
// docs/subscribe/api.md; pushover.net/api and /api/receipts), with time read from the test's fake clock:
// ntfy — POST /<topic>[/<sequence id>] with Title (RFC 2047 decoded), Priority, Actions, At/X-At/Delay/X-Delay/In
// (a Unix time or Ns/Nm; 10 s – 3 days, else 400); publishing a sequence id that is still scheduled replaces it;
// DELETE /<topic>/<sequence id> cancels a scheduled one; GET /<topic>/json?poll=1&since=<id|unix> lists delivered
// messages as NDJSON; without poll=1 it is a subscription that stays open (ntfy-stream-standin.ts). Pushover — POST /1/messages.json (form; priority 2 needs retry ≥ 30 and expire ≤ 10800,
// answers a receipt; `tags` a comma-separated list kept with it), GET /1/receipts/<r>.json, POST
// /1/receipts/<r>/cancel.json, POST /1/receipts/cancel_by_tag/<tag>.json (token=app token: every emergency with that
// tag not yet acknowledged is cancelled; answers how many, `canceled`). `failNext` makes the next
// requests answer an error. It records every request (for "never duplicated") and what each phone got.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStreams, type Streams } from './ntfy-stream-standin';

export interface NtfyMessage {
  id: string;
  topic: string;
  sequenceId: string;
  postedMs: number;
  deliverMs: number;
  title: string;
  message: string;
  priority: number;
  actions: string;
  cancelled: boolean;
}

export interface StandIn {
  url: string;
  requests: { method: string; path: string; auth?: string }[];
  ntfy: NtfyMessage[];
  /** What the phone subscribed to `topic` has rung with by now (delivered, not cancelled before delivery). */
  rang(topic: string): NtfyMessage[];
  /** Scheduled and not yet delivered or cancelled. */
  scheduled(topic: string): NtfyMessage[];
  /** The phone's "I'm on it": runs the message's http action as the ntfy app would. */
  tapAction(m: NtfyMessage): Promise<void>;
  pushover: {
    receipt: string;
    title: string;
    priority: number;
    sentMs: number;
    tags: string[];
    acknowledged: boolean;
    cancelled: boolean;
  }[];
  /** A refusal (401/403) echoes what it was sent: the Authorization header and the topic's address with
   *  credentials, as a careless server's error page would. */
  echoCredentials(): void;
  /** The next `count` requests answer `status` (with `headers`, e.g. a 429's Retry-After). */
  failNext(count: number, status?: number, headers?: Record<string, string>): void;
  /** Access control (ntfy docs/config.md, `auth-default-access: deny-all`; docs/publish.md "Authentication"): every
   *  request to these topics must carry `Authorization: Bearer <token>`; none answers 403, another token 401. */
  protect(topics: string[], token: string): void;
  /** The open subscriptions (`GET /<topic>/json` without poll=1): counted, kept alive, dropped. */
  streams: Streams;
  close(): Promise<void>;
}

const decode2047 = (v: string): string =>
  v.replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/gi, (_w, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

function delayOf(h: IncomingMessage['headers'], nowMs: number): number | 'bad' | undefined {
  const raw = ['x-delay', 'delay', 'x-at', 'at', 'x-in', 'in'].map((k) => h[k]).find((v) => typeof v === 'string');
  if (typeof raw !== 'string') return undefined;
  const m = /^(\d+)\s*(s|m|min)?$/.exec(raw.trim());
  if (!m?.[1]) return 'bad';
  const n = Number(m[1]);
  const at = m[2] === undefined ? n * 1000 : nowMs + n * (m[2] === 's' ? 1000 : 60_000);
  return at - nowMs < 10_000 || at - nowMs > 3 * 86_400_000 ? 'bad' : at;
}

const lineOf = (m: NtfyMessage) => ({
  id: m.id,
  time: Math.floor(m.deliverMs / 1000),
  event: 'message' as const,
  topic: m.topic,
  message: m.message,
});

const body = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => resolve(text));
  });

export async function startStandIn(now: () => number): Promise<StandIn> {
  let seq = 0;
  let failures: { count: number; status: number; headers?: Record<string, string> } = { count: 0, status: 500 };
  let echo = false;
  const guarded = new Map<string, string>();
  const streams = createStreams();
  const s: Omit<StandIn, 'url' | 'close'> = {
    streams,
    requests: [],
    ntfy: [],
    pushover: [],
    rang: (topic) => s.ntfy.filter((m) => m.topic === topic && !m.cancelled && m.deliverMs <= now()),
    scheduled: (topic) => s.ntfy.filter((m) => m.topic === topic && !m.cancelled && m.deliverMs > now()),
    // The http action as the ntfy app runs it (docs/publish.md "Send HTTP request"): its url, method, body and only
    // the headers given in the action (`headers.<name>=<value>`; a value may be quoted).
    tapAction: async (m) => {
      const [, , url = '', ...rest] = (m.actions.match(/(?:"[^"]*"|[^,])+/g) ?? []).map((p) => p.trim());
      const value = (p: string) => p.replace(/^([^=]+)="(.*)"$/, '$1=$2');
      const pairs = rest.map(value);
      const text = pairs.find((p) => p.startsWith('body='))?.slice(5) ?? '';
      const method = pairs.find((p) => p.startsWith('method='))?.slice(7) ?? 'POST';
      const headers = Object.fromEntries(
        pairs.flatMap((p) =>
          /^headers\.[^=]+=/.test(p) ? [[p.slice(8, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]] : [],
        ),
      );
      await fetch(url, { method, body: text, headers });
    },
    failNext: (count, status = 500, headers = {}) => void (failures = { count, status, headers }),
    echoCredentials: () => void (echo = true),
    protect: (topics, token) => {
      for (const t of topics) guarded.set(t, `Bearer ${token}`);
    },
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const text = await body(req);
      const url = new URL(req.url ?? '/', 'http://x');
      const auth = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
      s.requests.push({ method: req.method ?? '', path: url.pathname, ...(auth ? { auth } : {}) });
      const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...extra });
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (failures.count > 0)
        return (failures.count--, send(failures.status, { error: 'stand-in failure' }, failures.headers));
      const nowMs = now();
      const parts = url.pathname.split('/').filter(Boolean);
      if (parts[0] === '1') return pushover(parts, url, text, nowMs, send);
      const [topic = '', second] = parts;
      const needs = guarded.get(topic);
      const echoed = `(${auth ?? 'no token'}) may not post to http://me:pw-${topic}@127.0.0.1/${topic}?auth=${topic}`;
      if (needs !== undefined && auth !== needs && echo)
        return send(401, { code: 40101, http: 401, error: `unauthorized ${echoed}` });
      if (needs !== undefined && auth !== needs)
        return auth === undefined
          ? send(403, { code: 40301, http: 403, error: 'forbidden' })
          : send(401, { code: 40101, http: 401, error: 'unauthorized' });
      if (req.method === 'GET' && second === 'json') {
        // A poll reads all that is cached unless `since=` says otherwise; a subscription only what comes next
        // (docs/subscribe/api.md, "Poll for messages" and "Fetch cached messages").
        const poll = url.searchParams.get('poll') === '1';
        const since = url.searchParams.get('since') ?? (poll ? 'all' : 'none');
        const delivered = s.rang(topic);
        const idx = delivered.findIndex((m) => m.id === since);
        const after =
          idx >= 0
            ? delivered.slice(idx + 1)
            : delivered.filter((m) => (/^\d+$/.test(since) ? m.deliverMs >= Number(since) * 1000 : since !== 'none'));
        const lines = after.map((m) => lineOf(m));
        if (!poll) return streams.open(topic, res, lines, nowMs);
        return send(200, lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length ? '\n' : ''));
      }
      if (req.method === 'DELETE' && second) {
        for (const m of s.ntfy)
          if (m.topic === topic && m.sequenceId === second && m.deliverMs > nowMs) m.cancelled = true;
        return send(200, { event: 'message_delete', sequence_id: second });
      }
      if (req.method === 'POST' || req.method === 'PUT') {
        const delay = delayOf(req.headers, nowMs);
        if (delay === 'bad') return send(400, { code: 40004, error: 'invalid delay parameter' });
        const id = `m${String(++seq).padStart(11, '0')}`;
        const sequenceId = second ?? id;
        // Publishing a scheduled sequence again replaces it (docs/publish.md, "Updating scheduled messages").
        for (const m of s.ntfy)
          if (m.topic === topic && m.sequenceId === sequenceId && m.deliverMs > nowMs) m.cancelled = true;
        const h = (k: string) => (typeof req.headers[k] === 'string' ? String(req.headers[k]) : '');
        const m: NtfyMessage = {
          id,
          topic,
          sequenceId,
          postedMs: nowMs,
          deliverMs: delay ?? nowMs,
          title: decode2047(h('title')),
          message: text,
          priority: Number(h('priority') || 3),
          actions: h('actions'),
          cancelled: false,
        };
        s.ntfy.push(m);
        if (m.deliverMs <= nowMs) streams.publish(lineOf(m));
        return send(200, { id, time: Math.floor(nowMs / 1000), event: 'message', topic });
      }
      send(404, { error: 'not found' });
    })();
  });
  function pushover(parts: string[], url: URL, text: string, nowMs: number, send: (st: number, p: unknown) => void) {
    const f = new URLSearchParams(text);
    if (parts[1] === 'messages.json') {
      const priority = Number(f.get('priority') ?? 0);
      if (!f.get('token') || !f.get('user')) return send(400, { status: 0, errors: ['token and user are required'] });
      if (priority === 2 && (Number(f.get('retry')) < 30 || Number(f.get('expire')) > 10800))
        return send(400, { status: 0, errors: ['retry/expire out of range'] });
      const receipt = `r${String(++seq).padStart(29, '0')}`;
      s.pushover.push({
        receipt,
        title: f.get('title') ?? '',
        priority,
        sentMs: nowMs,
        tags: (f.get('tags') ?? '').split(',').filter(Boolean),
        acknowledged: false,
        cancelled: false,
      });
      return send(200, { status: 1, request: 'x', ...(priority === 2 ? { receipt } : {}) });
    }
    if (parts[2] === 'cancel_by_tag') {
      if (!f.get('token')) return send(400, { status: 0, errors: ['token is required'] });
      const tag = (parts[3] ?? '').replace(/\.json$/, '');
      const hit = s.pushover.filter((x) => x.tags.includes(tag) && !x.acknowledged && !x.cancelled);
      for (const x of hit) x.cancelled = true;
      return send(200, { status: 1, canceled: hit.length });
    }
    const receipt = (parts[2] ?? '').replace(/\.json$/, '');
    const p = s.pushover.find((x) => x.receipt === receipt);
    if (!p) return send(404, { status: 0 });
    if (parts[3] === 'cancel.json') return ((p.cancelled = true), send(200, { status: 1 }));
    if (!url.searchParams.get('token')) return send(400, { status: 0 });
    send(200, { status: 1, acknowledged: p.acknowledged ? 1 : 0, acknowledged_at: 0, expired: 0 });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...s,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        streams.drop();
        server.close(() => resolve());
        // A client that aborted its subscription mid-body leaves the socket half-open for a while: a stand-in
        // shutting down drops every connection rather than wait for it (3 s a test case).
        server.closeAllConnections();
      }),
  };
}
