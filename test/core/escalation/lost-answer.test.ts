// A slow phone service (adv50 round 3): it acts on each request, but its answer comes after the app's 10 s timeout
// (or a proxy answers 504 after ntfy stored it). Such a request MAY HAVE LANDED: outcome unknown, never "not sent".
// Before, "I'm on it" sent no DELETE for a booking whose answer was lost (the phone rang 2 min after the ack), and a
// booking maybe held was treated as missing: the app re-booked under ntfy's minimum delay (400) and then sent the
// alert itself, 3 tries per call — the phone got it 5 times (25 in an hour). The real alarm engine and escalator on a
// fake clock, real HTTP to the loopback ntfy/Pushover stand-in; the slow wrapper lets each request reach it first.
import { describe, expect, it } from 'vitest';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { ESCALATIONS_FILE } from '../../../electron/core/escalation/record-store';
import {
  MIN,
  T,
  TOPIC,
  alarmEscalation,
  alarmTarget,
  phoneProvider,
  phoneServices,
  timeoutAfter,
} from './support/escalator-rig';

const target = alarmTarget(T);

/** `slow` (from, to): the server acts on each request, then its answer is lost — after the 10 s timeout, or as a
 *  proxy's 504 (`mode`). */
async function rig(kind: 'ntfy' | 'pushover', slow: [number, number], mode: 'timeout' | '504' = 'timeout') {
  const { clock, s } = await phoneServices(T - 60 * MIN);
  const send: HttpSend = async (req, timeoutMs) => {
    const res = await clock.inFlight.track(fetchSend(req, timeoutMs));
    const now = clock.now();
    if (now < slow[0] || now >= slow[1]) return res;
    if (mode === '504') return { status: 504, text: 'Gateway Time-out' };
    return timeoutAfter(clock, timeoutMs);
  };
  const provider = phoneProvider(kind, s.url, clock, send);
  const a = await alarmEscalation({ clock, provider, target });
  const { engine, files, make, late } = a;
  let esc = a.esc;
  const deletes = () => s.requests.filter((q) => q.method === 'DELETE').length;
  /** The app quits and starts again: a new escalator reads escalations.json. */
  const restart = async () => {
    await esc.stop();
    esc = await make();
    late.esc = esc;
    void esc.setTargets([target]);
    return esc;
  };
  return { clock, s, esc, engine, files, deletes, restart };
}

describe('a booking whose answer was lost may be held: "I\'m on it" cancels it (failed before: no DELETE)', () => {
  it.each(['timeout', '504'] as const)('slow until T+2 (%s), ack at T+1: no ring, DELETE sent', async (mode) => {
    const r = await rig('ntfy', [T - 60 * MIN, T + 2 * MIN], mode);
    await r.clock.advanceTo(T - 3 * MIN);
    await r.clock.advanceTo(T - 2 * MIN);
    // Not "booked", not "Ready": unknown.
    expect(r.esc.status().problem).toMatch(/may not be booked/);
    expect(r.esc.status().bookingUnknown).toBe(true);
    // Kept on disk: a restart still cancels it.
    expect(JSON.parse((await r.files.read(ESCALATIONS_FILE)) ?? '{}')).toHaveProperty(['maybe', target.key]);
    await r.clock.advanceTo(T + MIN);
    await r.clock.inFlight.track(r.engine.ack(target.key, 'window'));
    await r.clock.advanceTo(T + MIN + 45_000);
    expect(r.esc.status().problem).toMatch(/your phone may still ring/);
    await r.clock.advanceTo(T + 30 * MIN);
    expect(r.s.rang(TOPIC)).toEqual([]);
    expect(r.deletes()).toBeGreaterThanOrEqual(1);
    expect(r.esc.status().problem).toBeUndefined();
  });
});

describe('a booking maybe held is not sent again by the app (failed before: 5 and 25 deliveries)', () => {
  it.each([
    ['slow until T+5', T + 5 * MIN, T + 20 * MIN],
    ['slow for the hour', T + 60 * MIN, T + 65 * MIN],
  ])('%s, no ack: the phone gets the alert once, at T+3', async (_, until, endMs) => {
    const r = await rig('ntfy', [T - 60 * MIN, until]);
    await r.clock.advanceTo(T + 4 * MIN);
    expect(r.esc.status().problem).toMatch(/may not have reached your phone/);
    await r.clock.advanceTo(endMs);
    expect(r.s.rang(TOPIC).map((m) => m.deliverMs)).toEqual([T + 3 * MIN]);
  });
});

describe('an immediate send that may have landed is not repeated (Pushover: each request rings)', () => {
  it.each(['timeout', '504'] as const)('slow T+3 to T+60 (%s): one message request', async (mode) => {
    const r = await rig('pushover', [T + 3 * MIN, T + 60 * MIN], mode);
    await r.clock.advanceTo(T + 4 * MIN);
    expect(r.esc.status().problem).toMatch(/may not have reached your phone/);
    await r.clock.advanceTo(T + 90 * MIN);
    expect(r.s.requests.filter((q) => q.path === '/1/messages.json')).toHaveLength(1);
  });
});

describe('a booking maybe held is kept across a restart', () => {
  it('acknowledged while slow, the app restarted before the cancel went through: the new run cancels it', async () => {
    const r = await rig('ntfy', [T - 60 * MIN, T + 2 * MIN]);
    await r.clock.advanceTo(T + MIN);
    await r.clock.inFlight.track(r.engine.ack(target.key, 'window'));
    await r.clock.advanceTo(T + MIN + 45_000);
    // Only escalations.json tells the new run: the alarm is acknowledged, so it books nothing for it.
    const before = r.deletes();
    const esc = await r.clock.runWhileAdvancing(r.restart());
    await r.clock.advanceTo(T + 30 * MIN);
    expect(r.s.rang(TOPIC)).toEqual([]);
    expect(r.deletes()).toBeGreaterThan(before);
    expect(esc.status().problem).toBeUndefined();
  });
});
