// Phone escalation against a loopback stand-in of ntfy and Pushover (test/support/phone-standin.ts, written from
// their documented APIs), with the real alarm engine and escalator on a fake clock and real HTTP: no acknowledgement
// → exactly one phone alert at T+3 min; acknowledged before → none, and one cancel of the booked alert; a moved shift
// leaves one booked message, for the new time; the phone's "I'm on it" reaches the app within 15 s by polling;
// server errors become a readiness problem after a bounded number of tries; the topic never shows in what is said.
import { afterEach, describe, expect, it } from 'vitest';
import { loadAlarmStore } from '../../../electron/core/alarm/alarm-store';
import { createAlarmEngine } from '../../../electron/core/alarm/engine';
import type { AlarmTarget } from '../../../electron/core/alarm/types';
import { alertIdOf, createEscalator } from '../../../electron/core/escalation/escalator';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { createNtfy } from '../../../electron/core/escalation/ntfy';
import { createPushover } from '../../../electron/core/escalation/pushover';
import type { PhoneProvider } from '../../../electron/core/escalation/types';
import { IoClock } from '../support/io-clock';
import { MemoryFileStore } from '../support/memory-file-store';
import { startStandIn, type StandIn } from '../../support/phone-standin';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const MIN = 60_000;
const T = Date.parse('2026-03-10T21:00:00Z');
const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
const target = (startMs: number): AlarmTarget => ({
  key: `alarm:https://oncall.example.com:sch_ops:${new Date(startMs).toISOString()}`,
  accountId: MAIN_ACCOUNT_ID,
  atMs: startMs,
  startMs,
  endMs: startMs + 8 * 60 * MIN,
  scheduleId: 'sch_ops',
  scheduleName: 'Ops — primary',
  scheduleZone: 'Europe/Berlin',
  fromNames: ['Bob'],
});

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function rig(kind: 'ntfy' | 'pushover') {
  const clock = new IoClock(T - 60 * MIN);
  const s = await startStandIn(() => clock.now());
  standIn = s;
  const send: HttpSend = (req, timeoutMs) => clock.inFlight.track(fetchSend(req, timeoutMs));
  const provider: PhoneProvider =
    kind === 'ntfy'
      ? createNtfy({ server: s.url, topic: TOPIC, clock, send })
      : createPushover({ appToken: 'a'.repeat(30), userKey: 'u'.repeat(30), clock, send, api: s.url });
  const files = new MemoryFileStore();
  const store = await loadAlarmStore(files, () => clock.now());
  const logs: string[] = [];
  const rings: number[] = [];
  const late: { escalator?: Awaited<ReturnType<typeof createEscalator>> } = {};
  const engine = createAlarmEngine({
    clock,
    store,
    ring: () => rings.push(clock.now()),
    acknowledged: (t) => void clock.inFlight.track(late.escalator?.acknowledged(t.key) ?? Promise.resolve()),
  });
  const esc = await createEscalator(
    {
      clock,
      files,
      provider,
      afterMs: 3 * MIN,
      alarm: (key) => store.get(key),
      phoneAck: (key) => void clock.inFlight.track(engine.ack(key, 'phone')),
      log: (m) => logs.push(m),
    },
    (t) => ({ title: `Not acknowledged: ${t.scheduleName}`, body: 'Your shift started 3 min ago.' }),
  );
  late.escalator = esc;
  const setTargets = async (targets: AlarmTarget[]) => {
    engine.setTargets(targets);
    await clock.inFlight.track(esc.setTargets(targets));
    await clock.settle();
  };
  return { clock, s, engine, esc, store, logs, rings, setTargets };
}

