// Issue 48, adversarial round 1 #6 / round 3 F4: a hand-off write that landed and was then hidden by a manager's
// later override was told "Did not land: the schedule does not show it" once the app looked for it again (after a
// restart, the saved "handed off" is a claim checked on the schedule). The service still holds the app's own
// override (fetched by the id its answer gave): it landed, and what holds now is said; nothing is sent again.
// Pair world: my Mon 3/23 is with Alice; Bob covers it.
import { describe, expect, it } from 'vitest';
import { overridesOn, startPairWorld } from './support/pair-world';

const MON = { start: '2026-03-23T08:00:00.000Z', end: '2026-03-24T08:00:00.000Z' };
const MON_END_TUE = '2026-03-25T08:00:00.000Z';
const ALICE = 'alice@example.com';

describe('a hand-off that landed, hidden since by a manager', () => {
  it('after a restart it is said as landed and changed since, never "did not land", and not sent again', async () => {
    const { h, engine } = await startPairWorld();
    // Tue's write fails (502), so the run stays open and is resumed after the restart.
    h.sim.faults.set('createOverride', { status: 502, times: 1 });
    const tue = { scheduleId: 'sch_pair', start: '2026-03-24T08:00:00.000Z', end: MON_END_TUE, email: ALICE };
    const item = { scheduleId: 'sch_pair', ...MON, email: 'bob@example.com' };
    const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items: [tue, item] }));
    expect(made.ok && made.value.run?.items.map((i) => i.state)).toEqual(['not_landed', 'handed_off']);
    await engine.stop();
    // The manager gives my Monday to Carol (beside Alice), over the app's override.
    const w = { startMs: Date.parse(MON.start), endMs: Date.parse(MON.end) };
    h.sim.state.addOverride('sch_pair', { ...w, userIds: ['usr_carol', 'usr_alice'] }, h.clock.now());
    const again = h.engine();
    await again.start();
    await h.clock.runWhileAdvancing(again.handoffIdle());
    const told = await again.handlers['handoff:get'](null);
    const it0 = told.ok ? told.value.run?.items[1] : undefined;
    expect(it0?.state).toBe('handed_off');
    const said = told.ok ? told.value.said : null;
    expect(said?.items[it0?.id ?? '']).toMatch(
      /^Handed off to Bob Stone ✓, then changed: Changed since it landed: Carol Lee is now on call with Alice Doe Mon /,
    );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(2);
    expect(overridesOn(h, 'sch_pair')).toHaveLength(2);
  }, 60_000);

  it('not hidden but never landed (the answer was a 502 and the service holds nothing): still "did not land"', async () => {
    const { h, engine } = await startPairWorld();
    h.sim.faults.set('createOverride', { status: 502, times: 1 });
    const item = { scheduleId: 'sch_pair', ...MON, email: 'bob@example.com' };
    const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items: [item] }));
    expect(made.ok && made.value.run?.items[0]?.state).toBe('not_landed');
    expect(overridesOn(h, 'sch_pair')).toHaveLength(0);
  }, 60_000);
});
