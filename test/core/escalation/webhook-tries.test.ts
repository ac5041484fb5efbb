// The webhook's tries (electron/core/escalation/webhook.ts, adv50 r25 #2): a try that may have landed is never
// repeated (its receiver may ignore the Idempotency-Key), but a failure that proves nothing reached the receiver is
// still tried again within the same send: a refused connection (a real one: a loopback port nobody listens on) and
// a 503 (turned away unread). Real HTTP to the loopback webhook receiver, fake clock for the backoff.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { createWebhook } from '../../../electron/core/escalation/webhook';
import { HOOK, startWebhookStandIn } from '../../support/webhook-standin';
import { IoClock } from '../support/io-clock';

const T = Date.parse('2026-03-10T09:03:00Z');
const ALERT = { id: 'ocTESTALERTID', title: 'Shift start not acknowledged — Ops', body: 'Your shift started.' };

/** A loopback port with nobody listening (opened, read, closed): a connection to it is refused. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

async function sendWith(first: 'refused' | 503) {
  const clock = new IoClock(T);
  const hook = await startWebhookStandIn(clock);
  const port = await closedPort();
  let tries = 0;
  const send: HttpSend = (req, timeoutMs) => {
    tries++;
    if (tries > 1) return hook.send(req, timeoutMs);
    if (first === 503) return Promise.resolve({ status: 503, text: 'Service Unavailable' });
    const url = req.url.replace('https://hooks.example.com', `http://127.0.0.1:${port}`);
    return clock.inFlight.track(fetchSend({ ...req, url }, timeoutMs));
  };
  const webhook = createWebhook({ url: HOOK, clock, send });
  const r = await clock.runWhileAdvancing(webhook.send(ALERT));
  return { r, tries, posts: hook.posts };
}

describe('webhook: a failure that proves nothing landed is still tried again', () => {
  it.each(['refused', 503] as const)(
    'first try %s: tried again, the receiver gets it once',
    async (first) => {
      const { r, tries, posts } = await sendWith(first);
      expect(r).toEqual({ ok: true, value: null });
      expect(tries).toBe(2);
      expect(posts.map((p) => p.key)).toEqual([ALERT.id]);
    },
    30_000,
  );
});
