// adv50 r24 (minor): the phone alert is booked before the start, worded then. The laptop sleeps 08:50–09:30 across
// the 09:00 start (the case the booked alert is for): no alarm rings on the computer before the phone does at 09:03.
// Real engine, simulator, loopback ntfy stand-in, fake clock. The phone's text must be true in that case too. Failed
// before: it said "no one answered the alarm on your computer for 3 min" about an alarm that never rang.
import { afterEach, describe, expect, it } from 'vitest';
import { alertsOn, closeStands, laptopAlarms, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

describe('the booked phone alert, with the laptop asleep through the start', () => {
  it('says the start was not acknowledged on the computer, not that an alarm rang unanswered', async () => {
    const { h, s, engine } = await withNtfy();
    await h.clock.advanceTo(MY_START - 10 * MIN);
    h.clock.sleep(40 * MIN);
    const rang = alertsOn(s, TOPIC);
    expect(rang.map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
    // Nothing rang on the computer: it was asleep until 09:30.
    expect(laptopAlarms(h)).toEqual([]);
    const text = rang[0]?.message ?? '';
    expect(text).not.toMatch(/answered the alarm/);
    expect(text).toMatch(
      /^Your shift started at 10:00 \(09:00 UTC\); not acknowledged on your computer within 3 min of its alarm time\.$/,
    );
    engine.power('resume');
    await h.clock.runWhileAdvancing(engine.stop());
    await h.close();
  }, 60_000);
});
