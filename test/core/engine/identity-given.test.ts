// adv52 r45: the service moves my user to another e-mail and gives my old one to a colleague (Bob), in one step or
// after the move was said. The signed record says I am usr_me, usr_me is still listed: a fresh match of my e-mail to
// Bob is a claim against that, so who I am stays usr_me and the mismatch is said naming both, never a shift change.
// Oracle: the same world without the e-mail changes (a twin engine on its own simulator, the same edits at the same
// instants): my shifts must read the same, and no shift notice may come but the twin's.
import { describe, expect, it } from 'vitest';
import type { AppState } from '../../../electron/shared/view-state';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');
const MOVED = 'mia.meyer@example.com';

const setEmail = (h: Harness, id: string, email: string) => {
  const user = h.sim.state.users.get(id);
  if (user) user.email = email;
};

const edit = (h: Harness, day: string) =>
  h.sim.state.addOverride(
    OPS_ID,
    { startMs: Date.parse(`${day}T01:00:00Z`), endMs: Date.parse(`${day}T02:00:00Z`), userIds: ['usr_alice'] },
    h.clock.now(),
  );

interface Step {
  state: AppState;
  told: string[];
}

/** The r45 world; `swap`: 'none' (the twin), 'one-step' or 'move-first' (moved at 10:05, given to Bob at 10:25). */
async function world(swap: 'none' | 'one-step' | 'move-first') {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const e = h.engine();
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  const step = (from: number): Step => ({
    state: e.getState(),
    told: h.notifier.shown.slice(from).map((n) => `${n.id} | ${n.title} | ${n.body}`),
  });
  const mark = h.notifier.shown.length;
  if (swap !== 'none') setEmail(h, 'usr_me', MOVED);
  if (swap === 'one-step') setEmail(h, 'usr_bob', ME);
  edit(h, '2026-04-20');
  await h.clock.advance(20 * MIN);
  const first = step(mark);
  const mark2 = h.notifier.shown.length;
  if (swap === 'move-first') setEmail(h, 'usr_bob', ME);
  edit(h, '2026-04-21');
  await h.clock.advance(20 * MIN);
  const second = step(mark2);
  await e.stop();
  return { h, first, second };
}

const mine = (s: AppState) => s.me.shifts.map((x) => `${x.scheduleId} ${x.start}–${x.end}`);
const shiftNotices = (told: string[]) => told.filter((t) => !t.startsWith('identity-moved:'));

describe('my old e-mail given to a colleague at the service (adv52 r45)', () => {
  for (const swap of ['one-step', 'move-first'] as const) {
    it(`keeps the remembered user as me and says the mismatch naming both (${swap})`, async () => {
      const twin = await world('none');
      const real = await world(swap);
      const label = new URL(real.h.sim.url).hostname;
      const myName = real.h.sim.state.users.get('usr_me')?.name ?? '';
      const bobName = real.h.sim.state.users.get('usr_bob')?.name ?? '';
      expect(myName).not.toBe('');
      expect(bobName).not.toBe('');
      for (const at of ['first', 'second'] as const) {
        expect(mine(real[at].state)).toEqual(mine(twin[at].state));
        expect(shiftNotices(real[at].told)).toEqual(twin[at].told);
      }
      const given = `${label} lists you (${myName}) as ${MOVED} now, and ${ME} is now ${bobName}'s. Update the e-mail in Settings.`;
      expect(real.second.state.notices.map((n) => n.message)).toContain(given);
    }, 180_000);
  }
});
