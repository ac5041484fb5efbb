// Issue 49, adversarial round 13, #5: one account watching a schedule the service doesn't have (fixed in Settings)
// and with holes in two other schedules (fixed by reading again) showed one tray item and one popover line whose
// only action was "Open settings", "Remove or replace it in Settings…" after the holes' sentence. Each problem keeps
// its own fix, as with several accounts: two items and two lines, each with its own action. Real engine, simulator,
// fake clock. Failed before: one item (open-settings).
import { describe, expect, it } from 'vitest';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { trayItems } from '../support/tray-labels';

const START = Date.parse('2026-03-25T07:00:00Z');
const ZONE = 'Europe/Berlin';
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('engine: one account, two problems with different fixes', () => {
  it('the missing schedule opens Settings, the holes retry: two tray items', async () => {
    const h = await createHarness({ startMs: START, seed: threeZoneSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork', 'sch_tokyo', 'sch_gone'] });
    for (const id of ['sch_newyork', 'sch_tokyo']) h.sim.unreadable.add(id, { fromMs: START, toMs: START + 3 * HOUR });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(2 * MIN);
    const state = engine.getState();
    const nowMs = h.clock.now();
    const problems = trayItems(buildTrayMenu(state, nowMs, ZONE)).flatMap((i) =>
      'action' in i && i.action !== 'open-status' && /sch_gone|some shifts/.test(i.label)
        ? [{ label: i.label, action: i.action }]
        : [],
    );
    expect(problems).toHaveLength(2);
    const [gone, holes] = problems;
    expect(gone?.label).toMatch(/sch_gone \(not found on the service\).*Remove or replace it in Settings/);
    expect(gone?.label).not.toMatch(/some shifts/);
    expect(gone?.action).toBe('open-settings');
    expect(holes?.label).toMatch(/Couldn't read some shifts of New York payments and some shifts of Tokyo data/);
    expect(holes?.label).not.toMatch(/sch_gone|Settings/);
    expect(holes?.action).toBe('refresh');
    await engine.stop();
  }, 60_000);
});
