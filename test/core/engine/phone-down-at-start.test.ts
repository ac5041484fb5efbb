// adv50 r24 #2: ntfy refuses connections (a closed port: a real ECONNREFUSED) from Settings → Phone save at 06:00
// until 09:30; nobody answers the 09:00 alarm. Real engine, simulator, loopback ntfy stand-in, fake clock. While
// tomorrow's booking and today's alert keep failing, readiness says a problem every minute (before, from 09:04 it
// said only "set up but not tested": the unsent alert hid the failed booking), and what it says ("trying again each
// minute") is what happens: the phone rings within a minute of ntfy answering again (before, the unsent alert's
// retries backed off to 10 min and the phone rang at 09:38:30 for ntfy back at 09:30).
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { alertsOn, closeStands, MIN, MY_START, START, startStand, TOPIC } from '../support/phone-engine-rig';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

afterEach(closeStands);

/** A port nothing listens on (bound, then closed): a request to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('ntfy refused through the start, the alarm unanswered', () => {
  it('readiness says a problem while it lasts, and the phone rings within a minute of ntfy coming back', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const s = await startStand(h);
    const refused = `http://127.0.0.1:${await closedPort()}`;
    const net = { down: true };
    const engine = h.engine({
      phone: {
        send: (req, tmo) =>
          h.clock.inFlight.track(fetchSend(net.down ? { ...req, url: req.url.replace(s.url, refused) } : req, tmo)),
      },
    });
    await engine.start();
    await h.clock.advance(1000);
    await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    const phoneLine = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
    const backMs = MY_START + 30 * MIN;
    for (let m = -5; m < 30; m++) {
      await h.clock.advanceTo(MY_START + m * MIN);
      // Nothing went through: neither today's alert nor tomorrow's booking is on the server.
      expect(s.scheduled(TOPIC)).toEqual([]);
      expect(alertsOn(s, TOPIC)).toEqual([]);
      expect({ m, result: phoneLine()?.result }).toEqual({ m, result: 'problem' });
      expect(phoneLine()?.message).toMatch(/ECONNREFUSED/);
    }
    await h.clock.advanceTo(backMs);
    expect(alertsOn(s, TOPIC)).toEqual([]);
    net.down = false;
    await h.clock.advanceTo(backMs + 2 * MIN);
    const rang = alertsOn(s, TOPIC).map((a) => a.deliverMs);
    expect(rang).toHaveLength(1);
    // Tried each minute: at most a minute (and the try's own few seconds) after ntfy answers again.
    expect(rang[0]).toBeGreaterThanOrEqual(backMs);
    expect(rang[0]).toBeLessThanOrEqual(backMs + MIN + 10_000);
    await h.clock.runWhileAdvancing(engine.stop());
    await h.close();
  }, 90_000);
});
