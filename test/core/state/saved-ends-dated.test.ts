// adv49 r19: offline at start with saved data older than its horizon. Every glance surface said when the saved data
// ends with a bare weekday ("saved data ends Wed 12:00") for an instant six days in the past: on a Tuesday a user
// reads tomorrow. Read back by the independent reader (a bare weekday is the coming one), each must name the end.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { loadPopover, popover } from '../support/popover-text';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { trayLabels } from '../support/tray-labels';
import { timeAfter } from '../support/surface-text';
import { timelineModel } from '../../../renderer/src/lib/timeline';

const HOUR = 3_600_000;
const ZONE = 'Europe/Berlin';
beforeAll(loadPopover, 180_000);

const desk = (id: string, name: string, rotationStart: string, userIds: string[]) => ({
  ...{ id, name, zone: 'Etc/UTC', rotationStart, userIds },
  length: { amount: 8, unit: 'hours' as const },
});

/** The app read on Tue 10 Mar and was off three weeks; it starts on Tue 31 Mar, offline: the saved data ended 25 Mar. */
async function oldSavedData() {
  const seed = seedOf([
    desk('sch_a', 'Desk A', '2026-03-01T01:00:00Z', ['usr_bob', 'usr_me', 'usr_alice']),
    desk('sch_b', 'Desk B', '2026-03-01T05:00:00Z', ['usr_alice', 'usr_bob', 'usr_me']),
  ]);
  const h = await createHarness({ startMs: Date.parse('2026-03-10T12:00:00Z'), seed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_a', 'sch_b'] });
  const first = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(first.start(), 1_000, 30);
  await h.clock.settle();
  await first.stop();
  await h.sim.close();
  await h.clock.advance(500 * HOUR);
  const engine = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(engine.start(), 1_000, 30);
  await h.clock.settle();
  const [now, state] = [h.clock.now(), engine.getState()];
  await engine.stop();
  const endMs = Date.parse(state.schedules[0]?.known?.to ?? '');
  expect(endMs).toBeLessThan(now - 5 * 24 * HOUR); // the world is the hostile one: it ended days ago
  return { now, state, endMs };
}

describe('offline start, saved data that ended days ago', () => {
  it('names when the saved data ended as the instant it was, on the tooltip, the menu and the popover', async () => {
    const { now, state, endMs } = await oldSavedData();
    const surfaces = {
      tooltip: trayTooltip(state, now, ZONE),
      menu: trayLabels(buildTrayMenu(state, now, ZONE)).join('\n'),
      popover: popover(state, now, ZONE).all,
    };
    const read = Object.fromEntries(
      Object.entries(surfaces).map(([k, text]) => [k, new Date(timeAfter(text, 'ends', now) ?? 0).toISOString()]),
    );
    const want = new Date(endMs).toISOString();
    expect(read, JSON.stringify(surfaces)).toEqual({ tooltip: want, menu: want, popover: want });
  }, 120_000);

  it("the week calls the unread days old saved data, with when it ended, never 'not read this far ahead'", async () => {
    const { now, state } = await oldSavedData();
    const week = timelineModel(state, { nowMs: now, locale: 'en-GB', localZone: ZONE });
    for (const row of week.rows) {
      // Where the row's read ended, from the state (the engine's saved read), as the glance says it.
      const endedMs = Date.parse(state.schedules.find((s) => s.id === row.id)?.known?.to ?? '');
      expect(endedMs).toBeLessThan(now - 5 * 24 * HOUR);
      const [only, ...more] = row.segments.map((g) => g.text); // wholly unknown: the data ended before the week
      expect(more).toEqual([]);
      expect(only).not.toContain('far ahead');
      expect(timeAfter(only ?? '', 'saved data ends', now), only).toBe(endedMs);
    }
    expect(week.rows.length).toBe(2);
  }, 120_000);
});
