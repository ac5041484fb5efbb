// The take-over tests' world: Solo, daily handoffs at 08:00 UTC among Alice, Bob and Carol (Carol on 3/25), watched by
// me; the engine started at 3/25 10:00Z and synced once. Against the simulator on a fake clock; the harness is closed
// after the test (test/support/closing.ts).
import { createHarness, seedSettings } from '../../support/engine-harness';
import { ME, seedOf } from '../../support/seeds';

export const START = Date.parse('2026-03-25T10:00:00Z');

export async function soloWorld() {
  const s = seedOf([
    {
      id: 'sch_solo',
      name: 'Solo',
      userIds: ['usr_alice', 'usr_bob', 'usr_carol'],
      zone: 'Etc/UTC',
      rotationStart: '2026-03-20T08:00:00Z',
      length: { amount: 1, unit: 'days' },
    },
  ]);
  const h = await createHarness({ startMs: START, seed: s });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}
