// The `summary:get` intent behind "Copy on-call summary": the engine's current state as hand-off text.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

let h: Harness | undefined;
describe('summary:get', () => {
  it('answers the hand-off text for the watched schedules and my next block', async () => {
    h = await createHarness({ startMs: Date.parse('2026-03-25T10:00:00Z'), seed: threeZoneSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_tokyo'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(1_000);
    const result = await engine.handlers['summary:get'](null);
    if (!result.ok) throw new Error(result.error.message);
    const lines = result.value.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    // Alice hands over to me at 08:00 UTC tomorrow; the local part depends on this computer's zone.
    expect(lines[1]).toMatch(/^Berlin primary: Alice Doe until Thu .*08:00 UTC\)?, then Mia Meyer$/);
    expect(lines[2]).toMatch(/^Tokyo data: Carol Lee until Thu .*01:00 UTC\)?, then Mia Meyer$/);
    expect(lines[3]).toMatch(/^My next block: Tokyo data, Thu .*01:00 UTC\)? – Sat /);
  });
});
