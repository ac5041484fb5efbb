// adv50 r30 #2 (6 failures failed before: a loud late alarm, "acknowledged 09:30"): the laptop sleeps 08:55–09:30
// over the 09:00 start; the booked phone alert rings at 09:03 and I tap its "I'm on it" at 09:10 (still asleep). On waking at 09:30 the ntfy server answers 503 / is slow for a minute
// (Wi-Fi coming back). Does the laptop ring a late alarm for a start already acknowledged on the phone? Does the
// phone ring again?
import { afterEach, describe, expect, it } from 'vitest';
import { alertsOn, closeStands, HOUR, laptopAlarms, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';
import { trayTooltip } from '../../../electron/core/state/tray-menu';

afterEach(closeStands);
const tick = () => new Promise((x) => setTimeout(x, 10));

describe('asleep through the booked alert, tapped on the phone, ntfy failing at wake', () => {
  for (const fails of [0, 1, 2, 6] as const) {
    it(`ntfy fails the first ${fails} requests after wake`, async () => {
      const { h, s, engine } = await withNtfy();
      await h.clock.advanceTo(MY_START - 5 * MIN);
      h.clock.sleep(15 * MIN); // 09:10
      const rang = alertsOn(s, TOPIC);
      expect(rang.map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
      // tapped at 09:10
      await s.tapAction(rang[0]!);
      h.clock.sleep(20 * MIN); // 09:30
      if (fails) s.failNext(fails, 503);
      engine.power('resume');
      for (let i = 0; i < 120; i++) {
        await h.clock.advance(1_000);
        await tick();
      }
      await h.clock.runWhileAdvancing(engine.alarmsSettled());
      await h.clock.advanceTo(MY_START + HOUR);
      expect(alertsOn(s, TOPIC)).toHaveLength(1);
      expect(laptopAlarms(h)).toHaveLength(0);
      expect(engine.getState().alarm?.ackedAt).toBe(new Date(MY_START + 10 * MIN).toISOString());
      expect(trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC')).toContain('acknowledged 09:10');
      await h.clock.runWhileAdvancing(engine.stop());
      await h.close();
    }, 200_000);
  }
});
