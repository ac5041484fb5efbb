// Issue 50: the phone's "I'm on it" heard over ONE ntfy subscription (`GET <topic>-ack/json?since=…`, ntfy
// docs/subscribe/api.md), not read every 5–10 s. Real alarm engine and escalator on a fake clock, real HTTP to the
// loopback stand-in (test/support/ntfy-stream-standin.ts: an `open` event, the messages `since=` asks for, each new
// one as it is published, keepalives the test sends every 45 s as ntfy does by default). Before the fix, an 8-hour
// unanswered shift made ~3,000 answer reads (one each 5 s for the first hour, each 10 s after).
import { describe, expect, it } from 'vitest';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { fetchStream, type HttpStream } from '../../../electron/core/escalation/http-stream';
import { createNtfy } from '../../../electron/core/escalation/ntfy';
import { AWAIT_ACK_MS, LATE_POLL_MS } from '../../../electron/core/escalation/escalator-run';
import { PROBE_EVERY_MS } from '../../../electron/core/escalation/ntfy-probe';
import { trackedStream } from './support/tracked-stream';
import { alarmEscalation, alarmTarget, MIN, phoneServices, T, TOPIC } from './support/escalator-rig';

const HOUR = 60 * MIN;
const ACK_PATH = `/${TOPIC}-ack/json`;

/** Waits in real time (the stream is not a tracked request: fake time does not wait for it) until `ok`. */
async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!ok()) throw new Error(`never: ${what}`);
}

async function rig() {
  const { clock, s } = await phoneServices(T - HOUR);
  const send: HttpSend = (req, timeoutMs) => clock.inFlight.track(fetchSend(req, timeoutMs));
  // Fake time waits (as for a request) until a keepalive sent has reached the app: else the idle check could run
  // ahead of bytes still on the loopback socket.
  let heard: (() => void) | undefined;
  let opens = 0;
  const stream: HttpStream = trackedStream(clock, (req, onText, signal) => {
    opens++;
    return fetchStream(req, (text) => (onText(text), heard?.(), (heard = undefined)), signal);
  });
  const provider = createNtfy({ server: s.url, topic: TOPIC, clock, send, stream });
  const target = alarmTarget(T);
  const problems: (string | undefined)[] = [];
  const r = await alarmEscalation({ clock, provider, target, changed: (st) => problems.push(st.problem) });
  // ntfy's keepalive-interval (docs/config.md): 45 s by default, on the fake clock.
  const beat = () =>
    clock.setTimer(45_000, () => {
      if (s.streams.count() > 0) {
        const reached = new Promise<void>((resolve) => (heard = resolve));
        void clock.inFlight.track(Promise.race([reached, new Promise((resolve) => setTimeout(resolve, 2_000))]));
      }
      s.streams.keepalive(clock.now());
      beat();
    });
  beat();
  const ackReads = () => s.requests.filter((q) => q.method === 'GET' && q.path === ACK_PATH);
  const tap = async () => {
    const [alert] = s.rang(TOPIC);
    if (!alert) throw new Error('the phone did not ring');
    await clock.inFlight.track(s.tapAction(alert));
  };
  return { clock, s, target, problems, ackReads, tap, opens: () => opens, ...r };
}

