// adv50 r27 #1: a 24-hour Platform shift (me Tue 03-10 09:00 -> Wed 03-11 09:00 UTC) slept through from 08:50 to
// 03:00 the next day; the alarm rings late on waking, and the phone alert reaches the phone on Wednesday. It said a
// bare "Your shift started at 10:00", a time still ahead that morning, where the laptop says "since 10 Mar, 10:00".
// The start is now named with its day when the alert is delivered on another day: read back by the independent parser
// (a bare time is today's, a weekday the coming one), the words name the start itself. Failed before the fix.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fetchSend, type HttpRequest } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, PLATFORM_ID, platformSeed } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';
import { timeAfter } from '../support/surface-text';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const WAKE = MY_START + 18 * 60 * MIN; // Wed 03:00 UTC, 04:00 in Berlin
const ZONE = 'Europe/Berlin';
const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';
const servers: Server[] = [];
let stand: StandIn | undefined;
afterEach(async () => {
  for (const s of servers.splice(0)) s.close();
  await stand?.close();
  stand = undefined;
});

async function receiver(now: () => number) {
  const posts: { atMs: number; body: string }[] = [];
  const srv = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      posts.push({ atMs: now(), body });
      res.end('ok');
    });
  });
  servers.push(srv);
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const address = srv.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, posts };
}

async function world() {
  const h = await createHarness({ startMs: START, seed: platformSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [PLATFORM_ID] });
  const hook = await receiver(() => h.clock.now());
  const s = await startStandIn(() => h.clock.now());
  stand = s;
  const send = (req: HttpRequest, t: number) =>
    h.clock.inFlight.track(fetchSend({ ...req, url: req.url.replace('https://hooks.example.com', hook.url) }, t));
  const engine = h.engine({
    phone: { send },
    localZone: () => ZONE,
    alarmSurface: { show: () => undefined, close: () => undefined },
  });
  await engine.start();
  await h.clock.advance(1_000);
  return { h, hook, s, engine };
}

/** Sleeps from 10 min before the start until Wednesday 03:00 UTC and lets the late alarm ring. */
async function sleepThroughStart(w: Awaited<ReturnType<typeof world>>) {
  await w.h.clock.advanceTo(MY_START - 10 * MIN);
  w.h.clock.sleep(WAKE - w.h.clock.now());
  w.engine.power('resume');
  await w.h.clock.advance(40_000);
  await w.h.clock.runWhileAdvancing(w.engine.alarmsSettled());
}

/** The start the alert's text names, read as its reader reads it at delivery. */
const startSaid = (text: string, deliverMs: number) => timeAfter(text, 'started at', deliverMs, ZONE);

describe('a phone alert for a start on an earlier day names that day', () => {
  it('webhook, sent by this computer the next morning: "started at 10 Mar, 10:00"', async () => {
    const w = await world();
    const saved = await w.engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'webhook', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: { webhookUrl: HOOK },
    });
    expect(saved.ok).toBe(true);
    await w.h.clock.runWhileAdvancing(w.engine.alarmsSettled());
    await sleepThroughStart(w);
    await w.h.clock.advance(10 * MIN);
    const alert = w.hook.posts.find((p) => p.body.includes('shift-start-not-acknowledged'));
    await w.h.clock.runWhileAdvancing(w.engine.stop());
    expect(alert).toBeDefined();
    const text = z.object({ text: z.string() }).safeParse(JSON.parse(alert?.body ?? '{}')).data?.text ?? '';
    expect(alert!.atMs).toBeGreaterThan(WAKE);
    expect(startSaid(text, alert!.atMs), text).toBe(MY_START);
  }, 180_000);

  it('ntfy set up while the late alarm rings: booked and delivered on Wednesday, dated', async () => {
    const w = await world();
    await sleepThroughStart(w);
    const saved = await w.engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: w.s.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    });
    expect(saved.ok).toBe(true);
    await w.h.clock.advance(10 * MIN);
    const rang = w.s.rang(TOPIC);
    await w.h.clock.runWhileAdvancing(w.engine.stop());
    expect(rang).toHaveLength(1);
    expect(rang[0]!.deliverMs).toBeGreaterThan(WAKE);
    expect(startSaid(rang[0]!.message, rang[0]!.deliverMs), rang[0]!.message).toBe(MY_START);
  }, 180_000);

  it('ntfy booked the day before and delivered the same day: the bare time stays', async () => {
    const w = await world();
    const saved = await w.engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: w.s.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    });
    expect(saved.ok).toBe(true);
    await w.h.clock.runWhileAdvancing(w.engine.alarmsSettled());
    await w.h.clock.advanceTo(MY_START + 10 * MIN);
    const rang = w.s.rang(TOPIC);
    await w.h.clock.runWhileAdvancing(w.engine.stop());
    expect(rang).toHaveLength(1);
    expect(rang[0]!.message).toMatch(/started at \d\d:\d\d /);
    expect(startSaid(rang[0]!.message, rang[0]!.deliverMs), rang[0]!.message).toBe(MY_START);
  }, 180_000);
});
