// Issue 47 (round 5, finding 3): a change notice held by quiet hours survives a restart (as held coverage requests
// do) and comes once when quiet hours end, re-checked against the read then. One account (alice/bob daily 09:00
// Berlin, me: alice), quiet hours 22:00–07:00 Berlin; at 23:30 the manager gives my Sun 09:00 block to Bob.
import { describe, expect, it } from 'vitest';
import { serviceSeed } from '../../support/two-service-seeds';
import { createHarness, type Harness } from '../support/engine-harness';
import { closeAfterTest } from '../../support/closing';

const MIN = 60_000;
const T0 = Date.parse('2026-03-04T19:00:00Z');
const SUN = { startMs: Date.parse('2026-03-08T08:00:00Z'), endMs: Date.parse('2026-03-09T08:00:00Z') };
const QUIET_END = Date.parse('2026-03-05T06:00:00Z');
const KEY = 'ocs_work_key_1111';

async function world(): Promise<Harness> {
  const h = await createHarness({ startMs: T0, seed: serviceSeed(KEY, ['alice', 'bob']), files: 'fs' });
  const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'alice@example.com' };
  const quietHours = { enabled: true, start: '22:00', end: '07:00', days: [] };
  const settings = {
    version: 2,
    startAtLogin: true,
    quietHours,
    accounts: [{ ...account, schedules: [{ id: 'sch_primary' }] }],
  };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, KEY);
  return closeAfterTest(h);
}

const removals = (h: Harness) => h.notifier.shown.filter((n) => /Your shift was removed/.test(n.body));

describe('engine: a held change notice across a restart during quiet hours', () => {
  it('is kept, and told once at the end of quiet hours', async () => {
    const h = await world();
    let e = h.engine({ alarms: false });
    await e.start();
    await h.clock.advanceTo(Date.parse('2026-03-04T22:30:00Z'));
    h.sim.state.addOverride('sch_primary', { ...SUN, userIds: ['usr_bob'] }, h.clock.now());
    await h.clock.advanceTo(Date.parse('2026-03-05T02:00:00Z'));
    await e.stop();
    await h.clock.advance(5 * MIN);
    e = h.engine({ alarms: false });
    await e.start();
    await h.clock.advanceTo(QUIET_END + 10 * MIN);
    const told = removals(h);
    expect(told).toHaveLength(1);
    expect(told[0]?.atMs).toBe(QUIET_END);
    expect(told[0]?.body).toMatch(/Bob Person is covering your Platform primary shift Sun 09:00 – Mon 09:00/);
    await e.stop();
  }, 30_000);

  it('is left out when the service gave the block back before quiet hours end', async () => {
    const h = await world();
    let e = h.engine({ alarms: false });
    await e.start();
    await h.clock.advanceTo(Date.parse('2026-03-04T22:30:00Z'));
    h.sim.state.addOverride('sch_primary', { ...SUN, userIds: ['usr_bob'] }, h.clock.now());
    await h.clock.advanceTo(Date.parse('2026-03-05T02:00:00Z'));
    await e.stop();
    h.sim.state.addOverride('sch_primary', { ...SUN, userIds: ['usr_alice'] }, h.clock.now());
    e = h.engine({ alarms: false });
    await e.start();
    await h.clock.advanceTo(QUIET_END + 10 * MIN);
    expect(removals(h)).toEqual([]);
    await e.stop();
  }, 30_000);
});
