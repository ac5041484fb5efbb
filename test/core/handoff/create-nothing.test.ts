// adv48 round 8 (minor): I'm away's Create with no shift chosen sends nothing, so it says there is nothing to hand
// off, never "outcome unknown … some overrides may have been sent" for writes that never existed.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { startPairWorld } from './support/pair-world';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("I'm away: Create with an empty list", () => {
  it('says there is nothing to hand off and sends nothing', async () => {
    const w = await startPairWorld();
    h = w.h;
    const made = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items: [] }));
    expect(!made.ok && made.error.kind).toBe('validation');
    expect(!made.ok && made.error.message).toBe(
      'There is nothing to hand off: no shift was chosen, so nothing was sent.',
    );
    expect(w.h.sim.requests.count({ route: 'createOverride' })).toBe(0);
    const status = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:get'](null));
    expect(status.ok && status.value.run).toBeNull();
  }, 30_000);
});
