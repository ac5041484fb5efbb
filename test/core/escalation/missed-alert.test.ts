// A phone alert that could not go out at T+N (adv50 round 2): the server or the network down across T+N. While the
// alarm waits for an acknowledgement and the shift is still mine, it is sent as soon as the server answers again
// (bounded tries with backoff), and readiness says it is missing until then — never "Ready" over a phone that never
// rang, never "booked" without a booking. Before, it was never sent. The real alarm engine and escalator on a fake
// clock, real HTTP to the loopback ntfy/Pushover stand-in and a loopback webhook receiver.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { EscalatorStatus } from '../../../electron/core/escalation/escalator';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { createWebhook } from '../../../electron/core/escalation/webhook';
import { closeAfterTest } from '../../support/closing';
import { MIN, T, TOPIC, alarmEscalation, alarmTarget, phoneProvider, phoneServices } from './support/escalator-rig';

const target = alarmTarget(T);

/** A loopback webhook receiver: each POST's time (the fake clock's) and event; answers `answer()`. */
async function receiver(now: () => number, answer: () => number) {
  const got: { atMs: number; event: string; status: number }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const status = answer();
      const parsed = JSON.parse(body) as { event: string };
      got.push({ atMs: now(), event: parsed.event, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closeAfterTest({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got };
}

type Kind = 'ntfy' | 'pushover' | 'webhook';

/** `down` (from, to): the network refuses every request in between (ECONNREFUSED, nothing reached the server). */
async function rig(kind: Kind, down: [number, number], answer: () => number = () => 200) {
  const { clock, s } = await phoneServices(T - 60 * MIN);
  const hook = await receiver(() => clock.now(), answer);
  const send: HttpSend = (req, timeoutMs) => {
    const now = clock.now();
    if (now >= down[0] && now < down[1])
      return Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
    return clock.inFlight.track(fetchSend(req, timeoutMs));
  };
  const provider =
    kind === 'webhook' ? createWebhook({ url: hook.url, clock, send }) : phoneProvider(kind, s.url, clock, send);
  const statuses: EscalatorStatus[] = [];
  const { engine, esc } = await alarmEscalation({ clock, provider, target, changed: (st) => statuses.push(st) });
  /** When the phone got the alert (the stand-in's delivery, or the receiver's 2xx). */
  const delivered = (): number[] =>
    kind === 'ntfy'
      ? s.rang(TOPIC).map((m) => m.deliverMs)
      : kind === 'pushover'
        ? s.requests.filter((q) => q.method === 'POST' && q.path === '/1/messages.json').map(() => -1)
        : hook.got.filter((g) => g.status === 200).map((g) => g.atMs);
  return { clock, s, esc, engine, hook, delivered, statuses };
}

describe('a phone alert that could not go out at T+3 min is sent once the server answers again (failed before)', () => {
  it.each([
    ['ntfy', 'booking fails, back at T+3:30', T - 60 * MIN, T + 3 * MIN + 30_000],
    ['ntfy', 'booking fails, back at T+10', T - 60 * MIN, T + 10 * MIN],
    ['webhook', 'refused T+3 to T+3:30', T + 3 * MIN, T + 3 * MIN + 30_000],
    ['pushover', 'refused T+3 to T+3:30', T + 3 * MIN, T + 3 * MIN + 30_000],
  ] as const)('%s, %s: one alert after, readiness says it is missing meanwhile', async (kind, _, from, to) => {
    const r = await rig(kind, [from, to]);
    await r.clock.advanceTo(to - 1_000);
    expect(r.delivered()).toEqual([]);
    const during = r.esc.status();
    expect(during.problem).toBeTruthy();
    // Never "booked" while nothing is on the server.
    if (kind === 'ntfy') expect(during.booking).toBe(false);
    await r.clock.advanceTo(T + 30 * MIN);
    const got = r.delivered();
    expect(got).toHaveLength(1);
    if (kind !== 'pushover') expect(got[0]).toBeGreaterThanOrEqual(to);
    if (kind !== 'pushover') expect(got[0]).toBeLessThanOrEqual(to + 2 * MIN);
    expect(r.esc.status().problem).toBeUndefined();
  });

  it('acknowledged during the outage: nothing is sent when the server is back', async () => {
    const r = await rig('webhook', [T + 3 * MIN, T + 10 * MIN]);
    await r.clock.advanceTo(T + 5 * MIN);
    await r.clock.inFlight.track(r.engine.ack(target.key, 'window'));
    await r.clock.advanceTo(T + 30 * MIN);
    expect(r.hook.got.filter((g) => g.status === 200)).toEqual([]);
    expect(r.esc.status().problem).toBeUndefined();
  });
});

describe('no phone alert after an acknowledgement or a hand-off (adv50 round 2, failed before)', () => {
  it('webhook: acknowledged between a failed try and its repeat, no "not acknowledged" is delivered', async () => {
    let calls = 0;
    const r = await rig('webhook', [0, 0], () => (++calls === 1 ? 503 : 200));
    await r.clock.advanceTo(T + 3 * MIN + 500);
    await r.clock.inFlight.track(r.engine.ack(target.key, 'window'));
    await r.clock.advanceTo(T + 30 * MIN);
    expect(r.hook.got.map((g) => [g.atMs, g.status])).toEqual([[T + 3 * MIN, 503]]);
    expect(r.esc.status().problem).toBeUndefined();
  });

  it('Pushover: the emergency sent at T+3 is cancelled when the shift is handed off', async () => {
    const r = await rig('pushover', [0, 0]);
    await r.clock.advanceTo(T + 5 * MIN);
    expect(r.s.pushover.map((p) => [p.sentMs, p.cancelled])).toEqual([[T + 3 * MIN, false]]);
    r.engine.setTargets([]);
    void r.esc.setTargets([]);
    await r.clock.advanceTo(T + 6 * MIN);
    expect(r.s.pushover.map((p) => [p.sentMs, p.cancelled])).toEqual([[T + 3 * MIN, true]]);
    expect(r.esc.status().problem).toBeUndefined();
  });
});
