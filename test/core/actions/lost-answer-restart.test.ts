// adv48 round 11 #1: a restart during the 2-minute settle must not drop it. The first create is answered 504 and
// applied 30 s later; the app restarts 10 s after the write; the user presses again 5 s after the restart.
// NOT FIXED YET: the pending lost-answer record (override-again.ts's Doubt) lives in memory only, so the press after the
// restart sends at once and the late write makes a duplicate. `it.fails` keeps this reproducer green until the record
// is kept across a restart; it turns red then, to be made a plain `it`.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const REQ = {
  scheduleId: 'sch_berlin',
  window: { kind: 'custom' as const, start: '2026-03-25T12:00:00.000Z', end: '2026-03-25T14:00:00.000Z' },
  emails: ['bob@example.com'],
};

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

async function started(hh: Harness): Promise<Engine> {
  const e = hh.engine();
  await e.start();
  await hh.clock.advance(1_000);
  return e;
}

describe('a restart during the settle of a lost answer', () => {
  it.fails(
    'form (known bug, adv48 r11 #1): the press after the restart sends nothing, and one override is held once the late write applies',
    async () => {
      h = await createHarness({ startMs: START, seed: threeZoneSeed() });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
      const first = await started(h);
      h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 30_000, times: 1 });
      const a = await h.clock.runWhileAdvancing(first.handlers['override:create'](REQ));
      expect(a.ok && a.value.status).not.toBe('created');
      await h.clock.advance(10_000);
      await first.stop();
      const second = await started(h);
      await h.clock.advance(4_000);
      const b = await h.clock.runWhileAdvancing(second.handlers['override:create'](REQ));
      expect(b.ok && b.value.status).not.toBe('created');
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
      await h.clock.advance(60_000);
      await h.clock.runWhileAdvancing(second.handlers['override:create'](REQ));
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    },
  );
});
