// adv48 round 9 (brief item 3): a swap whose first side landed and whose second did not; the app restarts (the
// half-swap note is in memory only) and "Swap" is pressed again. The service holds exactly the planned first side:
// the app's own write, not a manager's change. It goes on with the second side (after its re-read), and nothing is
// written twice. Before: "Changed since you planned it: Carol now covers …" about the user's own side, and the
// second side never sent. Pair world, the simulator, a fake clock, a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { overridesOn, pairSeed, START, SWAP } from './support/pair-world';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('swap pressed again after a restart where its first side landed', () => {
  it('recognises its own landed side and sends the second once', async () => {
    const hh = await createHarness({ startMs: START, seed: pairSeed(), files: 'fs' });
    h = hh;
    await seedSettings(hh, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
    const first = hh.engine();
    await first.start();
    await hh.clock.advance(1_000);
    hh.sim.faults.set('createOverride', { status: 409, times: 1, pathIncludes: 'sch_solo' });
    const half = await hh.clock.runWhileAdvancing(first.handlers['swap:create'](SWAP));
    if (!half.ok) throw new Error(half.error.message);
    expect([half.value.mine.state, half.value.theirs.state]).toEqual(['handed_off', 'refused']);
    await first.stop();
    await hh.clock.advance(60_000);

    const engine = hh.engine();
    await engine.start();
    await hh.clock.advance(1_000);
    const again = await hh.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.text).not.toMatch(/Changed since/);
    expect([again.value.mine.state, again.value.theirs.state]).toEqual(['handed_off', 'handed_off']);
    expect(again.value.text).toMatch(/^Swapped: /);
    expect(overridesOn(hh, 'sch_pair')).toHaveLength(1);
    expect(overridesOn(hh, 'sch_solo')).toHaveLength(1);
    await engine.stop();
  }, 30_000);
});
