// The popover's My shifts over a hole (issue 47, adv47 r22): a block of mine the service then sends unreadable is a
// row in its place, between the blocks around it, saying it couldn't be read and may be mine; no Swap is offered on it.
import { afterEach, describe, expect, it } from 'vitest';
import { myListRows } from '../../renderer/src/lib/my-shift-rows';
import { myBlockBecomesHole, type HoleWorld } from '../core/support/my-hole-world';

let world: HoleWorld | undefined;
afterEach(async () => {
  await world?.h.close();
  world = undefined;
});

describe('My shifts over a hole', () => {
  it('lists the unreadable block of mine in order, as unknown, without a swap', async () => {
    world = await myBlockBecomesHole();
    const ctx = { nowMs: world.h.clock.now(), locale: 'en-GB', localZone: 'Europe/Berlin' };
    const rows = myListRows(world.engine.getState(), ctx);
    const starts = rows.map((r) => Date.parse(r.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const hole = rows.findIndex((r) => r.start === world?.wed.start);
    expect(hole, JSON.stringify(rows.slice(0, 3))).toBe(1);
    expect(rows[hole]).toMatchObject({ end: world.wed.end, day: 'Wed', hole: true, swapLabel: '' });
    expect(rows[hole]?.length).toBe("couldn't be read — may be yours");
    expect(rows.filter((r) => r.hole)).toHaveLength(1);
  }, 120_000);
});
