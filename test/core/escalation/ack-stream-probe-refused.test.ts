// adv50 r36 (issue 50): a deaf answer stream (keepalives, no messages) while the server refuses only the laptop's
// probe POSTs (a 503 from its proxy, or a 429 without Retry-After: ntfy.sh's per-IP daily quota used up by other
// ntfy use on the network); the phone, on another network, still publishes its "I'm on it". Before, a probe not
// published was taken as nothing learned: the stream still counted as hearing, the tap at 10:20 (after the hour of
// side reads) went unheard for the rest of the shift, and readiness said only "set up but not tested". Now a probe
// the server didn't take is the same as none possible: the poll reads beside the stream and readiness says why; a
// refused probe spends none of the day's probe allowance. Real engine, simulator, fake clock, ntfy stand-in.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { streamWithBytes } from '../support/stream-bytes';
import { alertsOn, closeStands, MIN, MY_START, START, startStand, TOPIC } from '../support/phone-engine-rig';

afterEach(closeStands);
const LedgerSchema = z.object({ published: z.number(), probes: z.number() }).passthrough();
const WaitsSchema = z.object({ ledgers: z.record(z.string(), LedgerSchema) }).passthrough();
/** The side read's interval past the hour after the phone's time (escalator-run.ts LATE_POLL_MS), plus one step. */
const HEARD_WITHIN_MS = 10_000 + 5_000;

/** What readiness must say while the server refuses the probes (the app was never sent a test). */
const refusedLine = (status: number) =>
  `Phone escalation: set up but not tested (Send test in Settings → Phone); the app can't check that your phone's answers arrive (the server refused its check: HTTP ${status}${status === 429 ? ' (too many requests)' : ''}); it reads them every 10 s or sooner instead.`;

async function deafWorld(status: number) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, {
    email: ME,
    scheduleIds: [OPS_ID],
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const s = await startStand(h);
  const refused: number[] = [];
  const send: HttpSend = (req, t) => {
    const probe = req.method === 'POST' && /-ack$/.test(new URL(req.url).pathname) && /^probe /.test(req.body ?? '');
    if (status !== 0 && probe) {
      refused.push(h.clock.now());
      return Promise.resolve({ status, text: '{"code":50301,"error":"unavailable"}' });
    }
    return h.clock.inFlight.track(fetchSend(req, t));
  };
  // Fake time waits on the stream's lines reaching the app (stream-bytes.ts): no real-time sleep per step.
  const engine = h.engine({ phone: { send, pushoverApi: s.url, stream: streamWithBytes(h.clock, s.streams) } });
  await engine.start();
  await h.clock.advance(1_000);
  const saved = await engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
    secrets: { ntfyTopic: TOPIC },
  });
  expect(saved.ok).toBe(true);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  // Nothing streams or probes before 09:00 (no answer is awaited): the hours before go in one move, each timer at its
  // own instant and every tracked request waited for; only the stream's hour is stepped with real time for its bytes.
  await h.clock.advanceTo(MY_START - 10_000);
  s.streams.publish = () => undefined; // deaf: keepalives only
  let lastKeepMs = h.clock.now();
  const step = async (ms: number) => {
    await h.clock.advance(ms);
    if (h.clock.now() - lastKeepMs < 45_000) return;
    s.streams.keepalive(h.clock.now());
    lastKeepMs = h.clock.now();
  };
  const phoneLine = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'phone')?.message;
  const ledger = async () => {
    const read = WaitsSchema.safeParse(JSON.parse((await h.files.read('phone-waits.json')) ?? '{}'));
    if (!read.success) throw new Error('phone-waits.json holds the channel’s ledger');
    return Object.values(read.data.ledgers);
  };
  return { h, s, engine, refused, step, phoneLine, ledger };
}

for (const status of [0, 503, 429]) {
  describe(`probes ${status === 0 ? 'taken (control)' : `refused with ${status}`}, the answer stream deaf`, () => {
    it('hears a tap given 80 min after the start within the side read’s interval, and says why it polls', async () => {
      const { h, s, engine, refused, step, phoneLine, ledger } = await deafWorld(status);
      while (h.clock.now() < MY_START + 80 * MIN) await step(h.clock.now() < MY_START + 5 * MIN ? 5_000 : 15_000);
      const rang = alertsOn(s, TOPIC);
      expect(rang).toHaveLength(1);
      if (status === 0) {
        expect(refused).toHaveLength(0);
        expect(phoneLine()).not.toContain('can’t check');
        expect(phoneLine()).not.toContain("can't check");
      } else {
        expect(refused.length).toBeGreaterThan(0);
        // Soft: a run before the fix shows each finding (the line, the counts, the tap) at once.
        expect.soft(phoneLine()).toBe(refusedLine(status));
        // Tried no more than once per 10 min (probe-ledger.ts): the refusing server isn't asked at each look.
        for (let i = 1; i < refused.length; i++) expect(refused[i]! - refused[i - 1]!).toBeGreaterThanOrEqual(10 * MIN);
      }
      // The day's counts: only what the server took. Probes: those stored on the stand; published: every POST
      // that reached it (the refused probes never did).
      const [l] = await ledger();
      const probesStored = s.ntfy.filter((m) => m.topic === `${TOPIC}-ack` && /^probe /.test(m.message)).length;
      expect.soft(l?.probes).toBe(probesStored);
      expect.soft(l?.published).toBe(s.requests.filter((r) => r.method === 'POST').length);
      if (status !== 0) expect(probesStored).toBe(0);
      await s.tapAction(rang[0]!);
      const tapMs = h.clock.now();
      while (engine.getState().alarm?.ackSource !== 'phone' && h.clock.now() < tapMs + 20 * MIN) await step(5_000);
      expect(engine.getState().alarm?.ackSource).toBe('phone');
      expect(h.clock.now() - tapMs).toBeLessThanOrEqual(HEARD_WITHIN_MS);
      await h.clock.runWhileAdvancing(engine.stop());
      await h.close();
    }, 180_000);
  });
}
