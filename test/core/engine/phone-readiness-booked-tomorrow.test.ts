// adv50 r27 #3: the readiness phone line the evening before a shift. Ops: me 09:00-17:00 UTC daily; laptop zone
// Europe/Berlin. At Tue 20:00 UTC (21:00 Berlin) the next shift is Wed 09:00 UTC and its phone alert is booked for
// Wed 10:03 Berlin; the line said "booked for 10:03", a time earlier today. It now names the booking's day where it is
// not today (read back by the independent parser to the booking the ntfy stand-in holds), and stays bare on the day.
// Failed before the fix.
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { closeStands, startStand, TOPIC } from '../support/phone-engine-rig';
import { timeAfter } from '../support/surface-text';

afterEach(closeStands);
const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const ZONE = 'Europe/Berlin';

describe('readiness says the day of a phone booking that is not today', () => {
  for (const [when, nowMs] of [
    ['the evening before (Tue 21:00 Berlin)', MY_START + 11 * 60 * MIN],
    ['the morning of (Tue 08:00 Berlin)', MY_START - 2 * 60 * MIN],
  ] as const)
    it(
      when,
      async () => {
        const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
        await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
        const s = await startStand(h);
        const engine = h.engine({
          phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)) },
          localZone: () => ZONE,
          alarmSurface: { show: () => undefined, close: () => undefined },
        });
        await engine.start();
        await h.clock.advance(1_000);
        const settings = { provider: 'ntfy' as const, ntfyServer: s.url, afterMin: 3 };
        expect((await engine.phoneIntent({ kind: 'save', settings, secrets: { ntfyTopic: TOPIC } })).ok).toBe(true);
        const test = engine.phoneIntent({ kind: 'send-test' });
        await h.clock.advance(2_000);
        const probe = s.ntfy.find((m) => !/^Shift start not acknowledged/.test(m.title));
        if (probe) await s.tapAction(probe);
        expect((await h.clock.runWhileAdvancing(test)).ok).toBe(true);
        if (nowMs > MY_START) {
          await h.clock.advanceTo(MY_START + MIN);
          await engine.alarmIntent({ kind: 'ack', key: engine.getState().alarm?.key ?? '' });
        }
        await h.clock.advanceTo(nowMs);
        const phone = engine.getState().me.readiness?.checks.find((c) => c.id === 'phone')?.message ?? '';
        // The next alert the server holds, as the stand-in saw it booked (not cancelled, still ahead).
        const next = Math.min(...s.ntfy.filter((m) => !m.cancelled && m.deliverMs > nowMs).map((m) => m.deliverMs));
        await h.clock.runWhileAdvancing(engine.stop());
        expect(timeAfter(phone, 'booked for', nowMs, ZONE), phone).toBe(next);
        const sameDay = DateTime.fromMillis(next, { zone: ZONE }).hasSame(
          DateTime.fromMillis(nowMs, { zone: ZONE }),
          'day',
        );
        expect(/booked for \d\d:\d\d\)/.test(phone), phone).toBe(sameDay);
      },
      120_000,
    );
});
