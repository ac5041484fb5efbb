// A loopback webhook receiver (n8n, Zapier, a Home Assistant hook): it records each POST (its `event`, its
// Idempotency-Key, the fake clock's time) the moment it arrives, and answers `answerAfterMs` of fake time later — a
// cold start or a slow tunnel. It does NOT de-duplicate by Idempotency-Key, as such hooks don't: every POST counts.
// `send` is the app's HttpSend to it: the request really goes over loopback, fake time waits until the receiver has
// it (so a fake timeout never fires before it lands), and the app's per-try timeout runs on the fake clock, as
// AbortSignal.timeout runs on the real one (fetchSend), so a 30 s answer costs no real time.
import { createServer, type Server } from 'node:http';
import { fetchSend, type HttpRequest, type HttpSend } from '../../electron/core/escalation/http';
import type { IoClock } from '../core/support/io-clock';
import { closeAfterTest } from './closing';

export interface WebhookPost {
  atMs: number;
  event: string;
  key: string;
}

export interface WebhookStandIn {
  posts: WebhookPost[];
  /** The app's HttpSend: requests to `https://hooks.example.com` go to this receiver instead. */
  send: HttpSend;
}

export const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';
const HOOK_ORIGIN = 'https://hooks.example.com';
/** Real time the loopback answer may take when the receiver answers at once. */
const REAL_LIMIT_MS = 15_000;

const eventOf = (body: string): string => {
  try {
    const v: unknown = JSON.parse(body || '{}');
    return v !== null && typeof v === 'object' && 'event' in v ? String(v.event) : '';
  } catch {
    return '';
  }
};

/** The app's timeout after `ms` of fake time, as fetchSend's AbortSignal.timeout rejects (a TimeoutError). */
function fakeTimeout(clock: IoClock, ms: number): Promise<never> {
  return new Promise((_resolve, reject) =>
    clock.setTimer(ms, () => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' }))),
  );
}

export async function startWebhookStandIn(clock: IoClock, answerAfterMs = 0): Promise<WebhookStandIn> {
  const posts: WebhookPost[] = [];
  const arrived: (() => void)[] = [];
  const srv: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const key = req.headers['idempotency-key'];
      posts.push({ atMs: clock.now(), event: eventOf(body), key: typeof key === 'string' ? key : '' });
      arrived.shift()?.();
      if (answerAfterMs <= 0) res.end('ok');
      else clock.setTimer(answerAfterMs, () => res.end('ok'));
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  closeAfterTest({
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  });
  const send: HttpSend = (req: HttpRequest, timeoutMs: number) => {
    const real = { ...req, url: req.url.replace(HOOK_ORIGIN, base) };
    if (answerAfterMs <= 0) return clock.inFlight.track(fetchSend(real, timeoutMs));
    const landed = new Promise<void>((resolve) => arrived.push(resolve));
    const answer = fetchSend(real, REAL_LIMIT_MS + answerAfterMs);
    // Its late answer (or the close after the test) is not the app's any more: it had timed out by then.
    answer.catch(() => undefined);
    return Promise.race([answer, clock.inFlight.track(landed).then(() => fakeTimeout(clock, timeoutMs))]);
  };
  return { posts, send };
}
