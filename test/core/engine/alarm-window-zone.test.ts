// The computer's zone changes while the alarm rings (adv50 round 13 #2): the alarm window follows it, as the phone's
// booking does (phone-zone-rebook.test.ts), so the laptop and the phone state the same local hour for one start.
// Real engine, simulator, fake clock; Ops: me 09:00–17:00 UTC (the seed). Failed before: the surface got one `show`
// (09:00, in Berlin's zone) and nothing after the zone went to New York.
import { describe, expect, it } from 'vitest';
import type { AlarmSurface } from '../../../electron/core/alarm/surface';
import type { AlarmView } from '../../../electron/shared/alarm-view';
import { alarmWords } from '../../../electron/shared/alarm-words';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');

describe('engine: the zone changes while the alarm rings', () => {
  it('pushes the window a view worded in the new zone, without ringing again', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const shown: { view: AlarmView; atMs: number }[] = [];
    const closed: string[] = [];
    const surface: AlarmSurface = {
      show: (view) => void shown.push({ view, atMs: h.clock.now() }),
      close: (key) => void closed.push(key),
    };
    let zone = 'Europe/Berlin';
    const engine = h.engine({ alarmSurface: surface, localZone: () => zone });
    await engine.start();
    await h.clock.advanceTo(MY_START + MIN);
    expect(shown).toHaveLength(1);
    const words = (v: AlarmView | undefined, nowMs: number) =>
      v ? alarmWords(v, { nowMs, locale: 'en-GB', ...(v.localZone ? { localZone: v.localZone } : {}) }).when : '';
    expect(words(shown[0]?.view, h.clock.now())).toBe('Your shift: 10:00–18:00 (09:00–17:00 UTC)');

    zone = 'America/New_York';
    // Main re-reads the zone every minute (platform/local-zone.ts); the window follows within about as long.
    await h.clock.advance(2 * MIN);
    expect(shown).toHaveLength(2);
    const [first, second] = shown;
    expect(second?.view.key).toBe(first?.view.key);
    // The same ring (not a new one, not "again"): the window keeps its sound and words the shift anew.
    expect(second?.view).toMatchObject({ again: false, late: false, test: false, localZone: 'America/New_York' });
    expect(words(second?.view, h.clock.now())).toBe('Your shift: 05:00–13:00 (09:00–17:00 UTC)');
    // No second loud notification for the same start.
    expect(h.notifier.shown.filter((n) => n.alarm === true)).toHaveLength(1);
    expect(closed).toEqual([]);

    // Unchanged zone: nothing more is pushed; the window still closes after its 10 min of ringing.
    await h.clock.advanceTo(MY_START + 11 * MIN);
    expect(shown).toHaveLength(2);
    expect(closed).toEqual([first?.view.key]);
    await engine.stop();
  }, 30_000);
});
