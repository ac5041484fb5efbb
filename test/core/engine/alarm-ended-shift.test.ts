// Issue 47, round 7 #4: an alarm for a shift that has ended is no longer asked for. The tray asked "I'm on it
// (acknowledge the alarm)" and its tooltip said "Shift-start alarm (…, Fri 14:00): not acknowledged" after the shift
// was over, beside "Next on call: …". Real engine, simulator over loopback, fake clock; Ops: me 09:00–17:00 UTC
// every day (the seed). Failed before: the state still held the unanswered alarm at 17:01.
import { describe, expect, it } from 'vitest';
import type { AlarmSurface } from '../../../electron/core/alarm/surface';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { alarmAskRows } from '../../../renderer/src/lib/alarm-asks';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const MY_END = Date.parse('2026-03-10T17:00:00Z');
const ZONE = 'Europe/Berlin';

const surface: AlarmSurface = { show: () => undefined, close: () => undefined };

const labels = (items: readonly unknown[]): string[] =>
  JSON.stringify(items)
    .match(/"label":"[^"]*"/g)
    ?.map((l) => l.slice(9, -1)) ?? [];

describe('engine: an unanswered alarm of a shift that is over', () => {
  it('is asked for while the shift runs, and on no surface once it has ended', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const engine = h.engine({ alarmSurface: surface });
    await engine.start();
    await h.clock.advanceTo(MY_START + 2 * MIN);
    const during = engine.getState();
    expect(during.alarm).toMatchObject({ ringing: true, ackedAt: null });
    expect(trayTooltip(during, h.clock.now(), ZONE)).toMatch(/not acknowledged/);

    await h.clock.advanceTo(MY_END + MIN);
    const after = engine.getState();
    const nowMs = h.clock.now();
    const asked = [...(after.alarm ? [after.alarm] : []), ...(after.otherAlarms ?? [])].filter(
      (a) => a.ackedAt === null,
    );
    expect(asked).toEqual([]);
    expect(trayTooltip(after, nowMs, ZONE)).not.toMatch(/not acknowledged/);
    expect(labels(buildTrayMenu(after, nowMs, ZONE))).not.toContainEqual(expect.stringMatching(/acknowledge/i));
    expect(alarmAskRows(after, { nowMs, locale: 'en-GB', localZone: ZONE })).toEqual([]);
    await engine.stop();
  });
});
