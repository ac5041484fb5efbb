// A block of mine extended backwards after its alarm rang (adv50 round 10, finding 1): the real engine, the
// simulator, a fake clock and the loopback ntfy stand-in. An acknowledgement settles the start of the block it
// belongs to, not one start instant; without one, the phone rings N minutes after the alarm actually rang, never
// sooner. Failed before: a second alarm ("On call since 09:57") and an immediate phone alert one minute after
// "I'm on it", and the tray "not acknowledged"; unacknowledged, the phone rang 2 min after the 5-min-before alarm.
import { afterEach, describe, expect, it } from 'vitest';
import { OPS_ID } from '../support/seeds';
import { alertsOn, closeStands, HOUR, laptopAlarms, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

async function extendedBack(o: { early: boolean; ack: boolean }) {
  const r = await withNtfy();
  const { h, engine } = r;
  if (o.early) {
    const { reminders } = engine.getState().settings;
    const saved = await engine.handlers['settings:update']({ reminders: { ...reminders, startAlarm: '5-min-before' } });
    expect(saved.ok).toBe(true);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
  }
  const ringMs = MY_START - (o.early ? 5 : 0) * MIN;
  await h.clock.advanceTo(ringMs + 30_000);
  expect(laptopAlarms(h)).toHaveLength(1);
  if (o.ack) {
    await h.clock.advanceTo(ringMs + MIN);
    const key = engine.getState().alarm?.key ?? '';
    expect(await h.clock.runWhileAdvancing(engine.alarmIntent({ kind: 'ack', key }))).toEqual({ ok: true });
  }
  // Bob gives me 08:57–09:00: my block is now 08:57–17:00, three minutes longer at the front.
  await h.clock.advanceTo(ringMs + 2 * MIN);
  h.sim.state.addOverride(OPS_ID, { startMs: MY_START - 3 * MIN, endMs: MY_START, userIds: ['usr_me'] }, h.clock.now());
  await h.clock.runWhileAdvancing(
    (async () => {
      await engine.handlers['sync:refresh'](null);
      await engine.alarmsSettled();
    })(),
  );
  return { ...r, ringMs };
}

describe('shift-start alarm: the block extended backwards after its alarm rang', () => {
  it.each([false, true])(
    'acknowledged (5 min before: %s): no second alarm, no phone alert',
    async (early) => {
      const { h, s, engine } = await extendedBack({ early, ack: true });
      await h.clock.advanceTo(MY_START + 2 * HOUR);
      expect(laptopAlarms(h)).toHaveLength(1);
      expect(alertsOn(s, TOPIC)).toEqual([]);
      // Nothing published for today after the ack (its booking was cancelled then, and not re-published).
      const ackMs = MY_START - (early ? 4 : -1) * MIN;
      const after = s.ntfy.filter((m) => m.postedMs >= ackMs && m.deliverMs < MY_START + 12 * HOUR);
      expect(after).toEqual([]);
      expect(engine.getState().alarm).toMatchObject({ ackSource: 'window', ackedAt: new Date(ackMs).toISOString() });
    },
    30_000,
  );

  it('acknowledged, then extended: a restart afterwards keeps the ack and rings nothing', async () => {
    const { h, s, engine, make } = await extendedBack({ early: false, ack: true });
    await engine.stop();
    await h.clock.advance(MIN);
    const again = make();
    await again.start();
    await h.clock.advance(2 * MIN);
    await h.clock.runWhileAdvancing(again.alarmsSettled());
    await h.clock.advanceTo(MY_START + HOUR);
    expect(laptopAlarms(h)).toHaveLength(1);
    expect(alertsOn(s, TOPIC)).toEqual([]);
    expect(again.getState().alarm).toMatchObject({
      ringing: false,
      start: new Date(MY_START - 3 * MIN).toISOString(),
      ackedAt: new Date(MY_START + MIN).toISOString(),
    });
  }, 30_000);

  it('not acknowledged (5 min before): the phone rings 3 min after the alarm rang, once', async () => {
    const { h, s, ringMs } = await extendedBack({ early: true, ack: false });
    await h.clock.advanceTo(MY_START + 2 * HOUR);
    expect(laptopAlarms(h)).toHaveLength(1);
    expect(alertsOn(s, TOPIC).map((m) => m.deliverMs)).toEqual([ringMs + 3 * MIN]);
  }, 30_000);
});
