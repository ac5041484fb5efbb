// adv50 r32: the answer stream's probe (a message the app publishes to its own `-ack` topic, ntfy-probe.ts) is
// spaced by the app, not by the stream. Before, each new stream restarted the probe's timer: a proxy ending every
// stream 30 s after it opened got a probe each ~31 s (58 in 30 min), and a server sending no keepalives (each stream
// replaced after IDLE_MS of silence) one each ~62 s, spending ntfy.sh's 250 messages a day in about 2 hours. Real
// engine, simulator, fake clock, the loopback ntfy stand-in; nobody answers the 09:00 alarm.
import { afterEach, describe, expect, it } from 'vitest';
import { PROBE_EVERY_MS } from '../../../electron/core/escalation/ntfy-probe';
import { closeStands, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);
/** Real time for bytes on the loopback sockets (the stream's lines are no tracked request). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
/** Fake time per step: each step also waits real time for the loopback bytes, so the count of steps is the file's
 *  cost. The world's own instants (a cut 30 s after an open, keepalives each 45 s, a silent stream's 60 s idle
 *  limit, the 10 min spacing under test) are all many steps long; 2 s steps keep each within 2 s of it. */
const STEP_MS = 2_000;

/** `cutAfterMs`: a proxy ends each stream this long after it opened; `keepaliveMs`: the server's keepalive (none:
 *  it sends none). */
async function world(cutAfterMs: number | undefined, keepaliveMs: number | undefined) {
  const r = await withNtfy({ streamBytes: true });
  await r.h.clock.advanceTo(MY_START - 10_000);
  let openedAt: number | undefined;
  let keptMs = r.h.clock.now();
  const step = async () => {
    // Waits on the stream's lines too (streamBytes): no real-time sleep per step.
    await r.h.clock.advance(STEP_MS);
    const now = r.h.clock.now();
    if (keepaliveMs !== undefined && now - keptMs >= keepaliveMs) {
      r.s.streams.keepalive(now);
      keptMs = now;
    }
    if (r.s.streams.count() === 0) openedAt = undefined;
    else openedAt ??= now;
    if (cutAfterMs === undefined || openedAt === undefined || now - openedAt < cutAfterMs) return;
    r.s.streams.drop();
    openedAt = undefined;
    for (let i = 0; i < 50 && r.s.streams.count() > 0; i++) await tick();
  };
  return { ...r, step };
}

const probesOf = (r: Awaited<ReturnType<typeof world>>) =>
  r.s.requests.filter((q) => q.method === 'POST' && q.path === `/${TOPIC}-ack`);

describe('the answer stream’s probes across reconnects', () => {
  const cases = [
    { name: 'a proxy ending each stream after 30 s (keepalives each 45 s)', cut: 30_000, keep: 45_000, span: 30 * MIN },
    { name: 'a server sending no keepalives', cut: undefined, keep: undefined, span: 20 * MIN },
  ];
  for (const c of cases)
    it(`publishes at most one probe per 10 min with ${c.name}`, async () => {
      const r = await world(c.cut, c.keep);
      const opens0 = r.s.requests.filter((q) => q.method === 'GET' && q.path.startsWith(`/${TOPIC}-ack/json`)).length;
      while (r.h.clock.now() < MY_START + c.span) await r.step();
      const opens = r.s.requests.filter((q) => q.method === 'GET' && q.path.startsWith(`/${TOPIC}-ack/json`));
      // The world is the hostile one: the stream was opened again and again.
      expect(opens.length - opens0).toBeGreaterThan(c.span / (2 * MIN));
      // One probe at the first open, then one each PROBE_EVERY_MS at most, whatever the streams did.
      expect(probesOf(r).length).toBeLessThanOrEqual(Math.floor(c.span / PROBE_EVERY_MS) + 1);
      expect(probesOf(r).length).toBeGreaterThanOrEqual(1);
      expect(r.engine.getState().alarm?.ackedAt).toBeNull();
      await r.h.clock.runWhileAdvancing(r.engine.stop());
      await r.h.close();
    }, 120_000);

  // The last probe's time is kept with the channel's wait (phone-waits.json): a restart is one more reconnect.
  it('keeps the 10 min from the last probe across a restart of the app, cut streams and all', async () => {
    const r = await world(30_000, 45_000);
    const { h, s } = r;
    const probeTimes = () => s.ntfy.filter((m) => m.topic === `${TOPIC}-ack`).map((m) => m.postedMs);
    while (h.clock.now() < MY_START + 3 * MIN) await r.step();
    expect(probeTimes().length).toBeGreaterThanOrEqual(1);
    await h.clock.runWhileAdvancing(r.engine.stop());
    const again = r.make();
    await again.start();
    while (h.clock.now() < MY_START + 14 * MIN) await r.step();
    const times = probeTimes();
    // Probed again after the restart once the 10 min were up, never sooner.
    expect(times.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(PROBE_EVERY_MS);
    await h.clock.runWhileAdvancing(again.stop());
    await h.close();
  }, 120_000);
});
