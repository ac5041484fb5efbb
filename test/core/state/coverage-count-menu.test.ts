// adv47 r28 #2: my own pending coverage request. `status` lists it under "Coverage requests" ("yours (1)"); the tray
// menu's item said "Coverage requests (0)…", counting only requests asking me without saying so. Now the item says
// what each number counts: "(0 asking you, 1 yours)". The counts are worked out from the seed, not from the state.
import { expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, seedOf } from '../support/seeds';
import { surfaces } from '../truth/support';

const requests = [
  {
    id: 'cov_mine',
    user_id: 'usr_me',
    reason: 'Dentist',
    status: 'pending',
    shifts: [{ start: '2026-03-11T09:00:00Z', end: '2026-03-11T17:00:00Z', schedule_id: OPS_ID }],
  },
];
const seed = seedOf(
  [
    {
      id: OPS_ID,
      name: 'Ops',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T01:00:00Z',
      userIds: ['usr_bob', 'usr_me', 'usr_alice'],
      length: { amount: 8, unit: 'hours' },
    },
  ],
  requests,
);

it('the tray menu says what its coverage count counts: none asking me, one of mine', async () => {
  const h = await createHarness({ startMs: Date.parse('2026-03-10T10:30:00Z'), seed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const engine = h.engine({ alarms: false });
  await engine.start();
  await h.clock.advance(60_000);
  const t = surfaces(engine.getState(), h.clock.now());
  const yours = requests.filter((r) => r.user_id === 'usr_me' && r.status === 'pending').length;
  const asking = requests.filter((r) => r.user_id !== 'usr_me' && r.status === 'pending').length;
  expect(t.status).toContain(` yours (${yours}):`);
  const item = t.menu.split('\n').find((l) => l.startsWith('Coverage requests')) ?? '';
  expect(item).toBe(`Coverage requests (${asking} asking you, ${yours} yours)…`);
}, 60_000);
