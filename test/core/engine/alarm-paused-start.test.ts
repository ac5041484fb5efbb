// A per-account pause past the start (adv50 round 13, side note): as documented, that start rings nothing. Once the
// pause ends while the shift runs, the tray, its tooltip and the popover said nothing of it at all; now they say the
// true thing, that it was not rung, and ask nothing ("not acknowledged" would ask for an alarm that never rang).
// Real engine, simulator, fake clock; Ops: me 09:00–17:00 UTC (the seed), the computer in Berlin.
// Failed before: at 09:02 the state named no alarm and no surface had a line for the start.
import { describe, expect, it } from 'vitest';
import type { AlarmSurface } from '../../../electron/core/alarm/surface';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { alarmAskRows } from '../../../renderer/src/lib/alarm-asks';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { trayLabels } from '../support/tray-labels';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const MY_END = Date.parse('2026-03-10T17:00:00Z');
const ZONE = 'Europe/Berlin';
const LINE = 'Shift-start alarm (Ops, 10:00 (09:00 UTC)): not rung — reminders were paused or muted at its start';

describe('engine: a start passed during a per-account pause', () => {
  it('is said as not rung once the pause ends, with nothing to acknowledge', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const shown: string[] = [];
    const surface: AlarmSurface = { show: (v) => void shown.push(v.key), close: () => undefined };
    const engine = h.engine({ alarmSurface: surface, localZone: () => ZONE });
    await engine.start();
    await h.clock.advanceTo(MY_START - 30 * MIN);
    const id = engine.getState().settings.accounts[0]?.id;
    expect(id).toBeDefined();
    const answer = await h.clock.runWhileAdvancing(
      engine.handlers['settings:update']({ account: { id: id!, pausedUntil: new Date(MY_START + MIN).toISOString() } }),
    );
    expect(answer).toMatchObject({ ok: true });

    await h.clock.advanceTo(MY_START + 2 * MIN);
    // As documented: nothing rang.
    expect(shown).toEqual([]);
    expect(h.notifier.shown.filter((n) => n.alarm === true)).toEqual([]);
    const state = engine.getState();
    const nowMs = h.clock.now();
    expect(state.alarm).toMatchObject({ ringing: false, ackedAt: null, passedUnrung: true });
    const labels = trayLabels(buildTrayMenu(state, nowMs, ZONE));
    expect(labels).toContain(LINE);
    expect(labels).not.toContainEqual(expect.stringMatching(/acknowledge/i));
    const tip = trayTooltip(state, nowMs, ZONE);
    expect(tip).toContain(LINE);
    expect(tip).not.toMatch(/not acknowledged/);
    const rows = alarmAskRows(state, { nowMs, locale: 'en-GB', localZone: ZONE });
    expect(rows.map((r) => [r.text, r.waiting])).toEqual([[LINE, false]]);

    // Its shift over: no line any more (as for every unanswered alarm).
    await h.clock.advanceTo(MY_END + MIN);
    expect(engine.getState().alarm?.passedUnrung ?? false).toBe(false);
    expect(trayTooltip(engine.getState(), h.clock.now(), ZONE)).not.toContain('not rung');
    await engine.stop();
  }, 30_000);
});
