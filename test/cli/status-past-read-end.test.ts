// adv47 round 38 #2: my block runs past the end of the read (read to 11 Apr 09:00Z) and the service answers 500 since.
// Two hours after the read's end, `status` said "On call now: unknown" and yet listed the block "… — NewYork — now":
// its known part had ended, so being on call now is unknown. It is no longer marked "now", and `status` and the
// popover list the same blocks (one statement: state.me.shifts).
import { describe, expect, it } from 'vitest';
import { myListRows } from '../../renderer/src/lib/my-shift-rows';
import { pastReadEndWorld, READ_TO } from '../core/support/past-read-end';
import { surfaces, ZONE } from '../core/truth/support';

const HOUR = 3_600_000;

describe('status after the read of a running block ends, the service down', () => {
  it('does not mark the block "now" and lists the blocks the popover lists', async () => {
    const { h, engine, readTo } = await pastReadEndWorld();
    expect(readTo).toBe(READ_TO);
    // Asleep most of the way (shorter fake-clock stepping), awake over the read's end.
    h.clock.sleep(Date.parse(READ_TO) - HOUR - h.clock.now());
    await h.clock.advance(Date.parse(READ_TO) + 2 * HOUR - h.clock.now());
    const nowMs = h.clock.now();
    const state = engine.getState();
    const { status } = surfaces(state, nowMs);
    expect(status).toContain('On call now: unknown');
    expect(status).not.toMatch(/— NewYork — now/);
    // Every row the popover lists names its schedule in `status`'s list, and `status` lists no more of them.
    const rows = myListRows(state, { nowMs, locale: 'en-GB', localZone: ZONE }).filter((r) => !r.hole);
    const listed = status.split('\n').filter((l) => /^ {2}.* — NewYork( |$)/.test(l));
    // One block of mine reaches into the read (5 → 12 Apr); the next (19 Apr) lies past it.
    expect(listed).toHaveLength(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.running).toBe(false);
    await engine.stop();
    await h.close();
  }, 120_000);
});
