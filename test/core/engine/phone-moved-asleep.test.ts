// A shift extended backwards (it starts earlier) while the laptop sleeps across the old start's phone alert (adv50
// round 7, finding 1): the real engine, the simulator, a fake clock and the loopback ntfy stand-in. The phone alert
// is per block of mine, not per start instant: the booking of the old start that rang is this block's phone alert.
// Failed before: on waking the app sent a second alert for the moved start, and the phone's "I'm on it" on the first
// was ignored (the tray said "not acknowledged" at 11:00).
import { afterEach, describe, expect, it } from 'vitest';
import { OPS_ID } from '../support/seeds';
import { alertsOn, closeStands, HOUR, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

async function movedWhileAsleep(tap: boolean) {
  const r = await withNtfy();
  const { h, s, engine } = r;
  await h.clock.advanceTo(MY_START - HOUR);
  h.clock.sleep(90 * MIN);
  // At 08:10 (asleep) Bob gives me 08:30–09:00: my block is now 08:30–17:00.
  h.sim.state.addOverride(
    OPS_ID,
    { startMs: MY_START - 30 * MIN, endMs: MY_START, userIds: ['usr_me'] },
    MY_START - 50 * MIN,
  );
  const rang = alertsOn(s, TOPIC);
  expect(rang.map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
  if (tap) await s.tapAction(rang[0]!);
  engine.power('resume');
  await h.clock.advance(40_000);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  await h.clock.advanceTo(MY_START + 2 * HOUR);
  return r;
}

describe('phone escalation: a shift moved earlier while the laptop slept past the old alert', () => {
  it('the old booking that rang counts as the block’s phone alert: nothing is sent again', async () => {
    const { s } = await movedWhileAsleep(false);
    expect(alertsOn(s, TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
  }, 30_000);

  it('the phone’s "I’m on it" on the old alert acknowledges the moved start', async () => {
    const { s, engine } = await movedWhileAsleep(true);
    expect(alertsOn(s, TOPIC)).toHaveLength(1);
    expect(engine.getState().alarm).toMatchObject({ ackSource: 'phone' });
  }, 30_000);
});
