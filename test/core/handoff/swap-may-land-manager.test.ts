// Issue 48, adv48 r40 (fix48aged): a write the app sent whose outcome was unknown is the app's own write when it
// shows up (lost-answer-read-only.test.ts: a 503 applied a minute on, then Swap pressed again, finds it in place) —
// but only by its very window and people. Here the override form's write (Bob over Thu 06:00 – Fri 10:00) is answered
// 503 and never applied; a manager then puts Bob over my Thu shift alone. That is not the write the app sent: Swap
// says the change and writes nothing. Real engine, the simulator, a fake clock; overrides counted in the simulator.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

// Solo: one a day from Mon 2 March 08:00Z in the order me, Bob, Carol (me Mon and Thu, Bob Tue and Fri).
const seed = seedOf([
  {
    id: 'sch_solo',
    name: 'Solo',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-02T08:00:00Z',
    userIds: ['usr_me', 'usr_bob', 'usr_carol'],
    length: { amount: 1, unit: 'days' as const },
  },
]);
const THU = { start: '2026-03-05T08:00:00Z', end: '2026-03-06T08:00:00Z' };
const SWAP = {
  mine: { scheduleId: 'sch_solo', ...THU },
  theirs: {
    scheduleId: 'sch_solo',
    start: '2026-03-03T08:00:00Z',
    end: '2026-03-04T08:00:00Z',
    email: 'bob@example.com',
  },
};

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const posts = (hh: Harness) => hh.sim.requests.count({ route: 'createOverride' });

/** The form's write of Bob over `start`–`end` answered 503 (applied never, or `applyAfterMs` on), 10 min on the
 *  manager's Bob over my Thu when `manager`, then Swap: what it said and how many creates it sent. */
async function world(start: string, end: string, manager: boolean) {
  const hh = (h = await createHarness({ startMs: Date.parse('2026-03-02T10:00:00Z'), seed }));
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = hh.engine({ alarms: false });
  await engine.start();
  await hh.clock.advance(1_000);
  hh.sim.faults.set('createOverride', { status: 503, times: 1 });
  const form = engine.handlers['override:create']({
    scheduleId: 'sch_solo',
    window: { kind: 'custom', start, end },
    emails: ['bob@example.com'],
  });
  const formSaid = JSON.stringify(await hh.clock.runWhileAdvancing(form, 1000, 300));
  await hh.clock.advance(600_000);
  const thu = { startMs: Date.parse(THU.start), endMs: Date.parse(THU.end), userIds: ['usr_bob'] };
  if (manager) hh.sim.state.addOverride('sch_solo', thu, hh.clock.now());
  await hh.clock.advance(60_000);
  const before = posts(hh);
  const r = await hh.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP), 1000, 300);
  const said = r.ok ? [r.value.mine.message, r.value.theirs.message].filter((m) => m !== '') : [r.error.message];
  return { formSaid, said, sent: posts(hh) - before, states: r.ok ? [r.value.mine.state, r.value.theirs.state] : [] };
}

describe('a may-land write of the app is its own only by its very window and people', () => {
  it("a manager's Bob over my Thu, inside the form's unlanded Bob over Thu 06:00 – Fri 10:00: changed, nothing sent", async () => {
    const w = await world('2026-03-05T06:00:00.000Z', '2026-03-06T10:00:00.000Z', true);
    // The form's write was told as not known to be saved (its outcome not known, so its record may land).
    expect(w.formSaid).not.toContain('"status":"created"');
    expect(w.sent).toBe(0);
    expect(w.states).not.toContain('handed_off');
    expect(w.said.join()).not.toMatch(/earlier press|in place/);
    expect(w.said).toHaveLength(1);
    expect(w.said[0]).toMatch(/^Changed since you planned it: /);
    const sides = (h?.sim.state.schedules.get('sch_solo')?.overrides ?? []).map((o) => o.userIds.join());
    expect(sides).toEqual(['usr_bob']);
  }, 60_000);
});
