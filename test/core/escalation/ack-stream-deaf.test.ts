// adv50 r30 #1: the `-ack` subscription stays open and gets ntfy's keepalives (every 45 s, docs/config.md
// `keepalive-interval`) but never carries a published message (a subscription served by an instance or proxy that
// no longer gets the topic's messages); polls read the cache as ever. Before, a tap more than an hour after the phone
// rang was never counted: the stream counted as working on its keepalives alone. Real engine, simulator, fake clock,
// the loopback ntfy stand-in with its subscriptions made deaf (`streams.publish` delivers nothing).
import { afterEach, describe, expect, it } from 'vitest';
import { alertsOn, closeStands, HOUR, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);
/** The first minutes' steps (the stream opens, is probed or found unchecked): each step also waits real time for
 *  the loopback bytes, so their count is the file's cost; the world's instants (45 s keepalives, the probe's
 *  minutes) are many steps long. */
const FIRST_STEP_MS = 2_000;
/** The count's window from the start, and where its late hour begins (past 09:03's hour of 5 s reads). */
const WINDOW = 125 * MIN;
const LATE_FROM = 65 * MIN;

async function deafWorld() {
  const r = await withNtfy({ streamBytes: true });
  r.s.streams.publish = () => undefined;
  await r.h.clock.advanceTo(MY_START - 10_000);
  let lastKeepMs = r.h.clock.now();
  const step = async (ms: number) => {
    // Waits on the stream's lines too (streamBytes): no real-time sleep per step.
    await r.h.clock.advance(ms);
    if (r.h.clock.now() - lastKeepMs < 45_000) return;
    r.s.streams.keepalive(r.h.clock.now());
    lastKeepMs = r.h.clock.now();
  };
  return { ...r, step };
}

describe('an answer stream with keepalives but no messages', () => {
  for (const tapAfterMs of [10 * MIN, 90 * MIN]) {
    it(`hears the phone's "I'm on it" tapped ${tapAfterMs / MIN} min after the start within 15 s`, async () => {
      const { h, s, engine, step } = await deafWorld();
      while (h.clock.now() < MY_START + 5 * MIN) await step(FIRST_STEP_MS);
      while (h.clock.now() < MY_START + tapAfterMs) await step(15_000);
      const rang = alertsOn(s, TOPIC);
      expect(rang).toHaveLength(1);
      await s.tapAction(rang[0]!);
      const tapMs = h.clock.now();
      while (engine.getState().alarm?.ackSource !== 'phone' && h.clock.now() < tapMs + 10 * MIN) await step(5_000);
      expect(engine.getState().alarm?.ackSource).toBe('phone');
      expect(h.clock.now() - tapMs).toBeLessThanOrEqual(15_000);
      // The phone's time, not when the app read it.
      expect(engine.getState().alarm?.ackedAt).toBe(new Date(Math.floor(tapMs / 1000) * 1000).toISOString());
      await h.clock.runWhileAdvancing(engine.stop());
      await h.close();
    }, 120_000);
  }

  // Counted over the first 2 hours (the hour of 5 s reads after the phone rang, then an hour at the late rate) and
  // the late rate carried over the rest of the 8-hour shift: the same bound as counting all 8 hours (which took
  // ~17 s of loopback requests), failing as soon as the poll or the probe rate grows.
  it('keeps the requests of an unanswered 8-hour shift well under ntfy.sh’s limits', async () => {
    const { h, s, engine, step } = await deafWorld();
    const n0 = s.requests.length;
    // The first minutes in small steps (the stream opens and is probed), then in 10 minutes.
    while (h.clock.now() < MY_START + 5 * MIN) await step(FIRST_STEP_MS);
    while (h.clock.now() < MY_START + LATE_FROM) await step(10 * MIN);
    const nLate = s.requests.length;
    while (h.clock.now() < MY_START + WINDOW) await step(10 * MIN);
    const inWindow = s.requests.length - n0;
    const lateHour = s.requests.length - nLate;
    // Reading every 5 s for the hour after the phone rang (09:03) and every 10 s after, as a stream that doesn't work
    // is replaced by (escalator-run.ts POLL_MS, LATE_POLL_MS), plus a stream and its probe each half hour.
    const halfHours = Math.ceil(WINDOW / (30 * MIN));
    const reads = (63 * MIN) / 5_000 + (WINDOW - 63 * MIN) / 10_000;
    expect(inWindow).toBeLessThanOrEqual(reads + 2 * halfHours + 10);
    expect(lateHour).toBeLessThanOrEqual(HOUR / 10_000 + 2 * 2 + 2);
    // ntfy's default visitor limit (docs/config.md "Rate limiting"): a bucket of 60, one more each 5 s.
    const publicLimit = 60 + (8 * HOUR) / 5_000;
    const wholeShift = inWindow + (lateHour * (8 * HOUR - WINDOW)) / HOUR;
    expect(wholeShift).toBeLessThan(publicLimit * 0.6);
    const probes = s.ntfy.filter((m) => m.topic === `${TOPIC}-ack`);
    expect(probes.length).toBeLessThanOrEqual(halfHours + 1);
    expect(probes.every((m) => !/^ack /.test(m.message))).toBe(true);
    expect(engine.getState().alarm?.ackedAt).toBeNull();
    await h.clock.runWhileAdvancing(engine.stop());
    await h.close();
  }, 120_000);
});
