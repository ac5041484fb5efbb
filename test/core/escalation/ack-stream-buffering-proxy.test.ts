// adv50 round 28 #1: the ntfy server behind a reverse proxy that buffers response bodies (nginx's default
// `proxy_buffering on`: headers pass at once, the body is held until 8 KB or the upstream ends). A poll (poll=1)
// ends at once, so it passes; a stream's body is held. Settings → Phone's "Send test" (which polls) proves the
// round trip, then the real alarm's "I'm on it" (read over the stream) never reached the app. Now a stream that
// delivers no line falls back to the poll, and Send test waits on the same path an alarm uses.
import { createServer, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendTest } from '../../../electron/core/engine/phone-send-test';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { createNtfy } from '../../../electron/core/escalation/ntfy';
import { closeAfterTest } from '../../support/closing';
import { alarmEscalation, alarmTarget, MIN, phoneServices, T, TOPIC } from './support/escalator-rig';

const HOUR = 60 * MIN;

async function bufferingProxy(upstream: string, mode: 'buffer' | 'empty' = 'buffer'): Promise<string> {
  const up = new URL(upstream);
  const server = createServer((req, res) => {
    // 'empty': a streaming GET (no poll=1) is answered 200 with an empty body at once (a proxy/CDN that closes it).
    if (mode === 'empty' && req.method === 'GET' && req.url?.includes('/json') && !req.url.includes('poll=1')) {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      return void res.end();
    }
    const preq = httpRequest(
      { host: up.hostname, port: up.port, path: req.url, method: req.method, headers: req.headers },
      (pres) => {
        res.writeHead(pres.statusCode ?? 502, pres.headers);
        let held: Buffer[] = [];
        let size = 0;
        pres.on('data', (c: Buffer) => {
          held.push(c);
          size += c.length;
          if (size < 8192) return;
          res.write(Buffer.concat(held));
          held = [];
          size = 0;
        });
        pres.on('end', () => res.end(Buffer.concat(held)));
        res.on('close', () => pres.destroy());
      },
    );
    req.pipe(preq);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closeAfterTest({ close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the proxy did not listen');
  return `http://127.0.0.1:${address.port}`;
}

async function until(ok: () => boolean, n = 100): Promise<boolean> {
  for (let i = 0; i < n && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return ok();
}

describe('the phone’s answer behind a proxy that buffers or empties the stream (adv50 r28 #1)', () => {
  for (const via of ['direct (control)', 'buffering proxy', 'empty-200 proxy'] as const)
    it(`${via}: Send test proves the round trip, and the real alarm’s phone "I’m on it" reaches the app`, async () => {
      const { clock, s } = await phoneServices(T - HOUR);
      const proxy =
        via === 'buffering proxy'
          ? await bufferingProxy(s.url)
          : via === 'empty-200 proxy'
            ? await bufferingProxy(s.url, 'empty')
            : s.url;
      const send: HttpSend = (req, timeoutMs) => clock.inFlight.track(fetchSend(req, timeoutMs));
      const provider = createNtfy({ server: proxy, topic: TOPIC, clock, send });
      const target = alarmTarget(T);
      const problems: (string | undefined)[] = [];
      const h = await alarmEscalation({ clock, provider, target, changed: (st) => problems.push(st.problem) });

      // 1. Settings → Phone → Send test, at T-30 min; the user taps "I'm on it" on the test alert.
      await clock.advanceTo(T - 30 * MIN);
      const test = sendTest({ clock, localZone: () => 'UTC' }, provider, {
        secrets: () => [TOPIC],
        stopped: () => false,
        tested: () => undefined,
      });
      let tapped = false;
      let result: Awaited<typeof test> | undefined;
      void test.then((r) => (result = r));
      for (let i = 0; i < 60 && !result; i++) {
        await clock.advance(1_000);
        await until(() => false, 2);
        const alert = s.rang(TOPIC).find((m) => m.message.includes('Tap'));
        if (alert && !tapped) {
          tapped = true;
          await clock.inFlight.track(s.tapAction(alert));
        }
      }
      console.log('Send test says:', result?.message);
      expect(result?.ok).toBe(true);

      // 2. The real shift start at T: nobody acknowledges on the laptop; the phone rings at T+3; tapped at T+4.
      await clock.advanceTo(T + 4 * MIN);
      const real = s.rang(TOPIC).find((m) => !m.message.includes('Tap'));
      if (!real) throw new Error('the phone did not ring for the real alarm');
      await clock.inFlight.track(s.tapAction(real));
      let heardAtMs: number | undefined;
      for (let at = T + 4 * MIN; at < T + 30 * MIN; at += 5_000) {
        await clock.advanceTo(at);
        await until(() => h.store.get(target.key)?.ackedAtMs !== undefined, 3);
        if (h.store.get(target.key)?.ackedAtMs !== undefined) heardAtMs ??= at;
      }
      const acked = h.store.get(target.key)?.ackedAtMs;
      console.log('acknowledged by T+30 min:', acked === undefined ? 'NO' : new Date(acked).toISOString());
      console.log('problems said:', JSON.stringify([...new Set(problems.filter(Boolean))]));
      console.log(
        'ack reads:',
        s.requests.filter((q) => q.method === 'GET' && q.path.startsWith(`/${TOPIC}-ack`)).length,
      );
      expect(acked).toBeDefined();
      // Heard within the 15 s promise (stream or the poll it falls back to), with nothing false said meanwhile.
      expect((heardAtMs ?? Infinity) - (T + 4 * MIN)).toBeLessThanOrEqual(15_000);
      expect(problems.filter(Boolean)).toEqual([]);
      // No subscription left open on the server (through the proxy or not) once answered.
      expect(await until(() => s.streams.count() === 0)).toBe(true);
    }, 240_000);
});