describe('the phone’s "I’m on it" over one ntfy subscription', () => {
  it('an 8-hour unanswered shift makes a handful of requests, not thousands, and ends with no stream open', async () => {
    const h = await rig();
    let most = 0;
    for (let at = T; at <= T + 8 * HOUR + 2 * MIN; at += 10 * MIN) {
      await h.clock.advanceTo(at);
      await until(() => h.s.streams.count() <= 1, 'at most one subscription');
      most = Math.max(most, h.s.streams.count());
    }
    await h.clock.advanceTo(T + 8 * HOUR + 2 * MIN);
    expect(h.store.get(h.target.key)?.ackedAtMs).toBeUndefined();
    expect(h.s.rang(TOPIC)).toHaveLength(1);
    // Booked once (today's alert), one subscription; a poll would have read ~3,000 times. The phone rang: in the hour
    // after, while a tap is likely, one light read each LATE_POLL_MS beside the stream (its path may die unseen:
    // adv50 r29 #1), then the stream alone, with its probe each PROBE_EVERY_MS (it carries messages: adv50 r30 #1).
    expect(h.s.requests.length).toBeLessThanOrEqual(10 + AWAIT_ACK_MS / LATE_POLL_MS + (8 * HOUR) / PROBE_EVERY_MS);
    expect(h.ackReads().length).toBeGreaterThanOrEqual(1);
    expect(most).toBe(1);
    await until(() => h.s.streams.count() === 0, 'the subscription closed after the shift');
  }, 60_000);

  it('an "I’m on it" on the stream acknowledges the alarm within seconds, and the stream closes', async () => {
    const h = await rig();
    await h.clock.advanceTo(T + 20 * MIN);
    await until(() => h.s.streams.count() === 1, 'subscribed');
    await h.tap();
    await until(() => h.store.get(h.target.key)?.ackedAtMs !== undefined, 'acknowledged');
    const rec = h.store.get(h.target.key);
    expect(rec?.ackSource).toBe('phone');
    expect(rec?.ackedAtMs).toBe(T + 20 * MIN);
    await h.clock.advance(1_000);
    await until(() => h.s.streams.count() === 0, 'the subscription closed');
    const reads = h.ackReads().length;
    await h.clock.advance(2 * HOUR);
    expect(h.ackReads().length).toBe(reads);
  }, 30_000);

  it('a dropped stream reconnects with since= the last message seen and loses the answer given meanwhile', async () => {
    const h = await rig();
    // Past the hour after the phone rang: the stream alone hears the answers (no read beside it; adv50 r29 #1).
    await h.clock.advanceTo(T + 70 * MIN);
    await until(() => h.s.streams.count() === 1, 'subscribed');
    const base = h.ackReads().length;
    h.s.streams.drop();
    await until(() => h.s.streams.count() === 0, 'dropped');
    // The gap is read once at once (nothing in it yet); tapped after that read, only `since=` brings it back.
    await until(() => h.ackReads().length === base + 1, 'the gap read');
    await h.tap();
    const posted = h.s.ntfy.filter((m) => m.topic === `${TOPIC}-ack` && !m.message.startsWith('probe '));
    expect(posted).toHaveLength(1);
    expect(h.store.get(h.target.key)?.ackedAtMs).toBeUndefined();
    await h.clock.advance(2_000);
    await until(() => h.store.get(h.target.key)?.ackedAtMs !== undefined, 'acknowledged after the reconnect');
    expect(h.store.get(h.target.key)?.ackSource).toBe('phone');
    expect(h.ackReads()).toHaveLength(base + 2);
    expect(h.problems.filter(Boolean)).toEqual([]);
  }, 30_000);

  it('a 429 on reconnecting is said, and nothing goes to the server before its Retry-After', async () => {
    const h = await rig();
    // Past the hour after the phone rang: the stream alone hears the answers (no read beside it; adv50 r29 #1).
    await h.clock.advanceTo(T + 70 * MIN);
    await until(() => h.s.streams.count() === 1, 'subscribed');
    const base = h.ackReads().length;
    h.s.failNext(1, 429, { 'Retry-After': '300' });
    h.s.streams.drop();
    // The refused read's instant (the gap's read, made at once), to within a 250 ms step of fake time.
    for (let i = 0; i < 20 && h.ackReads().length < base + 1; i++) {
      await h.clock.advance(250);
      await until(() => h.s.streams.count() === 0, 'no stream');
    }
    const refusedAt = h.clock.now();
    expect(h.ackReads()).toHaveLength(base + 1);
    expect(h.s.streams.count()).toBe(0);
    await until(() => h.problems.some((p) => p?.includes('429')), 'the 429 said');
    const count = h.s.requests.length;
    await h.clock.advanceTo(refusedAt + 299_000);
    expect(h.s.requests.slice(count)).toEqual([]);
    await h.clock.advanceTo(refusedAt + 301_000);
    await until(() => h.s.streams.count() === 1, 'subscribed again after the wait');
    await until(() => h.problems.at(-1) === undefined, 'the problem cleared');
    await h.tap();
    await until(() => h.store.get(h.target.key)?.ackedAtMs !== undefined, 'acknowledged');
  }, 30_000);

  it('streams that keep ending within seconds give way to the poll, and the answer still counts within 15 s', async () => {
    const h = await rig();
    await h.clock.advanceTo(T + 10 * MIN);
    // A proxy that ends each subscription right after ntfy's `open`.
    for (let i = 0; i < 8; i++) {
      await until(() => h.s.streams.count() <= 1, 'at most one subscription');
      h.s.streams.drop();
      await h.clock.advance(2_000);
    }
    const opened = h.opens();
    await h.clock.advance(10 * MIN);
    expect(h.opens()).toBe(opened);
    await h.tap();
    const tapAt = h.clock.now();
    for (let i = 0; i < 15 && h.store.get(h.target.key)?.ackedAtMs === undefined; i++) await h.clock.advance(1_000);
    expect(h.store.get(h.target.key)?.ackSource).toBe('phone');
    expect(h.clock.now() - tapAt).toBeLessThanOrEqual(15_000);
    expect(h.problems.filter(Boolean)).toEqual([]);
  }, 30_000);

  it('stopping the escalator (provider switched, app quitting) closes the stream', async () => {
    const h = await rig();
    await h.clock.advanceTo(T + 10 * MIN);
    await until(() => h.s.streams.count() === 1, 'subscribed');
    await h.esc.stop();
    await until(() => h.s.streams.count() === 0, 'closed');
  }, 30_000);

  it('a server that refuses streaming (404 on /json) is polled as before, and the answer still counts', async () => {
    const h = await rig();
    await h.clock.advanceTo(T - MIN);
    h.s.failNext(1, 404);
    await h.clock.advanceTo(T + 10 * MIN);
    expect(h.s.streams.count()).toBe(0);
    const reads = h.ackReads().length;
    await h.tap();
    for (let i = 0; i < 15 && h.store.get(h.target.key)?.ackedAtMs === undefined; i++) await h.clock.advance(1_000);
    expect(h.store.get(h.target.key)?.ackSource).toBe('phone');
    expect(h.ackReads().length).toBeGreaterThan(reads);
  }, 30_000);
});
