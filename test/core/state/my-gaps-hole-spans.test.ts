// The snapshot names where my shifts couldn't be read: a block of mine the service then sends without its people is
// a 'holes' gap whose spans hold that block's time, so status --json and every list of my shifts can say when.
import { afterEach, describe, expect, it } from 'vitest';
import { OPS_ID } from '../support/seeds';
import { myBlockBecomesHole, type HoleWorld } from '../support/my-hole-world';

let world: HoleWorld | undefined;
afterEach(async () => {
  await world?.h.close();
  world = undefined;
});

describe('my gaps: the spans of a hole', () => {
  it('a block of mine sent unreadable is a holes gap spanning that block, and no longer a block of mine', async () => {
    world = await myBlockBecomesHole();
    const state = world.engine.getState();
    const gap = state.me.gaps.find((g) => g.scheduleId === OPS_ID);
    expect(gap?.kind).toBe('holes');
    expect(gap?.spans).toEqual([{ from: world.wed.start, to: world.wed.end }]);
    expect(state.me.shifts.some((m) => m.start === world?.wed.start)).toBe(false);
  }, 120_000);
});
