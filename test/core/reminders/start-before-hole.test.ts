// A start reminder doesn't state an end that no read covers: my shift (09:00–17:00) is followed by Alice's, sent
// unreadable from the first read on, so nothing read says my block stops at 17:00. The reminders that come before and
// at its start say "until at least 17:00" as the tray does, never a plain "until 17:00" or "09:00–17:00". Real
// engine, simulator over loopback, fake clock; the expected words come from the setup (which span was sent
// unreadable), not from the app.
import { describe, expect, it } from 'vitest';
import type { AlarmView } from '../../../electron/shared/alarm-view';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID as SID, opsSeed as seed } from '../support/seeds';

const START = Date.parse('2026-03-21T06:00:00Z');
const MY_START = Date.parse('2026-03-21T09:00:00Z');
const MY_END = Date.parse('2026-03-21T17:00:00Z');

let h: Harness | undefined;
/** What the alarm window was given: whether the shift's end is known (issue 50). */
let windowEndKnown: boolean[] = [];
async function shownBefore(unreadable: boolean): Promise<string[]> {
  windowEndKnown = [];
  h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: [SID] });
  if (unreadable) h.sim.unreadable.add(SID, { fromMs: MY_END, toMs: Date.parse('2026-03-22T01:00:00Z') });
  const alarmSurface = { show: (v: AlarmView) => void windowEndKnown.push(v.endKnown), close: () => undefined };
  const engine = h.engine({ localZone: 'Etc/UTC', alarmSurface });
  await engine.start();
  await h.clock.advanceTo(MY_START + 60_000);
  // The reminders of this block (keyed by its start), not of tomorrow's.
  return h.notifier.shown.filter((n) => n.id.includes('2026-03-21T09:00:00Z')).map((n) => `${n.title}: ${n.body}`);
}

describe('reminders before and at the start of a shift whose end was never read', () => {
  it('say "until at least 17:00", never a plain end', async () => {
    const shown = await shownBefore(true);
    // The start's loud alarm (issue 50) is its one notice (no separate "On call now"): at least until 17:00.
    expect(shown.filter((s) => s.startsWith('On call now'))).toEqual([
      'On call now — Ops: Your shift from 09:00 until at least 17:00, then unknown. Bob Stone hands over to you.',
    ]);
    // The alarm window is told the same: its end is not known.
    expect(windowEndKnown).toEqual([false]);
    expect(shown.length).toBeGreaterThan(1);
    for (const text of shown) {
      expect(text).not.toMatch(/until 17:00|–17:00/);
      if (text.includes('17:00')) expect(text).toMatch(/at least 17:00/);
    }
  });

  it('the control: with Alice’s shift readable, the start says "until 17:00"', async () => {
    const shown = await shownBefore(false);
    expect(shown.filter((s) => s.startsWith('On call now'))).toEqual([
      'On call now — Ops: Your shift 09:00–17:00. Bob Stone hands over to you.',
    ]);
    expect(windowEndKnown).toEqual([true]);
  });
});
