// adv47 round 38's world: NewYork weekly, Alice then me; my block 5 Apr 13:00Z → 12 Apr 13:00Z; the first read (27 Mar
// 10:00Z) reaches 11 Apr 09:00Z, and the service answers 500 on every endpoint from then on.
import { createHarness, seedSettings } from './engine-harness';
import { ME, seedOf } from './seeds';

export const MIN = 60_000;
export const READ_TO = '2026-04-11T09:00:00.000Z'; // 11 Apr, 11:00 Berlin (CEST), 05:00 New York (EDT)

export async function pastReadEndWorld() {
  const seed = seedOf([
    {
      id: 'sch_ny',
      name: 'NewYork',
      zone: 'America/New_York',
      rotationStart: '2026-03-01T14:00:00Z',
      userIds: ['usr_alice', 'usr_me'],
      length: { amount: 1, unit: 'weeks' },
    },
  ]);
  const h = await createHarness({ startMs: Date.parse('2026-03-27T10:00:00Z'), seed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_ny'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(MIN);
  const readTo = engine.getState().schedules[0]?.known?.to;
  h.sim.faults.set('*', { status: 500 });
  return { h, engine, readTo };
}
