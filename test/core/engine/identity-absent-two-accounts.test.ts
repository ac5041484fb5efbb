// Issue 47's third sample (one service added as two accounts) where neither account's schedules list my e-mail
// (adv47 r29 #1/#2): an outage and a restart from saved data keep both accounts' "no one has the e-mail" problems
// and my shifts unknown on every surface; neither the saved data nor the load says I am free or worked 0 h.
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';
import { everyText } from '../../support/text-registry';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');
const MINE_KNOWN =
  /Off call|Not on call|No shift of yours|none in the next|none until at least|My next block: none|: 0 h \(/;
const SURFACES = ['tray-tooltip', 'tray-menu', 'popover', 'status', 'handoff'];

function lines(h: Harness, e: ReturnType<Harness['engine']>): string[] {
  return everyText({ state: e.getState(), nowMs: h.clock.now(), localZone: 'Europe/Berlin' })
    .filter((s) => SURFACES.includes(s.surface))
    .flatMap((s) => s.text.split('\n').map((l) => `[${s.surface}] ${l}`));
}

async function twoAccountsWithoutMe(): Promise<Harness> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-01T08:00:00.000Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const h = await createHarness({
    startMs: START,
    files: 'fs',
    seed: seedOf([
      { id: 'sch_a', name: 'Alpha', userIds: ['usr_alice', 'usr_bob'], ...daily },
      { id: 'sch_b', name: 'Beta', userIds: ['usr_bob', 'usr_alice'], ...daily },
    ]),
  });
  h.sim.state.addKey('ocs_test_key_2', 'usr_me');
  const host = new URL(h.sim.url).host;
  const account = (id: string, label: string, sch: string) => ({
    id,
    label,
    baseUrl: h.sim.url,
    email: ME,
    schedules: [{ id: sch }],
  });
  const accounts = [account('main', 'One', 'sch_a'), account('second', 'Two', 'sch_b')];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts, startAtLogin: true }));
  await h.secrets.set(`main@${host}`, API_KEY);
  await h.secrets.set(`second@${host}`, 'ocs_test_key_2');
  return h;
}

describe('one service as two accounts, neither listing my e-mail, through an outage and a restart', () => {
  it("keeps each account's e-mail problem and my shifts unknown; nothing says free or 0 h", async () => {
    const h = await twoAccountsWithoutMe();
    let e = h.engine();
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await h.clock.advance(5 * MIN);
    h.sim.faults.set('*', { status: 500 });
    await h.clock.advance(30 * MIN);
    const down = lines(h, e);
    await e.stop();
    e = h.engine();
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await h.clock.advance(5 * MIN);
    const restarted = lines(h, e);
    await e.stop();
    for (const said of [down, restarted]) {
      expect(said.filter((l) => MINE_KNOWN.test(l))).toEqual([]);
      for (const label of ['One', 'Two'])
        expect(said.some((l) => l.includes(`no one on ${label}'s schedules has the e-mail ${ME}`))).toBe(true);
    }
  }, 120_000);
});
