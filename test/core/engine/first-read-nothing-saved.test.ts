// Issue 49, adversarial round 13, #3: on a first run the schedules' details were read (the check in onboarding, or
// the first sync) but every shift read failed (listShifts 503), so no shift was ever saved. The tray, tooltip and
// popover said "Showing saved data from 16:40" (the details' read time). A saved-data claim needs saved shift data
// for that source: they say nothing is saved yet, as a service dead from the start does. Real engine, simulator, fake
// clock. Failed before: "Showing saved data from 08:00" on the tray and "· showing saved data from 08:00" in the glance.
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { syncText } from '../../../electron/shared/freshness';
import { staleLine } from '../../../renderer/src/lib/glance-stale';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { trayItems } from '../support/tray-labels';

const START = Date.parse('2026-03-25T07:00:00Z');
const ZONE = 'Europe/Berlin';
const MIN = 60_000;

/** Every text a user reads about sync: the tray's items, the tooltip and the glance's stale line. */
async function textsWith(faults: readonly ['listShifts', number][]): Promise<{ all: string; sync: string }> {
  const h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  // The coverage list is read once, fine, and the schedules' details too: only the shifts fail.
  for (const [route, status] of faults) h.sim.faults.set(route, { status });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(2 * MIN);
  const state = engine.getState();
  const nowMs = h.clock.now();
  for (const s of state.schedules) expect(s.status.kind, s.name).toBe('error');
  const menu = trayItems(buildTrayMenu(state, nowMs, ZONE)).map((i) => ('label' in i ? i.label : ''));
  const glance = staleLine(state, { nowMs, locale: 'en-GB', localZone: ZONE })?.text ?? '';
  const sync = syncText(state.sync, () => 'T');
  await engine.stop();
  await h.close();
  return { all: [...menu, trayTooltip(state, nowMs, ZONE), glance, sync].join('\n'), sync: `${sync}\n${glance}` };
}

describe('engine: no shift ever read is "nothing saved", never "saved data from"', () => {
  it('listShifts fails from the start (details and coverage read): nothing saved to show yet', async () => {
    const t = await textsWith([['listShifts', 503]]);
    expect(t.all).not.toMatch(/saved data from/i);
    expect(t.sync).toMatch(/nothing saved to show yet/i);
  }, 60_000);

  it('then every request fails (the coverage list was read once, the shifts never): nothing saved to show yet', async () => {
    const h = await createHarness({ startMs: START, seed: threeZoneSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
    h.sim.faults.set('listShifts', { status: 503 });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(2 * MIN);
    h.sim.faults.set('*', { status: 503 });
    await h.clock.advance(30 * MIN);
    const state = engine.getState();
    const nowMs = h.clock.now();
    expect(state.sync.kind).not.toBe('ok');
    const menu = trayItems(buildTrayMenu(state, nowMs, ZONE)).map((i) => ('label' in i ? i.label : ''));
    const glance = staleLine(state, { nowMs, locale: 'en-GB', localZone: ZONE })?.text ?? '';
    const all = [...menu, trayTooltip(state, nowMs, ZONE), glance].join('\n');
    expect(all).not.toMatch(/showing saved data/i);
    expect(`${syncText(state.sync, () => 'T')}\n${glance}`).toMatch(/nothing saved to show yet/i);
    await engine.stop();
  }, 60_000);
});
