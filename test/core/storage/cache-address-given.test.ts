// adv52 r47 #2: after the service gave my old e-mail to a colleague, the app holds that colleague under no address
// (sync/identity.ts) and saves them so in cache.json. Its own file is read back as it wrote it: no entry refused, no
// copy set aside, and with the service down the saved schedule is shown as in the world without the change (the
// twin: same edits, same instants, its own simulator). A forged address is still refused (cache-texts.test.ts).
import { readdirSync } from 'node:fs';
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
  const runs: { shifts: string[]; notices: string[] }[] = [];
  for (const down of [false, true]) {
    if (down) h.sim.faults.set('*', { status: 503 });
    await h.clock.advance(10 * MIN);
    e = h.engine();
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await h.clock.advance(5 * MIN);
    const s = e.getState();
    runs.push({
      shifts: s.me.shifts.map((x) => `${x.start}–${x.end}`),
      notices: s.notices.filter((n) => !n.id.startsWith('identity-')).map((n) => n.id),
    });
    await h.clock.runWhileAdvancing(e.stop());
  }
  return { runs, setAside: readdirSync(h.dir).filter((f) => f.startsWith('cache.json.bad-')) };
}

describe('the app’s own cache after my e-mail was given to a colleague (adv52 r47 #2)', () => {
  it('is read back whole at every start, and shows the saved schedule with the service down', async () => {
    const twin = await world(false);
    const given = await world(true);
    expect(twin.runs[1]?.shifts.length).toBeGreaterThan(0);
    expect(given.setAside).toEqual([]);
    expect(given.runs.map((r) => r.notices)).toEqual(twin.runs.map((r) => r.notices));
    expect(given.runs[1]?.shifts).toEqual(twin.runs[1]?.shifts);
  }, 60_000);
});
