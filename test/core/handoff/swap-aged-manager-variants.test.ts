// Issue 48, adv48 r40 F2 and its neighbours: a manager changes either side of my swap (my Tue for Carol's Thu) just
// before I press it, at 3 min (data fresh) and at 11 min (aged: the swap re-reads first). Before the fix, a manager
// giving Carol's Thu to me at 3 min read as "The schedule already shows it in place" and my Tue was written to Carol on
// that basis. A side the schedule shows as planned, but not by the app's own write, is a change since the plan:
// nothing is written at either age. Real engine, the simulator, a fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { overridesOn, startPairWorld, SWAP, THU, TUE, windowMs } from './support/pair-world';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const at = (iso: string) => Date.parse(iso);
const V: [string, string, number, number, string[]][] = [
  [
    'Tue part to Carol+Bob',
    'sch_pair',
    at('2026-03-24T12:00:00Z'),
    at('2026-03-24T14:00:00Z'),
    ['usr_carol', 'usr_bob'],
  ],
  [
    'Tue part to Carol+Alice',
    'sch_pair',
    at('2026-03-24T12:00:00Z'),
    at('2026-03-24T14:00:00Z'),
    ['usr_carol', 'usr_alice'],
  ],
  ['Tue whole to me+Carol', 'sch_pair', windowMs(TUE).startMs, windowMs(TUE).endMs, ['usr_me', 'usr_carol']],
  ['Carol Thu to Alice', 'sch_solo', windowMs(THU).startMs, windowMs(THU).endMs, ['usr_alice']],
  ['Carol Thu to me', 'sch_solo', windowMs(THU).startMs, windowMs(THU).endMs, ['usr_me']],
];

async function press(minutes: number, v: (typeof V)[number]) {
  const [, sch, startMs, endMs, userIds] = v;
  const w = await startPairWorld();
  h = w.h;
  await w.h.clock.advance(minutes * 60_000);
  w.h.sim.state.addOverride(sch, { startMs, endMs, userIds }, w.h.clock.now());
  const counts = { pair: overridesOn(w.h, 'sch_pair').length, solo: overridesOn(w.h, 'sch_solo').length };
  const posts = w.h.sim.requests.count({ route: 'createOverride' });
  const r = await w.h.clock.runWhileAdvancing(w.engine.handlers['swap:create'](SWAP));
  const said = r.ok ? `${r.value.mine.message} | ${r.value.theirs.message}` : r.error.message;
  const states = r.ok ? [r.value.mine.state, r.value.theirs.state] : [];
  const after = { pair: overridesOn(w.h, 'sch_pair').length, solo: overridesOn(w.h, 'sch_solo').length };
  return { posts: w.h.sim.requests.count({ route: 'createOverride' }) - posts, said, states, counts, after };
}

describe('Swap after a manager changed either side, at 3 and 11 min', () => {
  for (const v of V)
    it.each([3, 11])(
      `${v[0]} @%i: nothing written`,
      async (minutes) => {
        const { posts, states, counts, after } = await press(minutes, v);
        expect(posts).toBe(0);
        expect(after).toEqual(counts);
        expect(states).not.toContain('handed_off');
      },
      60_000,
    );

  it.each([3, 11])(
    'Carol Thu to me @%i: said as a change, never "already in place"',
    async (minutes) => {
      const { said } = await press(minutes, V[4]!);
      expect(said).not.toMatch(/in place/);
      expect(said).toContain('Changed since you planned it: you are now on call');
    },
    60_000,
  );
});
