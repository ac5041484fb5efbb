// adv50 r31 #2: two people on call right before my start. The window said "Alice Doe and Bob Stone hand over to
// you."; the loud notification of the same ring "… hands over to you.": one rule words both.
import { describe, expect, it } from 'vitest';
import type { AlarmSurface } from '../../../electron/core/alarm/surface';
import type { AlarmView } from '../../../electron/shared/alarm-view';
import { alarmWords } from '../../../electron/shared/alarm-words';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');

describe('who hands over, two names', () => {
  it('the notification and the window word it alike, in the plural', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const shown: AlarmView[] = [];
    const surface: AlarmSurface = { show: (v) => void shown.push(v), close: () => {} };
    const engine = h.engine({ alarmSurface: surface });
    await engine.start();
    await h.clock.advance(1000);
    // Alice and Bob both on call 08:00–09:00 (an override with two people), then me from 09:00.
    const span = { startMs: MY_START - 60 * MIN, endMs: MY_START, userIds: ['usr_alice', 'usr_bob'] };
    h.sim.state.addOverride(OPS_ID, span, h.clock.now());
    await h.clock.advanceTo(MY_START + MIN);
    const notes = h.notifier.shown.filter((n) => n.alarm === true);
    await engine.stop();
    await h.close();
    const names = ['Alice Doe', 'Bob Stone'].join(' and ');
    const window = alarmWords(shown[0]!, { nowMs: MY_START, locale: 'en-GB', localZone: 'Europe/Berlin' });
    expect(window.handover).toBe(`${names} hand over to you.`);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain(`${names} hand over to you.`);
    expect(notes[0]!.body).not.toContain('hands over');
  }, 60_000);
});
