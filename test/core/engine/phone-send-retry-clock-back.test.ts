// adv52 r25 (every retry gate): a phone alert this computer sends itself (the webhook) whose send failed while the
// wall clock was ahead is sent again within its retry wait once the clock is put back, not once the clock reaches
// the instant it named then. Real engine, simulator, fake clock, a loopback receiver (refusing its first posts with 503).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend, type HttpRequest } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MIN, MY_START, START } from '../support/phone-engine-rig';

const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';
const AFTER_MIN = 3;
const STEP_MS = 5 * MIN;
/** The first retry of a failed send (missed.ts) and the escalator's 5 s poll, with slack for the tries' backoff. */
const RETRY_WITHIN_MS = 30_000 + 5_000 + 10_000;
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A webhook receiver refusing (503: known not taken) its first `failing` posts; records the instant of each alert it took. */
async function receiver(now: () => number, failing: number) {
  const taken: number[] = [];
  let seen = 0;
  const srv = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen += 1;
      if (seen <= failing) res.statusCode = 503;
      else taken.push(now());
      res.end('ok');
    });
  });
  servers.push(srv);
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, taken, seen: () => seen };
}

describe('a failed phone send retried after the clock is set back', () => {
  it('goes out within its retry wait of the clock being put right', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    // Every try of the first send (three, http.ts) is refused.
    const hook = await receiver(() => h.clock.now(), 3);
    const send = (req: HttpRequest, timeoutMs: number) =>
      h.clock.inFlight.track(
        fetchSend({ ...req, url: req.url.replace('https://hooks.example.com', hook.url) }, timeoutMs),
      );
    const engine = h.engine({ phone: { send } });
    await engine.start();
    await h.clock.advance(1_000);
    const saved = await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'webhook', ntfyServer: 'https://ntfy.sh', afterMin: AFTER_MIN },
      secrets: { webhookUrl: HOOK },
    });
    expect(saved.ok).toBe(true);
    // Nobody answers the 09:00 alarm. Just before the alert is due, the clock jumps ahead; the send fails then.
    await h.clock.advanceTo(MY_START + AFTER_MIN * MIN - 1_000);
    h.clock.stepWall(STEP_MS);
    await h.clock.advance(10_000);
    expect(hook.seen()).toBeGreaterThanOrEqual(3);
    expect(hook.taken).toEqual([]);
    h.clock.stepWall(-STEP_MS);
    const backAtMs = h.clock.now();
    await h.clock.advance(RETRY_WITHIN_MS);
    expect(hook.taken.length).toBeGreaterThan(0);
    expect(hook.taken[0]).toBeLessThanOrEqual(backAtMs + RETRY_WITHIN_MS);
    await engine.stop();
    await h.close();
  }, 60_000);
});
