// A phone alert this computer sends itself (the webhook) after a wake (adv50 round 14, finding 1): real engine,
// simulator, fake clock whose sleep carries pending timers past the wake (as Node's timers do across a suspend), and
// a loopback HTTP receiver recording each POST. The laptop sleeps before the 09:00 start and wakes after it; the late
// alarm rings on waking and nobody answers. "N counts from the ring, a late one too": the POST goes out 3 min after
// the late ring. Failed before: it went out at 09:00:01 plus the sleep's length (asleep 08:50–09:10: at 09:20:01),
// as the timer armed before the sleep was carried past the wake and nothing planned the send again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend, type HttpRequest } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MIN, MY_START, START } from '../support/phone-engine-rig';

const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function receiver(now: () => number): Promise<{ url: string; posts: { atMs: number; event: string }[] }> {
  const posts: { atMs: number; event: string }[] = [];
  const srv = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed: unknown = JSON.parse(body || '{}');
      const event = parsed !== null && typeof parsed === 'object' && 'event' in parsed ? String(parsed.event) : '';
      posts.push({ atMs: now(), event });
      res.end('ok');
    });
  });
  servers.push(srv);
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, posts };
}

async function sleptThrough(asleepMs: number, wakeMs: number) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const hook = await receiver(() => h.clock.now());
  const send = (req: HttpRequest, timeoutMs: number) =>
    h.clock.inFlight.track(
      fetchSend({ ...req, url: req.url.replace('https://hooks.example.com', hook.url) }, timeoutMs),
    );
  const engine = h.engine({ phone: { send } });
  await engine.start();
  await h.clock.advance(1_000);
  const saved = await engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'webhook', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
    secrets: { webhookUrl: HOOK },
  });
  expect(saved.ok).toBe(true);
  await h.clock.advanceTo(asleepMs);
  h.clock.sleep(wakeMs - asleepMs);
  engine.power('resume');
  await h.clock.advanceTo(wakeMs + 30 * MIN);
  const alerts = hook.posts.filter((p) => p.event === 'shift-start-not-acknowledged');
  await h.clock.runWhileAdvancing(engine.stop());
  await h.close();
  return alerts.map((p) => p.atMs);
}

describe('webhook after a wake: N counts from the late ring, not from before the sleep', () => {
  // [asleep from, woke] as minutes from the 09:00 start: the report's rows.
  const rows: [number, number][] = [
    [-10, 10],
    [-20, 10],
    [-10, 70],
  ];
  for (const [from, woke] of rows)
    it(`asleep ${from} min → woke ${woke} min: one POST 3 min after the ring on waking`, async () => {
      const wakeMs = MY_START + woke * MIN;
      const posts = await sleptThrough(MY_START + from * MIN, wakeMs);
      expect(posts).toHaveLength(1);
      // The late alarm rings on waking (within the alarms' hold grace, 30 s); the POST 3 min after it.
      expect(posts[0]).toBeGreaterThanOrEqual(wakeMs + 3 * MIN);
      expect(posts[0]).toBeLessThanOrEqual(wakeMs + 3 * MIN + 35_000);
    }, 30_000);
});
