// Issue 48, adversarial round 1 (finding 4): a swap's Retry and its Hand back pressed together both wrote (I held
// both days, the teammate neither), each told as done. One flow runs at a time per swap, and each reads the service
// again: a hand back after the Retry put the swap in place sends nothing; a Retry after the hand back re-reads my
// side and sends nothing. Pair world: my Tue 3/24 is with Bob on Pair; Carol is alone on Solo (her Thu).
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { overridesOn, startPairWorld, SWAP } from './support/pair-world';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('swap: Retry and Hand back at once', () => {
  it('Retry twice and Hand back together: one of them writes, and the swap ends whole or handed back, never both', async () => {
    const w = await startPairWorld();
    h = w.h;
    const { engine } = w;
    w.h.sim.faults.set('createOverride', { status: 502, times: 1, pathIncludes: 'sch_solo' });
    const half = await w.h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!half.ok) throw new Error(half.error.message);
    expect([half.value.mine.state, half.value.theirs.state]).toEqual(['handed_off', 'unknown']);
    const settle = (action: 'retry' | 'hand-back') =>
      engine.handlers['swap:settle']({ action, ...half.value, back: null });
    // A 5xx not seen applied is sent again only once the service has had time to apply it (adv48 round 10 #1).
    await w.h.clock.advance(SETTLE_MS);
    const answers = await w.h.clock.runWhileAdvancing(
      Promise.all([settle('retry'), settle('retry'), settle('hand-back')]),
    );
    // The Retry ran first: Carol's Thu is mine, so the hand back sends nothing and says the swap is whole.
    expect(overridesOn(w.h, 'sch_pair')).toHaveLength(1);
    expect(overridesOn(w.h, 'sch_solo')).toHaveLength(1);
    for (const a of answers) expect(a.ok && a.value.text).toMatch(/^Swapped/);
  }, 60_000);

  it('Hand back first, then Retry (as sent together): the Retry re-reads my side and sends nothing', async () => {
    const w = await startPairWorld();
    h = w.h;
    const { engine } = w;
    w.h.sim.faults.set('createOverride', { status: 502, times: 1, pathIncludes: 'sch_solo' });
    const half = await w.h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!half.ok) throw new Error(half.error.message);
    const settle = (action: 'retry' | 'hand-back') =>
      engine.handlers['swap:settle']({ action, ...half.value, back: null });
    await w.h.clock.advance(SETTLE_MS);
    const [back, retried] = await w.h.clock.runWhileAdvancing(Promise.all([settle('hand-back'), settle('retry')]));
    expect(back.ok && back.value.back?.state).toBe('handed_off');
    expect(retried.ok && retried.value.theirs.state).not.toBe('handed_off');
    expect(overridesOn(w.h, 'sch_pair')).toHaveLength(2); // Bob's cover, and my hand back
    expect(overridesOn(w.h, 'sch_solo')).toHaveLength(0);
  }, 60_000);
});
