// Issue 37, the plan: nothing is written for time the app can't read as mine. A shift the service sent unreadable
// (a hole) is listed with why and left out; "Create all" naming it sends nothing. A service that can't be reached
// when the plan is made leaves saved data, said as such, and nothing of it is offered.
import { afterEach, describe, expect, it } from 'vitest';
import { oneService } from './support/one-service';

const START = Date.parse('2026-03-04T12:00:00Z');
const FRI = { fromMs: Date.parse('2026-03-06T08:00:00Z'), toMs: Date.parse('2026-03-07T08:00:00Z') };

let current: Awaited<ReturnType<typeof oneService>> | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe('away mode plan', () => {
  it('a hole in the range is told with why and never written, even when asked for', async () => {
    current = await oneService(START, () => 'pass');
    current.harness.sim.unreadable.add('sch_primary', FRI);
    await current.start();
    const { harness, engine, proxy } = current;
    const plan = await harness.clock.runWhileAdvancing(
      engine.handlers['handoff:plan']({ range: { from: '2026-03-04', to: '2026-03-08' } }),
    );
    if (!plan.ok) throw new Error(plan.error.message);
    // Mine (from the rotation): Wed from now (the plan's start), Fri (unreadable), Sun 08:00 to the range's end (Sun 23:00 UTC).
    expect(plan.value.rows.map((r) => [Date.parse(r.start), Date.parse(r.end)])).toEqual([
      [Date.parse(plan.value.from), Date.parse('2026-03-05T08:00:00Z')],
      [Date.parse('2026-03-08T08:00:00Z'), Date.parse('2026-03-08T23:00:00Z')],
    ]);
    const hole = plan.value.excluded.find((e) => Date.parse(e.start) < FRI.toMs && Date.parse(e.end) > FRI.fromMs);
    expect(hole?.why).toMatch(/couldn't be read/);
    const asked = await engine.handlers['handoff:create']({
      items: [
        {
          scheduleId: 'sch_primary',
          start: '2026-03-06T08:00:00Z',
          end: '2026-03-07T08:00:00Z',
          email: 'bob@example.com',
        },
      ],
    });
    expect(asked.ok).toBe(false);
    expect(proxy.posts).toEqual([]);
    expect(await harness.files.read('handoff.json')).toBeUndefined();
  }, 60_000);

  it('saved data (the service unreachable now) is said as saved and offers nothing', async () => {
    current = await oneService(START, () => 'pass');
    await current.start();
    const { harness, engine } = current;
    await current.proxy.close();
    const plan = await harness.clock.runWhileAdvancing(engine.handlers['handoff:plan']({}));
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.rows).toEqual([]);
    expect(plan.value.excluded.length).toBeGreaterThan(0);
    // The failed read is said in its reason's own words, as the schedule's status says it.
    const reasons = engine.getState().schedules.map((s) => (s.status.kind === 'stale' ? s.status.reason : 'not saved'));
    for (const e of plan.value.excluded) expect(reasons.some((r) => e.why.endsWith(`(${r})`))).toBe(true);
    for (const e of plan.value.excluded) expect(e.why).toMatch(/^saved data from /);
  }, 60_000);

  it('a plan asked with reread: false comes from the data as it is (no request), one asked plainly reads first', async () => {
    current = await oneService(START, () => 'pass');
    await current.start();
    const { harness, engine } = current;
    const range = { from: '2026-03-04', to: '2026-03-08' };
    harness.sim.requests.clear();
    const asIs = await harness.clock.runWhileAdvancing(engine.handlers['handoff:plan']({ range, reread: false }));
    expect(harness.sim.requests.count()).toBe(0);
    const read = await harness.clock.runWhileAdvancing(engine.handlers['handoff:plan']({ range }));
    expect(harness.sim.requests.count()).toBeGreaterThan(0);
    // Nothing changed on the service in between: both plans are the same blocks.
    expect(asIs.ok && read.ok && asIs.value.rows).toEqual(read.ok && read.value.rows);
  }, 60_000);
});
