// Issue 49: Swap's outcome lists each side under its sentence ("They cover your shift (<window>): in place"), in
// main's words, carried on swap:create's and swap:settle's answer, so the form carries no copy of them. A side is
// "in place" only where the service holds it; a side that did not land says so. Real engine, simulator, fake clock
// (pair world); the windows are worded by the one formatter in the local zone, the schedule's own beside it.
import { describe, expect, it } from 'vitest';
import { formatWindow } from '../../../electron/shared/format';
import { overridesOn, startPairWorld, SWAP, THU, TUE } from './support/pair-world';

const ZONE = 'Europe/Berlin';
const windowOf = (w: { start: string; end: string }, nowMs: number) =>
  formatWindow(w.start, w.end, { nowMs, localZone: ZONE, scheduleZone: 'Etc/UTC' });

describe("swap's side lines, worded by main on its answer", () => {
  it('both sides landed: each side is in place, with its window', async () => {
    const { h, engine } = await startPairWorld();
    const answer = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!answer.ok) throw new Error(answer.error.message);
    const now = h.clock.now();
    // The oracle: the service holds an override on each schedule.
    expect(overridesOn(h, 'sch_pair').length).toBe(1);
    expect(overridesOn(h, 'sch_solo').length).toBe(1);
    expect(answer.value.sides).toEqual({
      mine: `They cover your shift (${windowOf(TUE, now)}): in place`,
      theirs: `You cover their shift (${windowOf(THU, now)}): in place`,
      back: null,
    });
  }, 60_000);

  it('the first write answered 500: it may have landed, so it reads as unknown (never "not in place") until checked', async () => {
    const { h, engine } = await startPairWorld();
    h.sim.faults.set('createOverride', { status: 500, times: 1 });
    const answer = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!answer.ok) throw new Error(answer.error.message);
    const now = h.clock.now();
    // The oracle: the service holds nothing of it (the 500 wrote nothing), but the app can't know that yet.
    expect(overridesOn(h, 'sch_pair')).toEqual([]);
    expect(overridesOn(h, 'sch_solo')).toEqual([]);
    expect(answer.value.sides.mine).toBe(`They cover your shift (${windowOf(TUE, now)}): outcome unknown (checking…)`);
    expect(answer.value.sides.theirs).toBe(`You cover their shift (${windowOf(THU, now)}): not in place`);
    const { mine, theirs, back } = answer.value;
    const checked = await h.clock.runWhileAdvancing(
      engine.handlers['swap:settle']({ action: 'check', mine, theirs, back }),
    );
    if (!checked.ok) throw new Error(checked.error.message);
    // Looked at again (never sent): the service still holds none of it, so no side reads as in place.
    expect(overridesOn(h, 'sch_pair')).toEqual([]);
    expect(checked.value.sides.mine).toMatch(new RegExp(`^They cover your shift \\(.+\\): (?!in place)`));
    expect(checked.value.sides.theirs).toBe(`You cover their shift (${windowOf(THU, h.clock.now())}): not in place`);
  }, 60_000);
});
