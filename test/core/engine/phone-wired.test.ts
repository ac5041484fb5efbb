// Phone escalation wired into the real engine (issue 50), against the simulator and a loopback stand-in of ntfy
// written from its documented API (test/support/phone-standin.ts), on a fake clock with real HTTP. Settings → Phone
// saves the settings and the topic (into the keychain); the engine then books the phone alert on the server for
// T+3 min ahead of my shift (the dead-man's switch), cancels it on acknowledgement, lets it ring when nobody
// answers, takes the phone's "I'm on it" as the acknowledgement, and says a failed booking as a readiness problem.
// "Send test" waits for the phone's answer. The topic never shows in the state.
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_ACCOUNTS } from '../../../electron/core/escalation/types';
import { fetchSend } from '../../../electron/core/escalation/http';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';

const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
const ALERT_TITLE = /^Shift start not acknowledged/;

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function rig(): Promise<{ h: Harness; s: StandIn; engine: Engine }> {
  const h = await createHarness({ startMs: START, seed: opsSeed });
  await seedSettings(h, {
    email: ME,
    scheduleIds: [OPS_ID],
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const s = await startStandIn(() => h.clock.now());
  standIn = s;
  const engine = h.engine({
    phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)), testWaitMs: 60_000 },
  });
  await engine.start();
  await h.clock.advance(1_000);
  const saved = await engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
    secrets: { ntfyTopic: TOPIC },
  });
  expect(saved).toEqual({ ok: true, message: 'Phone settings saved.' });
  await engine.alarmsSettled();
  await h.clock.settle();
  return { h, s, engine };
}

const alerts = (s: StandIn) => s.rang(TOPIC).filter((m) => ALERT_TITLE.test(m.title));

describe('engine: phone escalation, wired', () => {
  it('books the alert ahead; nobody answers: the phone rings once at T+3 min; its "I’m on it" acknowledges', async () => {
    const { h, s, engine } = await rig();
    expect(h.secrets.entries.get(SECRET_ACCOUNTS.ntfyTopic)).toBe(TOPIC);
    // Today's start and tomorrow's (booked up to two days ahead).
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN, MY_START + 24 * HOUR + 3 * MIN]);
    expect(engine.getState().phone).toMatchObject({ provider: 'ntfy', booking: 'booked', problem: null });
    expect(engine.getState().phone?.nextBooked).toBe(new Date(MY_START + 3 * MIN).toISOString());
    expect(JSON.stringify(engine.getState())).not.toContain(TOPIC);

    await h.clock.advanceTo(MY_START + 3 * MIN + 1_000);
    expect(alerts(s)).toHaveLength(1);
    await s.tapAction(alerts(s)[0]!);
    await h.clock.advance(15_000);
    expect(engine.getState().alarm).toMatchObject({ ringing: false, ackSource: 'phone' });
    await h.clock.advanceTo(MY_START + 2 * HOUR);
    expect(alerts(s)).toHaveLength(1);
  }, 30_000);

  it('acknowledged before T+3: the booked alert is cancelled once and never rings', async () => {
    const { h, s, engine } = await rig();
    await h.clock.advanceTo(MY_START + MIN);
    const key = engine.getState().alarm?.key ?? '';
    expect(await engine.alarmIntent({ kind: 'ack', key })).toEqual({ ok: true });
    await engine.alarmsSettled();
    await h.clock.advanceTo(MY_START + HOUR);
    expect(alerts(s)).toEqual([]);
    // Only tomorrow's stays booked.
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 24 * HOUR + 3 * MIN]);
    expect(s.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  }, 30_000);

  it('a booking the server refuses is a readiness problem, not a silent gap', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const s = await startStandIn(() => h.clock.now());
    standIn = s;
    const engine = h.engine({ phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)) } });
    await engine.start();
    await h.clock.advance(1_000);
    s.failNext(20, 500);
    await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    const phone = engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
    expect(phone).toMatchObject({ result: 'problem', message: /booking the phone alert: the server answered 500/ });
    expect(phone?.message).not.toContain(TOPIC);
  }, 30_000);

  it('"Send test" waits for the phone’s "I’m on it"; readiness then says armed, tested and booked', async () => {
    const { h, s, engine } = await rig();
    const test = engine.phoneIntent({ kind: 'send-test' });
    await h.clock.settle();
    const sent = s.rang(TOPIC).filter((m) => m.title === 'Test from OnCall Tray');
    expect(sent).toHaveLength(1);
    await s.tapAction(sent[0]!);
    const answer = await h.clock.runWhileAdvancing(test);
    expect(answer).toMatchObject({ ok: true, message: /^Your phone answered at \d\d:\d\d/ });
    const phone = engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
    expect(phone).toMatchObject({
      result: 'ok',
      message: /^Phone escalation armed ✓ \(tested .+, booked for 10:03\)\.$/,
    });
    expect(engine.getState().phone?.lastTest).not.toBeNull();
  }, 30_000);

  it('ntfy saved with no topic: the app draws one; its subscribe link is given apart, never in the state', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    // A server that takes every request: the booking's own requests are not what this looks at.
    const engine = h.engine({ phone: { send: async () => ({ status: 200, text: '{}' }) } });
    await engine.start();
    await h.clock.advance(1_000);
    expect(engine.phoneLink()).toBeNull();
    const saved = await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: 'https://ntfy.example.org/', afterMin: 3 },
    });
    expect(saved).toEqual({ ok: true, message: 'Phone settings saved.' });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    const topic = h.secrets.entries.get(SECRET_ACCOUNTS.ntfyTopic) ?? '';
    expect(topic).toMatch(/^oncall-[a-z2-9]{26}$/);
    expect(engine.phoneLink()).toBe(`https://ntfy.example.org/${topic}`);
    expect(engine.getState().phone).toMatchObject({
      provider: 'ntfy',
      server: 'https://ntfy.example.org',
      hasSecrets: true,
    });
    expect(JSON.stringify(engine.getState())).not.toContain(topic);
    // A second save keeps the topic the phone subscribed to.
    await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: 'https://ntfy.example.org', afterMin: 5 },
    });
    expect(h.secrets.entries.get(SECRET_ACCOUNTS.ntfyTopic)).toBe(topic);
    await engine.stop();
  }, 30_000);
});
