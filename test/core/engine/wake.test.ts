// Waking up, as the engine sees it: a resume event and a sleep noticed from the clock alone (no event) each lead
// to one fresh read of every schedule, and the catch-up for a shift that started while asleep comes only after
// that read, from what the service says then.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { myBlocks } from '../support/truth';
import { HOUR } from '../../support/time';

const IDS = ['sch_berlin', 'sch_newyork', 'sch_tokyo'];
const START = Date.parse('2026-03-25T00:00:00Z');

let h: Harness | undefined;
async function awakeBeforeAStart() {
  h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  await seedSettings(h, {
    email: ME,
    scheduleIds: IDS,
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const blocks = await myBlocks(h.sim, IDS, ME, START, START + 4 * 24 * HOUR);
  const block = blocks.find((b) => b.startMs > START + 30 * HOUR)!;
  const engine = h.engine({ alarms: false }); // the reminders' own "since" (with the alarm on, the late alarm says it)
  await engine.start();
  await h.clock.advanceTo(block.startMs - 20 * 60_000);
  return { h, engine, block };
}

const probes = (h: Harness) => h.sim.requests.count({ route: 'getSchedule' });

describe('engine: waking up', () => {
  it.each([
    ['a resume event', true],
    ['no resume event (seen from the clock)', false],
  ])(
    'after %s: one fresh read of every schedule, then one true "since" for the shift that started',
    async (_, withEvent) => {
      const { h, engine, block } = await awakeBeforeAStart();
      const shownBefore = h.notifier.shown.length;
      h.clock.sleep(2 * HOUR);
      const probesBefore = probes(h);
      if (withEvent) engine.power('resume');
      await h.clock.advance(withEvent ? 1_000 : 11 * 60_000);
      const mine = h.notifier.shown.slice(shownBefore).filter((n) => n.id.startsWith(`shift:${block.scheduleId}:`));
      expect(mine.map((n) => n.title)).toEqual(['On call now']);
      expect(mine[0]!.body).toMatch(/^You have been on call for .+ since \d\d:\d\d/);
      // Every schedule was read after the wake, before the message (never judged from saved data alone)...
      const wokeAtMs = h.clock.now() - (withEvent ? 1_000 : 11 * 60_000);
      expect(mine[0]!.atMs).toBeGreaterThanOrEqual(wokeAtMs);
      // ...and the wake cost one read per schedule, not two (the event and the clock agree it is one sleep).
      expect(probes(h) - probesBefore).toBeLessThanOrEqual(IDS.length + 1);
    },
    60_000,
  );
});
