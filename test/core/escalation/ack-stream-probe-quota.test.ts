// adv50 r32: the app's probes (ntfy-probe.ts) must never take the user's own messages' share of ntfy.sh's daily
// quota (250 published messages a visitor, docs/publish.md "Limitations"; answered 429 past it). The app counts what
// it published today (bookings, alerts, tests, probes) and stops probing first when near the limit. Real escalator on
// a fake clock, real HTTP to the loopback ntfy stand-in, keepalives every 45 s as ntfy sends them.
import { describe, expect, it } from 'vitest';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { createNtfy } from '../../../electron/core/escalation/ntfy';
import { PUBLISH_PROBE_STOP } from '../../../electron/core/escalation/probe-ledger';
import { streamWithBytes } from '../support/stream-bytes';
import { alarmEscalation, alarmTarget, MIN, phoneServices, T, TOPIC } from './support/escalator-rig';

const HOUR = 60 * MIN;

describe('the answer stream’s probes near the day’s message quota', () => {
  it('stop before the app’s publishes of the day reach the probes’ stop, while the stream still listens', async () => {
    const { clock, s } = await phoneServices(T - HOUR);
    const send: HttpSend = (req, timeoutMs) => clock.inFlight.track(fetchSend(req, timeoutMs));
    // Fake time waits on the stream's lines reaching the app (stream-bytes.ts), not on a real-time sleep per step.
    const stream = streamWithBytes(clock, s.streams);
    const provider = createNtfy({ server: s.url, topic: TOPIC, clock, send, stream });
    // Earlier today the app published all but three of the probes' share (re-bookings, Send tests, alerts).
    const early = PUBLISH_PROBE_STOP - 3;
    if (!provider.book) throw new Error('ntfy books alerts');
    for (let i = 0; i < early; i++) {
      const r = await provider.book({ id: `b${i}`, title: 'Shift start', body: 'test' }, T + 2 * HOUR);
      expect(r.ok).toBe(true);
    }
    const posts = () => s.requests.filter((q) => q.method === 'POST').length;
    expect(posts()).toBe(early);
    const target = alarmTarget(T);
    await alarmEscalation({ clock, provider, target, changed: () => undefined });
    const beat = () => clock.setTimer(45_000, () => (s.streams.keepalive(clock.now()), beat()));
    beat();
    await clock.advanceTo(T - 10_000);
    // 40 minutes of an unanswered alarm: the phone rings once; a probe each 10 min would be 4 or 5 more messages.
    // Each timer (keepalives, probes, the phone's alert) runs at its own instant, every request and line waited for.
    await clock.advanceTo(T + 40 * MIN);
    // What the app published today: the early ones, the phone's alert, and probes only while under the stop.
    const probes = s.requests.filter((q) => q.method === 'POST' && q.path === `/${TOPIC}-ack`).length;
    const alerts = s.rang(TOPIC).length;
    expect(alerts).toBe(1);
    // Probing went on while under the stop (the first at the stream's open), and no further.
    expect(probes).toBeGreaterThanOrEqual(1);
    expect(early + alerts + probes).toBe(posts());
    expect(posts()).toBeLessThanOrEqual(PUBLISH_PROBE_STOP);
    // The stream still listens (the phone's answer is heard without probes).
    expect(s.streams.count()).toBe(1);
  }, 120_000);
});
