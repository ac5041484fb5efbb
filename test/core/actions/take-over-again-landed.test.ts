// adv48 round 7 #2: Take over whose answer was lost but which landed ("shown in place … not sent again"), then a
// manager put Bob back: pressing Take over again from the same card must not write over the manager's decision. It
// answers as the override form does for this shape ("Changed since you created it: …"), and sends nothing.
// Against the simulator on a fake clock. Daily handoffs at 08:00 UTC; Solo: Carol on 3/25.
import { describe, expect, it } from 'vitest';
import { soloWorld } from './support/solo-world';

const SHIFT_END = '2026-03-26T08:00:00Z';
const MINUTE = 60_000;

describe('take over pressed again after it landed and a manager put the person back', () => {
  it('says "Changed since you created it: Carol now covers it" and sends nothing', async () => {
    const { h, engine } = await soloWorld();
    const request = {
      scheduleId: 'sch_solo',
      fromEmail: 'carol@example.com',
      seen: { onCall: ['carol@example.com'], until: SHIFT_END },
    };
    h.sim.faults.set('createOverride', { reset: true, times: 1 });
    const first = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
    expect(first.ok && first.value.outcome.status).toBe('created_unconfirmed');
    const overrides = () => h.sim.state.schedules.get('sch_solo')?.overrides ?? [];
    expect(overrides()).toHaveLength(1);

    await h.clock.advance(3 * MINUTE);
    h.sim.state.addOverride(
      'sch_solo',
      { startMs: h.clock.now(), endMs: Date.parse(SHIFT_END), userIds: ['usr_carol'] },
      h.clock.now(),
    );
    const again = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
    expect(!again.ok && again.error.kind).toBe('changed_since_planned');
    expect(!again.ok && again.error.message).toMatch(
      /^Changed since you created it: Carol \S+ now covers it\. The same override sent earlier may have been saved \(its answer never came\), so nothing was sent again \(it would write over that change\)/,
    );
    expect(overrides()).toHaveLength(2); // mine and the manager's; no second take-over
  }, 60_000);
});
