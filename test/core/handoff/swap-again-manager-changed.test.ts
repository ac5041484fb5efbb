// Issue 48, adv48 round 27 #1: a swap landed whole ("Swapped: …"); a manager then changed ONE side; Swap pressed
// again for the same two blocks (with no restart, and after one) said the side still in place "was not sent"
// (my cover of Carol's Thu: the service pages me all Thursday) or "Nothing was swapped" (Carol covers my Tue). Each
// side must be said from what the service holds now: in place, changed since it landed (kept in place, as Check and
// Retry say it), or not sent, and nothing stale written. Real engine, the simulator, a fake clock; what the service
// holds is read back through a client of its own, not from the app.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../electron/api/client';
import { type Harness } from '../support/engine-harness';
import { overridesOn, startPairWorld, SWAP, TUE, THU } from './support/pair-world';
import { logWrites } from './support/write-log';

const MIN = 60_000;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Who the service has on call over the window, one sorted "a+b" per stretch (its own read, not the app's). */
async function onCall(hh: Harness, scheduleId: string, w: { start: string; end: string }): Promise<string[]> {
  const c = createClient({ baseUrl: hh.sim.url, getApiKey: () => hh.sim.apiKey });
  try {
    const r = await c.listShifts(scheduleId, { from: w.start, to: w.end, clip_to_interval: true, per_page: 100 });
    if (!r.ok) throw new Error(r.error.message);
    return r.value.shifts.flatMap((e) =>
      e.ok
        ? [
            e.shift.users
              .map((u) => u.email)
              .sort()
              .join('+'),
          ]
        : ['?'],
    );
  } finally {
    c.close();
  }
}

// The swap as planned: Carol (with Bob kept) over my Tue on Pair; me over Carol's Thu on Solo.
const MINE_SWAPPED = ['bob@example.com+carol@example.com'];
const THEIRS_SWAPPED = ['me@example.com'];

describe('Swap pressed again after both sides landed and a manager changed one', () => {
  it.each([
    ['their Thu given to Alice', 'sch_solo', THU, ['alice'], false],
    ['my Tue given to Alice + Bob', 'sch_pair', TUE, ['alice', 'bob'], false],
    ['their Thu given to Alice, after a restart', 'sch_solo', THU, ['alice'], true],
    ['my Tue given to Alice + Bob, after a restart', 'sch_pair', TUE, ['alice', 'bob'], true],
  ] as const)(
    '%s: the side still in place is said in place',
    async (_name, sch, win, people, restart) => {
      const w = await startPairWorld();
      h = w.h;
      const log = logWrites(w.h, ['sch_pair', 'sch_solo']);
      const made = await w.h.clock.runWhileAdvancing(w.engine.handlers['swap:create'](SWAP), 1000, 300);
      if (!made.ok) throw new Error(made.error.message);
      expect(made.value.text).toMatch(/^Swapped: /);
      if (restart) await w.engine.stop();
      log.manage(sch, Date.parse(win.start), Date.parse(win.end), [...people]);
      await w.h.clock.advance(5 * MIN);
      let engine = w.engine;
      if (restart) {
        engine = w.h.engine();
        await engine.start();
      }
      await w.h.clock.advance(5_000);
      const again = await w.h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP), 1000, 300);
      if (!again.ok) throw new Error(again.error.message);
      const { mine, theirs, text } = again.value;
      if (process.env.SHOW_SAID) console.log(_name, '\n', mine.state, theirs.state, '|', text);
      // What the service holds, read on its own: exactly one side still as swapped.
      const mineIn = (await onCall(w.h, 'sch_pair', TUE)).join() === MINE_SWAPPED.join();
      const theirsIn = (await onCall(w.h, 'sch_solo', THU)).join() === THEIRS_SWAPPED.join();
      expect([mineIn, theirsIn]).toEqual([sch === 'sch_solo', sch === 'sch_pair']);
      // The side in place is said in place, never "not sent" nor "nothing was swapped".
      expect(text).not.toMatch(/^Nothing was swapped/);
      if (mineIn) expect(mine.state).toBe('handed_off');
      if (theirsIn) {
        expect(theirs.state).toBe('handed_off');
        expect(text).not.toMatch(/your cover of Carol Lee's Thu [^,;]*\) was not sent/);
      }
      expect(text).toMatch(/^Not swapped as planned: |^Carol Lee now covers your Tue /);
      // Before a restart the app had read both in place (they landed): the change is one since it landed, the side
      // kept in place under it, as Retry says it. After one, the app knows only what the schedule holds now.
      const changedSide = sch === 'sch_pair' ? mine : theirs;
      if (!restart) {
        expect(changedSide.state).toBe('handed_off');
        expect(changedSide.message).toMatch(/^Changed since it landed: /);
        expect(text).toMatch(/ landed, but .* is no longer in place\. Changed since it landed: /);
      } else {
        expect(changedSide.state).not.toBe('handed_off');
        expect(text).toMatch(/ was not sent\. Changed since you planned it: /);
        expect(text).toMatch(
          theirsIn ? /your cover of Carol Lee's Thu [^,]* is in place/ : /^Carol Lee now covers your Tue/,
        );
      }
      // Nothing stale written, no duplicate: the two original writes and the manager's.
      expect(log.entries.filter((e) => !e.manager)).toHaveLength(2);
      expect(overridesOn(w.h, 'sch_pair').length + overridesOn(w.h, 'sch_solo').length).toBe(3);
      await engine.stop();
    },
    60_000,
  );
});
