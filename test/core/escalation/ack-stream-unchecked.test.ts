// adv50 r34 (issue 50): once the app may publish no more probes today (PROBE_DAY_MAX probes, or PUBLISH_PROBE_STOP
// messages published, probe-ledger.ts), a stream that gets keepalives but no messages could no longer be caught:
// a tap 90 min after the start went unheard for the rest of the shift, 0 probes, and nothing said. Now a stream
// that can't be checked is backed by the poll while the alarm waits, and readiness says so. Real engine, simulator,
// fake clock, the loopback ntfy stand-in with its subscriptions made deaf; the day's ledger seeded while stopped.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { alertsOn, closeStands, HOUR, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);
/** The first minutes' steps (the stream opens, is probed or found unchecked): each step also waits real time for
 *  the loopback bytes, so their count is the file's cost; the world's instants (45 s keepalives, the probe's
 *  minutes) are many steps long. */
const FIRST_STEP_MS = 2_000;
const POLLED =
  'Phone escalation: the answer stream can’t be checked until the day’s message allowance starts over (it is kept for your alerts); the app reads the phone’s answers by polling.';

const WaitsSchema = z.object({ ledgers: z.record(z.string(), z.object({}).passthrough()) }).passthrough();

/** The app as restarted at 08:40 with today's ledger seeded (`seed`: the counts of the day), its stream deaf. */
async function cappedWorld(seed: { published?: number; probes?: number }) {
  const r = await withNtfy({ streamBytes: true });
  const { h } = r;
  await h.clock.advanceTo(MY_START - 20 * MIN);
  await h.clock.runWhileAdvancing(r.engine.stop());
  const read = WaitsSchema.safeParse(JSON.parse((await h.files.read('phone-waits.json')) ?? '{}'));
  if (!read.success) throw new Error('phone-waits.json holds the channels’ ledgers');
  const raw = read.data;
  const ledgers = raw.ledgers;
  expect(Object.keys(ledgers).length).toBeGreaterThan(0);
  const dayMs = MY_START - (MY_START % (24 * HOUR));
  for (const ch of Object.keys(ledgers)) ledgers[ch] = { ...ledgers[ch], dayMs, ...seed };
  await h.files.writeAtomic('phone-waits.json', JSON.stringify({ ...raw, ledgers }));
  const engine = r.make();
  await engine.start();
  r.s.streams.publish = () => undefined;
  // No answer is awaited before 09:00 (nothing streams): up to it in one move, each timer at its own instant.
  await h.clock.advanceTo(MY_START - 10_000);
  let lastKeepMs = h.clock.now();
  const step = async (ms: number) => {
    // Waits on the stream's lines too (streamBytes): no real-time sleep per step.
    await h.clock.advance(ms);
    if (h.clock.now() - lastKeepMs < 45_000) return;
    r.s.streams.keepalive(h.clock.now());
    lastKeepMs = h.clock.now();
  };
  const phoneLine = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'phone')?.message;
  return { ...r, engine, step, phoneLine };
}

describe('an answer stream the app may not probe any more today', () => {
  for (const seed of [{ published: 150 }, { probes: 72 }])
    it(`is backed by the poll and said (${JSON.stringify(seed)}): a tap 90 min after the start heard within 15 s`, async () => {
      const { h, s, engine, step, phoneLine } = await cappedWorld(seed);
      while (h.clock.now() < MY_START + 5 * MIN) await step(FIRST_STEP_MS);
      while (h.clock.now() < MY_START + 90 * MIN) await step(15_000);
      expect(phoneLine()).toBe(POLLED);
      // No probe went out: the day's allowance is the user's.
      expect(s.ntfy.filter((m) => m.topic === `${TOPIC}-ack`)).toHaveLength(0);
      const rang = alertsOn(s, TOPIC);
      expect(rang).toHaveLength(1);
      await s.tapAction(rang[0]!);
      const tapMs = h.clock.now();
      while (engine.getState().alarm?.ackSource !== 'phone' && h.clock.now() < tapMs + 10 * MIN) await step(5_000);
      expect(engine.getState().alarm?.ackSource).toBe('phone');
      expect(h.clock.now() - tapMs).toBeLessThanOrEqual(15_000);
      // Nothing awaited any more: the stream is closed and the line with it.
      await step(5_000);
      expect(phoneLine()).not.toBe(POLLED);
      await h.clock.runWhileAdvancing(engine.stop());
      await h.close();
    }, 120_000);
});
