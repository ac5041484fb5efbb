// A block extended backwards before its alarm rang, learned after the new start (issue 50, "the phone rings when
// nobody acknowledges within N minutes"): the real engine, the simulator, a fake clock and the loopback ntfy
// stand-in. At 08:50 Bob gives me 08:30–09:00; the app learns it at its next read and the alarm rings late then.
// N counts from that ring, not from 08:30. Failed before: the phone rang the instant the late alarm rang (its due
// time, 08:33, had passed), and an "I'm on it" a minute later came after the phone had already rung.
import { afterEach, describe, expect, it } from 'vitest';
import { OPS_ID } from '../support/seeds';
import { alertsOn, closeStands, HOUR, laptopAlarms, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

const NEW_START = MY_START - 30 * MIN;

async function learnedLate(ack: boolean) {
  const r = await withNtfy();
  const { h, engine } = r;
  await h.clock.advanceTo(MY_START - 10 * MIN);
  h.sim.state.addOverride(OPS_ID, { startMs: NEW_START, endMs: MY_START, userIds: ['usr_me'] }, h.clock.now());
  // The app's own next read learns it (near window: within 5 min); the alarm rings late then.
  for (let i = 0; i < 6 * 60 && laptopAlarms(h).length === 0; i++) await h.clock.advance(1_000);
  const alarm = laptopAlarms(h)[0];
  expect(alarm).toBeDefined();
  const ringMs = alarm?.atMs ?? NaN;
  expect(ringMs).toBeGreaterThan(MY_START - 10 * MIN);
  if (ack) {
    await h.clock.advanceTo(ringMs + 2 * MIN);
    const key = engine.getState().alarm?.key ?? '';
    expect(await h.clock.runWhileAdvancing(engine.alarmIntent({ kind: 'ack', key }))).toEqual({ ok: true });
  }
  await h.clock.advanceTo(MY_START + 2 * HOUR);
  return { ...r, ringMs };
}

describe('phone escalation: an alarm that rang late counts N from its ring', () => {
  it('not acknowledged: the phone rings 3 min after the late alarm rang, once', async () => {
    const { h, s, ringMs } = await learnedLate(false);
    expect(laptopAlarms(h)).toHaveLength(1);
    const rang = alertsOn(s, TOPIC).map((m) => m.deliverMs);
    expect(rang).toHaveLength(1);
    // Within a poll (5 s) of ring + 3 min: the booked or self-sent alert, never before.
    expect(rang[0]).toBeGreaterThanOrEqual(ringMs + 3 * MIN);
    expect(rang[0]).toBeLessThanOrEqual(ringMs + 3 * MIN + 10_000);
  }, 30_000);

  it('acknowledged 2 min after the late alarm: the phone never rings', async () => {
    const { h, s, engine } = await learnedLate(true);
    expect(laptopAlarms(h)).toHaveLength(1);
    expect(alertsOn(s, TOPIC)).toEqual([]);
    expect(engine.getState().alarm).toMatchObject({ ackSource: 'window' });
  }, 30_000);
});