describe('ntfy: the alert booked on the server (dead-man’s switch)', () => {
  it('no acknowledgement: the phone rings exactly once, at T+3 min, at top priority with "I\'m on it"', async () => {
    const r = await rig('ntfy');
    await r.setTargets([target(T)]);
    expect(r.s.scheduled(TOPIC).map((m) => m.deliverMs)).toEqual([T + 3 * MIN]);
    await r.clock.advanceTo(T + 8 * MIN);
    const rang = r.s.rang(TOPIC);
    expect(rang).toHaveLength(1);
    expect(rang[0]).toMatchObject({ deliverMs: T + 3 * MIN, priority: 5, title: 'Not acknowledged: Ops — primary' });
    expect(rang[0]?.actions).toMatch(/^http, I'm on it, /);
    // Never duplicated: one publish of that alert, though the app re-planned many times (the answer stream's probes
    // go to the -ack topic).
    expect(r.s.requests.filter((q) => q.method === 'POST' && !q.path.endsWith('-ack'))).toHaveLength(1);
    r.engine.stop();
    void r.esc.stop();
  });

  it('acknowledged before T+3: nothing rings, and the booking is cancelled once', async () => {
    const r = await rig('ntfy');
    await r.setTargets([target(T)]);
    await r.clock.advanceTo(T + MIN);
    expect(r.rings).toEqual([T]);
    await r.clock.inFlight.track(r.engine.ack(target(T).key, 'window'));
    await r.clock.advanceTo(T + 40 * MIN);
    expect(r.s.rang(TOPIC)).toEqual([]);
    expect(r.s.requests.filter((q) => q.method === 'DELETE').map((q) => q.path)).toEqual([
      `/${TOPIC}/${alertIdOf(target(T).key)}`,
    ]);
    r.engine.stop();
    void r.esc.stop();
  });

  it('a moved shift leaves one booked message, for its new time, and that one rings', async () => {
    const r = await rig('ntfy');
    await r.setTargets([target(T)]);
    await r.clock.advanceTo(T - 30 * MIN);
    await r.setTargets([target(T + 2 * 60 * MIN)]);
    expect(r.s.scheduled(TOPIC).map((m) => m.deliverMs)).toEqual([T + 123 * MIN]);
    await r.clock.advanceTo(T + 125 * MIN);
    expect(r.s.rang(TOPIC).map((m) => m.deliverMs)).toEqual([T + 123 * MIN]);
    r.engine.stop();
    void r.esc.stop();
  });

  it('the phone\'s "I\'m on it" reaches the app within 15 s, by polling only', async () => {
    const r = await rig('ntfy');
    await r.setTargets([target(T)]);
    await r.clock.advanceTo(T + 3 * MIN);
    const [alert] = r.s.rang(TOPIC);
    if (!alert) throw new Error('the phone did not ring');
    await r.clock.inFlight.track(r.s.tapAction(alert));
    const tappedMs = r.clock.now();
    for (let i = 0; i < 15 && r.store.get(target(T).key)?.ackedAtMs === undefined; i++) await r.clock.advance(1000);
    const rec = r.store.get(target(T).key);
    expect(rec?.ackSource).toBe('phone');
    expect((rec?.ackedAtMs ?? Infinity) - tappedMs).toBeLessThanOrEqual(15_000);
    r.engine.stop();
    void r.esc.stop();
  });

  it('server errors become a readiness problem after a bounded number of tries; the topic is never said', async () => {
    const r = await rig('ntfy');
    r.s.failNext(50, 503);
    r.engine.setTargets([target(T)]);
    // The retries wait on the (fake) clock: 1 s, then 4 s.
    const booking = r.esc.setTargets([target(T)]);
    await r.clock.advance(10_000);
    await booking;
    expect(r.esc.status().problem).toBe(
      'the phone alert may not be booked: the server answered 503; trying again each minute',
    );
    expect(r.s.requests).toHaveLength(3);
    expect([...r.logs, r.esc.status().problem].join('\n')).not.toContain(TOPIC);
    r.s.failNext(0);
    await r.clock.advance(2 * MIN); // tried again a minute later: booked
    expect(r.esc.status().problem).toBeUndefined();
    expect(r.s.scheduled(TOPIC).length + r.s.rang(TOPIC).length).toBe(1);
    r.engine.stop();
    void r.esc.stop();
  });
});

describe('Pushover: sent by the app at T+3 (no scheduled delivery)', () => {
  it("no acknowledgement: one emergency (priority 2) message; the phone's acknowledgement reaches the app", async () => {
    const r = await rig('pushover');
    await r.setTargets([target(T)]);
    await r.clock.advanceTo(T + 3 * MIN);
    expect(r.s.pushover.map((p) => [p.priority, p.sentMs])).toEqual([[2, T + 3 * MIN]]);
    const sent = r.s.pushover[0];
    if (sent) sent.acknowledged = true;
    const ackedAt = r.clock.now();
    for (let i = 0; i < 15 && r.store.get(target(T).key)?.ackedAtMs === undefined; i++) await r.clock.advance(1000);
    expect(r.store.get(target(T).key)?.ackSource).toBe('phone');
    expect((r.store.get(target(T).key)?.ackedAtMs ?? Infinity) - ackedAt).toBeLessThanOrEqual(15_000);
    await r.clock.advanceTo(T + 60 * MIN);
    expect(r.s.pushover).toHaveLength(1);
    r.engine.stop();
    void r.esc.stop();
  });

  it('acknowledged on the laptop after it was sent: its repeats are cancelled', async () => {
    const r = await rig('pushover');
    await r.setTargets([target(T)]);
    await r.clock.advanceTo(T + 4 * MIN);
    await r.clock.inFlight.track(r.engine.ack(target(T).key, 'tray'));
    await r.clock.settle();
    expect(r.s.pushover.map((p) => p.cancelled)).toEqual([true]);
    r.engine.stop();
    void r.esc.stop();
  });
});
