// adv52 r47 #1b: after the service moved my user (usr_me) to another e-mail and gave my old one to Bob, a Swap of my
// block for Alice's judges "mine" by my user, not by Settings' address: nothing changed on the schedule since the
// plan, so it is swapped as in the same world without the address change. Oracle: that twin world, and the
// simulator's own overrides (user ids) for who covers each block.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');

const setEmail = (h: Harness, id: string, email: string) => {
  const user = h.sim.state.users.get(id);
  if (user) user.email = email;
};

async function world(given: boolean) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  let e = h.engine();
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  if (given) {
    setEmail(h, 'usr_me', 'mia.meyer@example.com');
    setEmail(h, 'usr_bob', ME);
  }
  await h.clock.advance(20 * MIN);
  await h.clock.runWhileAdvancing(e.stop());
  await h.clock.advance(10 * MIN);
  e = h.engine();
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  const result = await h.clock.runWhileAdvancing(
    e.handlers['swap:create']({
      mine: { scheduleId: OPS_ID, start: '2026-03-11T09:00:00Z', end: '2026-03-11T17:00:00Z' },
      theirs: {
        scheduleId: OPS_ID,
        start: '2026-03-11T17:00:00Z',
        end: '2026-03-12T01:00:00Z',
        email: 'alice@example.com',
      },
    }),
  );
  await h.clock.runWhileAdvancing(e.stop());
  const overrides = h.sim.state.schedules.get(OPS_ID)?.overrides ?? [];
  return { text: result.ok ? result.value.text : result.error.message, put: overrides.map((o) => o.userIds.join()) };
}

describe('a swap after the service gave my e-mail to a colleague (adv52 r47 #1b)', () => {
  it('swaps my block for Alice’s as in the world without the change, never naming Bob’s block mine', async () => {
    const twin = await world(false);
    const given = await world(true);
    expect(twin.put).toEqual(['usr_alice', 'usr_me']);
    expect(given.put).toEqual(twin.put);
    expect(given.text).toBe(twin.text);
  }, 60_000);
});
