// adv48 r20 #1: the swap's first side (Carol covers my Tue) applied with its answer lost, the app saw it in place; the
// second side did not land (a manager gave Carol's Thu to Alice, or the service refused it). "Hand back" then said
// "Changed since you created it: Carol Lee now covers part of it" and sent nothing, at 150 s or 31 min: my own
// first side was read as someone else's change. Handing it back is a new write of other people: it is sent.
import { afterEach, describe, expect, it } from 'vitest';
import type { OncallClient } from '../../../electron/api/client-types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { overridesOn, pairSeed, START, SWAP, THU, TUE, windowMs as ms } from './support/pair-world';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Swap with the first side's answer lost (`lost`), the second side not landing, then Hand back `waitMs` later. */
async function handBack(lost: boolean, how: { manager: boolean; waitMs: number }) {
  await h?.close(); // the run before it in the same test
  const x = await createHarness({ startMs: START, seed: pairSeed() });
  h = x;
  await seedSettings(x, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
  // The manager gives Carol's Thu to Alice right after my first side reaches the service.
  const wrapClient = (c: OncallClient): OncallClient => ({
    ...c,
    createOverride: async (...a: Parameters<OncallClient['createOverride']>) => {
      try {
        return await c.createOverride(...a);
      } finally {
        if (how.manager && a[0] === 'sch_pair' && overridesOn(x, 'sch_solo').length === 0)
          x.sim.state.addOverride('sch_solo', { ...ms(THU), userIds: ['usr_alice'] }, x.clock.now());
      }
    },
  });
  if (lost) x.sim.faults.set('createOverride', { reset: true, times: 1, pathIncludes: 'sch_pair' });
  if (!how.manager)
    x.sim.faults.set('*', { status: 409, times: 1, pathIncludes: 'sch_solo/overrides', body: { message: 'Frozen' } });
  const engine = x.engine({ wrapClient });
  await engine.start();
  await x.clock.advance(1_000);
  const swap = await x.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
  if (!swap.ok) throw new Error(swap.error.message);
  expect(swap.value.mine.state).toBe('handed_off');
  await x.clock.advance(how.waitMs);
  const back = await x.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'hand-back', ...swap.value }));
  if (!back.ok) throw new Error(back.error.message);
  // What Pair holds over my Tue, oldest first: Carol over me (the first side), then whatever the hand back wrote.
  const pair = overridesOn(x, 'sch_pair').filter((o) => o.startMs === ms(TUE).startMs && o.endMs === ms(TUE).endMs);
  return { back: back.value.back, text: back.value.text, pair: pair.map((o) => [...o.userIds].sort().join('+')) };
}

describe('swap Hand back after the first side answer was lost', () => {
  it.each([
    ['a manager took the second side', true, 150_000],
    ['the service refused the second side', false, 150_000],
    ['a manager took the second side, 31 minutes on', true, 31 * 60_000],
  ])(
    '%s: my Tue is handed back, once',
    async (_name, manager, waitMs) => {
      const answered = await handBack(false, { manager, waitMs });
      const lost = await handBack(true, { manager, waitMs });
      expect(lost.back?.message ?? '').not.toMatch(/Changed since you created it/);
      expect(lost.back?.state).toBe('handed_off');
      // The same as when the first side's answer came: the first side, then the hand back (no second of either).
      expect(answered.pair).toEqual(['usr_bob+usr_carol', 'usr_bob+usr_me']);
      expect(lost.pair).toEqual(answered.pair);
    },
    60_000,
  );
});
