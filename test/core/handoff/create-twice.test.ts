// adv48 round 7 (minor): away "Create all" pressed twice at once. The second press was queued behind the first and
// then judged the first's own write a change ("Changed since you planned it: Alice Doe now covers …"), or, with a
// manager's change in the run, "A hand-off is still open…". Now it joins the first: one write per block, the first
// press's outcome for both, and a later press of the same Create shows the run as it stands, writing nothing.
// Real engine, the simulator, a fake clock. Mine: Berlin Thu 26 Mar 08:00Z, New York Fri 27 Mar 12:00Z.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-24T10:00:00Z');
const COVER: Record<string, string> = { sch_berlin: 'alice@example.com', sch_newyork: 'carol@example.com' };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function pressTwice(managerFirst: boolean) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed() });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const engine = h.engine();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  const plan = await h.clock.runWhileAdvancing(
    engine.handlers['handoff:plan']({ range: { from: '2026-03-26', to: '2026-03-27' } }),
  );
  if (!plan.ok) throw new Error('plan failed');
  const items = plan.value.rows.map((r) => ({
    scheduleId: r.scheduleId,
    start: r.start,
    end: r.end,
    email: COVER[r.scheduleId] ?? '',
  }));
  // A manager gives Bob two hours of my New York block between the plan and Create.
  if (managerFirst) {
    const startMs = Date.parse('2026-03-27T14:00:00Z');
    h.sim.state.addOverride(
      'sch_newyork',
      { startMs, endMs: startMs + 2 * 3600_000, userIds: ['usr_bob'] },
      h.clock.now(),
    );
  }
  const create = () => engine.handlers['handoff:create']({ items });
  const [first, second] = await h.clock.runWhileAdvancing(Promise.all([create(), create()]), 1000, 120);
  const again = await h.clock.runWhileAdvancing(create(), 1000, 120);
  const writes = h.sim.requests.all().filter((r) => r.method !== 'GET').length;
  return { first, second, again, writes };
}

const shown = (r: Awaited<ReturnType<typeof pressTwice>>['first']) =>
  r.ok ? r.value.run?.items.map((i) => [i.scheduleId, i.state, i.message]) : r.error.message;

describe('away Create pressed twice at once', () => {
  it('joins the first press: one write per block, the same outcome, and a later press writes nothing', async () => {
    const { first, second, again, writes } = await pressTwice(false);
    expect(shown(first)).toEqual([
      ['sch_berlin', 'handed_off', ''],
      ['sch_newyork', 'handed_off', ''],
    ]);
    expect(shown(second)).toEqual(shown(first));
    expect(shown(again)).toEqual(shown(first));
    expect(writes).toBe(2);
  }, 30_000);

  it('with a manager’s change in the run: the second press shows the first’s outcome, not "still open"', async () => {
    const { first, second, writes } = await pressTwice(true);
    expect(shown(first)).toMatchObject([
      ['sch_berlin', 'handed_off', ''],
      ['sch_newyork', 'changed', expect.stringMatching(/^Changed since you planned it: Bob Stone now covers/)],
    ]);
    expect(shown(second)).toEqual(shown(first));
    expect(writes).toBe(1);
  }, 30_000);
});
