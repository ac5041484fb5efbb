// Swap on a schedule where two are on call at once: each cover replaces one person and keeps the others as they are.
// So a teammate already on call with me can't cover me, I can't cover a shift I am already on with them, and their
// shift can't be one whose partners change (one cover would put each partner on all of it). Main refuses each
// before anything is sent, and says why; the service's overrides stay as they were.
import { describe, expect, it } from 'vitest';
import type { SwapRequest } from '../../../electron/shared/handoff';

import { overridesOn, pairSeed, startPairWorld, type SeedOverride } from './support/pair-world';

async function swapIn(r: SwapRequest, pairOverrides: SeedOverride[] = []): Promise<string> {
  const world = await startPairWorld(pairSeed(pairOverrides));
  const answer = await world.h.clock.runWhileAdvancing(world.engine.handlers['swap:create'](r));
  expect(world.h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  expect(overridesOn(world.h, 'sch_pair')).toHaveLength(pairOverrides.length);
  return answer.ok ? answer.value.text : answer.error.message;
}

const day = (from: number, to: number) => ({
  start: `2026-03-${from}T08:00:00Z`,
  end: `2026-03-${to}T08:00:00Z`,
});
const bob = (from: number, to: number) => ({ scheduleId: 'sch_pair', ...day(from, to), email: 'bob@example.com' });
const mine = (from: number, to: number) => ({ scheduleId: 'sch_pair', ...day(from, to) });

describe('swap covers on a schedule of two at once', () => {
  it('refuses a teammate already on call with me during my shift: they would not be covering anyone', async () => {
    // My Tue 3/24 is with Bob; Bob's Sun 3/22 (with Alice) does not touch it.
    expect(await swapIn({ mine: mine(24, 25), theirs: bob(22, 23) })).toBe(
      'Nothing was sent: they are already on call with you during your shift, so they can’t cover it. Pick a teammate who is off call then.',
    );
  }, 60_000);

  it('refuses their shift when I am already on call with them then', async () => {
    // My Thu 3/26 is with Alice; Bob's Fri 3/27 is with me.
    expect(await swapIn({ mine: mine(26, 27), theirs: bob(27, 28) })).toBe(
      'Nothing was sent: you are already on call with them during their shift, so you can’t cover it. Pick a shift of theirs when you are off call.',
    );
  }, 60_000);

  it('refuses their shift when who is on call with them changes within it', async () => {
    // Carol takes Alice's place beside Bob from Sun 20:00; my Mon 3/23 is with Alice, Bob is off call then.
    const carol = {
      id: 'ovr_carol',
      start: '2026-03-22T20:00:00Z',
      end: '2026-03-23T08:00:00Z',
      user_ids: ['usr_bob', 'usr_carol'],
    };
    expect(await swapIn({ mine: mine(23, 24), theirs: bob(22, 23) }, [carol])).toBe(
      'Nothing was sent: who else is on call with them changes during their shift, and one swap can’t keep each of them for their part. Pick a shorter shift of theirs.',
    );
  }, 60_000);
});
