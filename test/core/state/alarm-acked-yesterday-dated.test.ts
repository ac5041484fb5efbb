// adv50 r27 #2: a 24-hour Platform shift (me Tue 03-10 09:00 -> Wed 03-11 09:00 UTC) acknowledged at Tue 09:01 UTC
// (10:01 Berlin). On Wed at 08:00 UTC (09:00 Berlin) the shift still runs, and the tray menu, the tooltip and the
// popover's row said "acknowledged 10:01": an hour ahead that morning. Each now names the acknowledgement's day where
// it is not today, read back by the independent parser to the instant it was pressed; the same day stays bare.
// Failed before the fix.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { DISPLAY_LOCALE } from '../../../electron/shared/format';
import { alarmAskRows } from '../../../renderer/src/lib/alarm-asks';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, PLATFORM_ID, platformSeed } from '../support/seeds';
import { timeAfter } from '../support/surface-text';
import { trayLabels } from '../support/tray-labels';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const ACK = MY_START + MIN;
const ZONE = 'Europe/Berlin';

/** The three surfaces' alarm lines at `nowMs`. */
async function alarmLinesAt(nowMs: number) {
  const h = await createHarness({ startMs: START, seed: platformSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [PLATFORM_ID] });
  const engine = h.engine({ localZone: () => ZONE, alarmSurface: { show: () => undefined, close: () => undefined } });
  await engine.start();
  await h.clock.advanceTo(ACK);
  const key = engine.getState().alarm?.key ?? '';
  expect(await engine.alarmIntent({ kind: 'ack', key })).toEqual({ ok: true });
  await h.clock.advanceTo(nowMs);
  const state = engine.getState();
  const lines = {
    menu: trayLabels(buildTrayMenu(state, nowMs, ZONE)).filter((l) => /alarm/i.test(l)),
    tooltip: trayTooltip(state, nowMs, ZONE)
      .split('\n')
      .filter((l) => /alarm/i.test(l)),
    popover: alarmAskRows(state, { nowMs, localZone: ZONE, locale: DISPLAY_LOCALE }).map((r) => r.text),
  };
  await h.clock.runWhileAdvancing(engine.stop());
  return lines;
}

describe('an acknowledgement on an earlier day is said with its day', () => {
  for (const [when, nowMs] of [
    ['the next morning, the shift still on (Wed 09:00 Berlin)', MY_START + 23 * 60 * MIN],
    ['the same day (Tue 15:00 Berlin)', MY_START + 5 * 60 * MIN],
  ] as const)
    it(
      when,
      async () => {
        const lines = await alarmLinesAt(nowMs);
        // Bare exactly when it is today's, as the one formatter's rule has it (luxon's calendar, not the code's).
        const sameDay = DateTime.fromMillis(ACK, { zone: ZONE }).hasSame(
          DateTime.fromMillis(nowMs, { zone: ZONE }),
          'day',
        );
        for (const [surface, said] of Object.entries(lines)) {
          expect(said, surface).toHaveLength(1);
          expect(timeAfter(said[0] ?? '', 'acknowledged', nowMs, ZONE), `${surface}: ${said[0]}`).toBe(ACK);
          expect(/acknowledged \d\d:\d\d$/.test(said[0] ?? ''), `${surface}: ${said[0]}`).toBe(sameDay);
        }
      },
      120_000,
    );
});
