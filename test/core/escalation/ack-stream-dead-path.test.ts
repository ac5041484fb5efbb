// adv50 r29 #1: the answer stream's path dies without a FIN or RST (a Wi-Fi roam, a VPN, a lost NAT mapping) just
// after one of ntfy's 45 s keepalives. Real escalator and alarm engine on a fake clock, real HTTP through a loopback
// proxy in front of the ntfy stand-in: it adds the keepalives and black-holes the open streams (new connections still
// work). Before the fix the tap at T+3:05 was heard only when the 2-minute idle limit replaced the stream (115 s
// late, nothing said), and a wake kept the dead stream.
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { createNtfy } from '../../../electron/core/escalation/ntfy';
import { closeAfterTest } from '../../support/closing';
import { alarmEscalation, alarmTarget, MIN, phoneServices, T, TOPIC } from './support/escalator-rig';

/** The promise (docs/reminders-and-alarms.md): the phone's "I'm on it" counts within 15 s. */
const PROMISE_MS = 15_000;
const KEEPALIVE_MS = 45_000;

async function deadPathProxy(upstream: string) {
  const up = new URL(upstream);
  const live = new Set<{ res: ServerResponse; dead: boolean }>();
  let opened = 0;
  const server = createServer((req, res) => {
    const isStream = req.method === 'GET' && !!req.url?.includes('/json') && !req.url.includes('poll=1');
    const entry = { res, dead: false };
    if (isStream) {
      live.add(entry);
      opened++;
    }
    res.on('close', () => live.delete(entry));
    const preq = httpRequest(
      { host: up.hostname, port: up.port, path: req.url, method: req.method, headers: req.headers },
      (pres) => {
        res.writeHead(pres.statusCode ?? 502, pres.headers);
        pres.on('data', (c: Buffer) => {
          if (!entry.dead) res.write(c);
        });
        pres.on('end', () => {
          if (!entry.dead) res.end();
        });
        res.on('close', () => pres.destroy());
      },
    );
    req.pipe(preq);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closeAfterTest({ close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) });
  const a = server.address();
  if (typeof a !== 'object' || a === null) throw new Error('no listen');
  return {
    url: `http://127.0.0.1:${a.port}`,
    /** What real ntfy sends on a stream every 45 s (the stand-in sends none). */
    keepalive: (nowS: number) => {
      for (const e of live)
        if (!e.dead) e.res.write(JSON.stringify({ id: `ka${nowS}`, time: nowS, event: 'keepalive' }) + '\n');
    },
    /** Nothing more reaches the app on the open streams and nothing ends them; new connections work. */
    blackhole: () => {
      for (const e of live) e.dead = true;
      return live.size;
    },
    open: () => [...live].filter((e) => !e.dead).length,
    dead: () => [...live].filter((e) => e.dead).length,
    opened: () => opened,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 20));

async function rig() {
  const { clock, s } = await phoneServices(T - 60 * MIN);
  const proxy = await deadPathProxy(s.url);
  const send: HttpSend = (req, ms) => clock.inFlight.track(fetchSend(req, ms));
  const provider = createNtfy({ server: proxy.url, topic: TOPIC, clock, send });
  const target = alarmTarget(T);
  const problems: (string | undefined)[] = [];
  const h = await alarmEscalation({ clock, provider, target, changed: (st) => problems.push(st.problem) });
  /** Steps of 5 s to `toMs`, the keepalives on ntfy's beat (counted from T). */
  const runTo = async (toMs: number) => {
    // Nothing streams before T (no answer is awaited yet): the hour before in one move, each timer at its instant.
    if (clock.now() < T - 10_000) await clock.advanceTo(T - 10_000);
    for (let at = clock.now() + 5_000 - (clock.now() % 5_000); at <= toMs; at += 5_000) {
      await clock.advanceTo(at);
      if ((at - T) % KEEPALIVE_MS === 0) proxy.keepalive(at / 1000);
      await tick();
    }
  };
  return { clock, s, proxy, target, problems, runTo, ...h };
}

describe('a live answer stream whose path dies silently', () => {
  it('the phone’s "I’m on it" tapped just after the path died is heard within 15 s', async () => {
    const h = await rig();
    // The phone rings at T+3:00 (N = 3 min); a keepalive arrives at T+3:00 too, then the path dies.
    await h.runTo(T + 3 * MIN);
    const [alert] = h.s.rang(TOPIC);
    if (!alert) throw new Error('the phone did not ring');
    expect(h.proxy.blackhole()).toBe(1);
    const tapAt = T + 3 * MIN + 5_000;
    await h.clock.advanceTo(tapAt);
    await h.clock.inFlight.track(h.s.tapAction(alert));
    let heardAt: number | undefined;
    for (let at = tapAt; at <= tapAt + 3 * MIN && heardAt === undefined; at += 1_000) {
      await h.clock.advanceTo(at);
      for (let i = 0; i < 3 && heardAt === undefined; i++) {
        await tick();
        if (h.store.get(h.target.key)?.ackedAtMs !== undefined) heardAt = at;
      }
    }
    expect(heardAt).toBeDefined();
    expect((heardAt ?? Infinity) - tapAt).toBeLessThanOrEqual(PROMISE_MS);
    // Nothing failed: no problem is said.
    expect(h.problems.filter(Boolean)).toEqual([]);
  }, 120_000);

  it('a wake replaces the answer stream (its path may have died during the sleep), leaving none behind', async () => {
    const h = await rig();
    await h.runTo(T + MIN);
    expect(h.proxy.open()).toBe(1);
    const before = h.proxy.opened();
    // Before the phone rings (no read beside the stream yet): the path dies, then the computer wakes.
    expect(h.proxy.blackhole()).toBe(1);
    await h.late.esc?.look(true);
    for (let i = 0; i < 50 && (h.proxy.open() < 1 || h.proxy.dead() > 0); i++) await tick();
    expect(h.proxy.opened()).toBe(before + 1);
    expect(h.proxy.open()).toBe(1);
    // The dead connection was closed by the app, not left open.
    expect(h.proxy.dead()).toBe(0);
  }, 60_000);
});
