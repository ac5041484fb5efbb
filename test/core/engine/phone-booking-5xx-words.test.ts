// adv50 round 20 #2: a booking the ntfy server answers at once with a 5xx that may have landed (500, 502) was said
// as "the phone service didn't answer in time" (readiness, tray, status) and later "(no answer in time when booked)";
// and the cancel of the booking left at the old start, after a manager gave 09:00–09:20 of my 09:00–17:00 to Bob,
// was said as "for the Ops shift you no longer have" though the shift is still mine from 09:20. The words now follow
// what happened: the status the server sent, and a moved start as moved. Real engine, simulator, fake clock, the
// loopback ntfy stand-in answering every request with that status.
import { afterEach, describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { OPS_ID } from '../support/seeds';
import { closeStands, HOUR, MIN, MY_START, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

describe('a booking answered with a 5xx at once is said with that answer', () => {
  for (const status of [500, 502])
    it(`${status}: "the server answered ${status}", never "no answer in time"; the moved start said as moved`, async () => {
      const { h, s, engine } = await withNtfy();
      await h.clock.advanceTo(MY_START - 2 * HOUR);
      s.failNext(1_000_000, status);
      const moved = { startMs: MY_START, endMs: MY_START + 20 * MIN, userIds: ['usr_bob'] };
      h.sim.state.addOverride(OPS_ID, moved, h.clock.now());
      await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
      await h.clock.runWhileAdvancing(engine.alarmsSettled());
      await h.clock.advance(2 * MIN);
      const lines = formatStatus(engine.getState(), { nowMs: h.clock.now(), localZone: 'UTC' }).split('\n');
      const answered = `the server answered ${status}`;
      // The new booking (09:23) failed with that answer: said with it.
      expect(lines).toContain(
        `  PROBLEM — Phone escalation: the phone alert may not be booked: ${answered}; trying again each minute.`,
      );
      // The booking left at 09:03 couldn't be cancelled: the shift is still mine, its start moved.
      const still = `Your phone may still ring at 09:03 for the Ops shift whose start moved (cancelling it hasn't gone through: ${answered})`;
      expect(lines).toContain(still);
      expect(lines.join('\n')).not.toMatch(/answer in time|no longer have/);
      // Its time (09:23) passed with the answer still unknown: said with the same answer.
      await h.clock.advanceTo(MY_START + 25 * MIN);
      const phone = engine.getState().phone;
      expect(phone?.problem).toBe(
        `the phone alert for your shift start may or may not have reached your phone (${answered} when its alert was booked: outcome unknown); it is not sent again, so as not to ring twice: acknowledge on this computer`,
      );
      await h.clock.runWhileAdvancing(engine.stop());
    }, 60_000);
});
