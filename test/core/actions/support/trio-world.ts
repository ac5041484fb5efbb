// The Trio world: three on call at once, daily handoffs at 08:00 UTC among me, Alice, Bob, Carol and Dan (Sun 3/22:
// Alice, Bob and Carol; me off), watched by me; the engine started at Sun 10:00Z and synced once. Against the
// simulator on a fake clock.
import { createHarness, seedSettings } from '../../support/engine-harness';
import { ME, seedOf } from '../../support/seeds';

export const START = Date.parse('2026-03-22T10:00:00Z');
export const DAN = {
  id: 'usr_dan',
  name: 'Dan Fox',
  email: 'dan@example.com',
  role: 'standard',
  seat: 'member',
  chat_id: 'U04',
};

export async function trioWorld() {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const s = seedOf([
    { id: 'sch_trio', name: 'Trio', userIds: ['usr_me', 'usr_alice', 'usr_bob', 'usr_carol', 'usr_dan'], ...daily },
  ]);
  const trio = s.schedules[0]?.layers[0];
  if (trio) trio.concurrent_oncall_users = 3;
  const h = await createHarness({ startMs: START, seed: { ...s, users: [...s.users, DAN] } });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_trio'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}
