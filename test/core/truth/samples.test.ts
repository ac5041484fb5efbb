// Issue 47's three samples, on every surface at once (tray tooltip and menu, the popover's words, `status`, the
// hand-off text, notifications, the calendar): a real engine over the simulator on loopback, a fake clock.
// (a) a read fails (HTTP 500) while my shift was given to Alice: what is said of "now" from saved data says so;
// (b) start-up within the day before my shift, from the cache: no "Not ready … saved data" judged before the first
//     read is back; (c) one service added as two accounts watching different schedules: the second's shifts stay.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed, seedOf } from '../support/seeds';
import { surfaces } from './support';

const MIN = 60_000;
let h: Harness | undefined;
describe('(a) a read that fails while my shift was given away', () => {
  it('every surface that says I am on call now says it is saved data, and from when', async () => {
    // Ops: Bob 01–09, me 09–17, Alice 17–01 (UTC). 09:30 UTC: I am on call.
    h = await createHarness({ startMs: Date.parse('2026-03-10T09:30:00Z'), seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    h.sim.faults.set('getSchedule', { status: 500 });
    h.sim.faults.set('listShifts', { status: 500 });
    const window = { startMs: Date.parse('2026-03-10T09:00:00Z'), endMs: Date.parse('2026-03-10T17:00:00Z') };
    h.sim.state.addOverride(OPS_ID, { ...window, userIds: ['usr_alice'] }, h.clock.now());
    await h.clock.advance(30 * MIN);
    const state = engine.getState();
    expect(state.schedules[0]?.status.kind).toBe('stale');
    const text = surfaces(state, h.clock.now());
    // Each statement of "I am on call now" carries its basis on the same line: saved data from 10:30 (local).
    const onCallLines = (t: string, pattern: RegExp): string[] => t.split('\n').filter((l) => pattern.test(l));
    const said = {
      tooltip: onCallLines(text.tooltip, /^On call:/),
      menu: onCallLines(text.menu, /^You are on call/),
      popover: onCallLines(text.popover, /^Ops/),
      status: onCallLines(text.status, /^You are on call now/),
      handoff: onCallLines(text.handoff, /^I'm on call/),
    };
    for (const [surface, lines] of Object.entries(said)) {
      expect(lines.length, surface).toBeGreaterThan(0);
      for (const l of lines) expect(l, surface).toMatch(/saved data from 10:30/);
    }
  });
});

describe('(b) start-up from the cache in the hour before my shift', () => {
  it('says nothing of readiness from saved data before the first read, and warns of nothing once it is fresh', async () => {
    // My shift on Ops starts at 09:00 UTC; the app ran at 07:00, was closed, and starts again at 08:20.
    h = await createHarness({ startMs: Date.parse('2026-03-10T07:00:00Z'), seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const first = h.engine();
    await first.start();
    await h.clock.advance(MIN);
    await first.stop();
    await h.clock.advance(80 * MIN);
    const second = h.engine();
    const seen: string[] = [];
    second.subscribe((s) => {
      const t = surfaces(s, h?.clock.now() ?? 0);
      seen.push(t.menu, t.popover, t.status);
    });
    await second.start();
    const early = surfaces(second.getState(), h.clock.now());
    for (const t of [early.menu, early.popover, early.status]) expect(t).not.toMatch(/Not ready/);
    await h.clock.advance(MIN);
    await second.checksSettled();
    const settled = surfaces(second.getState(), h.clock.now());
    expect(settled.menu).toMatch(/(Ready|Can't tell if you're ready) for your shift at 10:00/);
    for (const t of seen) expect(t).not.toMatch(/Not ready .*saved data/);
    expect(h.notifier.shown.filter((n) => n.title === 'Not ready for your shift')).toEqual([]);
  });
});

/** One service (one simulator, one e-mail) added twice: A watches "Quiet", B watches "Mine" (where I am on call). */
const twoSchedules = seedOf([
  {
    id: 'sch_quiet',
    name: 'Quiet',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-01T09:00:00Z',
    userIds: ['usr_alice', 'usr_bob'],
    length: { amount: 1, unit: 'days' },
  },
  {
    id: 'sch_mine',
    name: 'Mine',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-01T12:00:00Z',
    userIds: ['usr_me', 'usr_carol'],
    length: { amount: 1, unit: 'days' },
  },
]);

async function twoAccountsOfOneService(harness: Harness): Promise<void> {
  const host = new URL(harness.sim.url).host;
  const account = (id: string, label: string, schedule: string) => ({
    id,
    label,
    baseUrl: harness.sim.url,
    email: ME,
    schedules: [{ id: schedule }],
  });
  const file = {
    version: 2,
    accounts: [account('work', 'Work', 'sch_quiet'), account('team', 'Team', 'sch_mine')],
    startAtLogin: true,
  };
  await harness.files.writeAtomic('settings.json', JSON.stringify(file));
  for (const id of ['work', 'team']) await harness.secrets.set(`${id}@${host}`, harness.sim.apiKey);
}

describe('(c) one service added as two accounts watching different schedules', () => {
  it("the second account's shifts stay in My shifts, the tray, the calendar and the reminders", async () => {
    // Mine: me on the days from 1 Mar 12:00 UTC every other day; 2 Mar 12:00 is Carol's, 3 Mar 12:00 mine.
    h = await createHarness({ startMs: Date.parse('2026-03-03T11:40:00Z'), seed: twoSchedules });
    await twoAccountsOfOneService(h);
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    const state = engine.getState();
    expect(state.me.nextShift).toMatchObject({ accountId: 'team', start: '2026-03-03T12:00:00Z' });
    expect(state.me.shifts.some((s) => s.accountId === 'team')).toBe(true);
    const text = surfaces(state, h.clock.now());
    expect(text.popover).toMatch(/Team · Mine/);
    expect(text.tooltip).toMatch(/Next on call: Team · Mine/);
    expect(text.status).toMatch(/Your next shift: Team · Mine/);
    const ics = await engine.calendar(7);
    expect(ics).toMatch(/SUMMARY:On call: Team · Mine/);
    // Its reminder comes (once), as the first account's would.
    await h.clock.advance(Date.parse('2026-03-03T12:00:00Z') - h.clock.now() + MIN);
    const told = h.notifier.shown.filter((n) => /Mine/.test(`${n.title} ${n.body}`) && /on call/i.test(`${n.title}`));
    expect(told.length).toBeGreaterThan(0);
    expect(new Set(told.map((n) => n.id)).size).toBe(told.length);
  });
});
