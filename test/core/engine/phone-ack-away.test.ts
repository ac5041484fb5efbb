// An "I'm on it" given on the phone while the laptop slept or the app wasn't running (issue 50, adv50 round 1): the
// real engine, the simulator, a fake clock and the loopback ntfy stand-in (support/phone-engine-rig.ts). Failed
// before: the ack poll's first look went back only a minute, so the answer was never read; the laptop rang late and
// said "not acknowledged". Now the answers are read from the alarm's start on, before a held alarm may ring.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import type { StandIn } from '../../support/phone-standin';
import { alertsOn, closeStands, HOUR, laptopAlarms, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

async function tapAt(s: StandIn, h: Harness, atMs: number): Promise<void> {
  const alert = alertsOn(s, TOPIC)[0];
  expect(alert?.deliverMs).toBe(MY_START + 3 * MIN);
  h.clock.sleep(atMs - h.clock.now());
  await s.tapAction(alert!);
}

describe('phone escalation: an "I’m on it" given while the laptop was away', () => {
  it('asleep through the start: on waking the answer settles the alarm; nothing rings, nothing is sent again', async () => {
    const { h, s, engine } = await withNtfy();
    await h.clock.advanceTo(MY_START - HOUR);
    h.clock.sleep(HOUR + 3 * MIN + 30_000);
    await tapAt(s, h, MY_START + 4 * MIN);
    h.clock.sleep(16 * MIN);
    const rang = alertsOn(s, TOPIC)[0]!;
    // Bookings only: the app looks again on waking (the alert counts as sent), so the answer clears the delivered
    // alert on the phone (a DELETE), as it does awake.
    const bookings = () =>
      s.requests.filter((q) => q.path === `/${TOPIC}/${rang.sequenceId}` && q.method !== 'DELETE').length;
    const booked = bookings();
    engine.power('resume');
    await h.clock.advance(2 * MIN);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(laptopAlarms(h)).toEqual([]);
    expect(engine.getState().alarm).toMatchObject({
      ringing: false,
      ackedAt: new Date(MY_START + 4 * MIN).toISOString(),
      ackSource: 'phone',
    });
    // The booking that rang was not sent again.
    expect(bookings()).toBe(booked);
  }, 30_000);

  it('the app not running at the start: at its start the answer settles the alarm; nothing rings', async () => {
    const { h, s, engine, make } = await withNtfy();
    await h.clock.advanceTo(MY_START - HOUR);
    await engine.stop();
    await h.clock.advanceTo(MY_START + 4 * MIN);
    await s.tapAction(alertsOn(s, TOPIC)[0]!);
    await h.clock.advanceTo(MY_START + 10 * MIN);
    const again = make();
    await again.start();
    await h.clock.advance(2 * MIN);
    await h.clock.runWhileAdvancing(again.alarmsSettled());
    expect(laptopAlarms(h)).toEqual([]);
    expect(again.getState().alarm).toMatchObject({
      ringing: false,
      ackedAt: new Date(MY_START + 4 * MIN).toISOString(),
      ackSource: 'phone',
    });
    expect(alertsOn(s, TOPIC)).toHaveLength(1);
  }, 30_000);
});
