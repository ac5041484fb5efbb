// adv52 r47 #1: the service moves my user (usr_me) to another e-mail and gives my old one to Bob. A write "for me"
// names me as the service lists my user now, never Settings' address (Bob's now); and a write that landed on
// someone else is never said as created for me. Oracle: the simulator's own override record (user ids), and the
// same world without the address change (a twin engine on its own simulator).
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');
const MOVED = 'mia.meyer@example.com';

const setEmail = (h: Harness, id: string, email: string) => {
  const user = h.sim.state.users.get(id);
  if (user) user.email = email;
};
const giveAway = (h: Harness) => {
  setEmail(h, 'usr_me', MOVED);
  setEmail(h, 'usr_bob', ME);
};

/** Runs until 17:30 UTC (Alice on call) with a restart; `swap`: when the service gives my address to Bob. */
async function world(swap: 'none' | 'before-restart' | 'at-the-post') {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  let e = h.engine();
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  if (swap === 'before-restart') giveAway(h);
  await h.clock.advance(20 * MIN);
  await h.clock.runWhileAdvancing(e.stop());
  await h.clock.advanceTo(Date.parse('2026-03-10T17:30:00Z'));
  e = h.engine();
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  if (swap === 'at-the-post') {
    // The service moves the addresses between the app's last read and its POST.
    const state = h.sim.state;
    const resolve = (email: string) => [...state.users.values()].find((u) => u.email === email);
    state.userByEmail = (email) => (giveAway(h), resolve(email));
  }
  const before = new Set(h.sim.state.schedules.get(OPS_ID)?.overrides.map((o) => o.id));
  const result = await h.clock.runWhileAdvancing(
    e.handlers['take-over:now']({
      scheduleId: OPS_ID,
      fromEmail: 'alice@example.com',
      seen: { onCall: ['alice@example.com'], until: '2026-03-11T01:00:00Z' },
    }),
  );
  const made = h.sim.state.schedules.get(OPS_ID)?.overrides.filter((o) => !before.has(o.id)) ?? [];
  await h.clock.runWhileAdvancing(e.stop());
  return { result, putOn: made.map((o) => o.userIds.join(',')) };
}

const status = (r: Awaited<ReturnType<typeof world>>['result']) =>
  r.ok ? r.value.outcome.status : `refused: ${r.error.message}`;

describe('writes for me after the service gave my e-mail to a colleague (adv52 r47 #1)', () => {
  it('Take over after a restart puts my user on call, as in the world without the change', async () => {
    const twin = await world('none');
    const given = await world('before-restart');
    expect(twin.putOn).toEqual(['usr_me']);
    expect(given.putOn).toEqual(twin.putOn);
    expect(status(given.result)).toBe(status(twin.result));
  }, 60_000);

  it('a take-over the service put on the colleague is not said as created for me', async () => {
    const r = await world('at-the-post');
    expect(r.putOn).toEqual(['usr_bob']);
    expect(status(r.result)).not.toBe('created');
  }, 60_000);
});
