// A service with a schedule where two are on call at once (Pair) beside one with one person (Solo), started in a
// real engine on a fake clock, for the swap tests that need a teammate on call with me.
import type { Engine } from '../../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../../support/engine-harness';
import { ME, seedOf } from '../../support/seeds';

export const START = Date.parse('2026-03-21T10:00:00Z');

/**
 * Pair: two at once, daily at 08:00 UTC from Fri 20 March among me, Alice and Bob: 3/20 me+Alice, 3/21 Bob+me,
 * 3/22 Alice+Bob, 3/23 me+Alice, 3/24 Bob+me, 3/25 Alice+Bob, 3/26 me+Alice, 3/27 Bob+me. Solo: Carol alone, always.
 */
export interface SeedOverride {
  id: string;
  start: string;
  end: string;
  user_ids: string[];
}

export function pairSeed(pairOverrides: SeedOverride[] = []) {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const s = seedOf([
    { id: 'sch_pair', name: 'Pair', userIds: ['usr_me', 'usr_alice', 'usr_bob'], ...daily },
    { id: 'sch_solo', name: 'Solo', userIds: ['usr_carol'], ...daily },
  ]);
  const pair = s.schedules[0]?.layers[0];
  if (pair) pair.concurrent_oncall_users = 2;
  return { ...s, schedules: s.schedules.map((x, i) => (i === 0 ? { ...x, overrides: pairOverrides } : x)) };
}

/** The world started: settings watch both schedules as me, the first sync done. */
export async function startPairWorld(seed = pairSeed()): Promise<{ h: Harness; engine: Engine }> {
  const h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

export const overridesOn = (h: Harness, id: string) => h.sim.state.schedules.get(id)?.overrides ?? [];

/** My Tue on Pair (with Bob) for Carol's Thu on Solo: the swap the swap tests make. */
export const TUE = { start: '2026-03-24T08:00:00Z', end: '2026-03-25T08:00:00Z' };
export const THU = { start: '2026-03-26T08:00:00Z', end: '2026-03-27T08:00:00Z' };
export const SWAP = {
  mine: { scheduleId: 'sch_pair', ...TUE },
  theirs: { scheduleId: 'sch_solo', ...THU, email: 'carol@example.com' },
};
export const windowMs = (w: { start: string; end: string }) => ({
  startMs: Date.parse(w.start),
  endMs: Date.parse(w.end),
});
