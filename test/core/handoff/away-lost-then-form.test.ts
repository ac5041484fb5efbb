// adv48 r20 #3: an away block written with its answer lost (applied, seen in place: handed off); later the override
// form puts me back over that block (its preview says I replace Alice) and Create said "Changed since you created it:
// Alice Doe now covers it" and sent nothing: my own away write read as a manager's change. It is sent now.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-24T10:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('away block with a lost answer, then the form puts me back', () => {
  it('the form writes me back over the block, after the preview said I replace Alice', async () => {
    const x = await createHarness({ startMs: T0, seed: threeZoneSeed() });
    h = x;
    await seedSettings(x, { email: ME, scheduleIds: ['sch_berlin'] });
    const engine = x.engine();
    await x.clock.runWhileAdvancing(engine.start(), 1000, 60);
    const plan = await x.clock.runWhileAdvancing(
      engine.handlers['handoff:plan']({ range: { from: '2026-03-26', to: '2026-03-26' } }),
    );
    if (!plan.ok) throw new Error(plan.error.message);
    const [row] = plan.value.rows;
    if (!row) throw new Error('no block planned on 26 March');
    const items = [{ scheduleId: row.scheduleId, start: row.start, end: row.end, email: 'alice@example.com' }];
    x.sim.faults.set('createOverride', { reset: true, times: 1 });
    const away = await x.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 120);
    if (!away.ok) throw new Error(away.error.message);
    expect(away.value.run?.items.map((i) => i.state)).toEqual(['handed_off']);
    await x.clock.advance(10 * 60_000);
    const req = {
      scheduleId: 'sch_berlin',
      window: { kind: 'custom' as const, start: row.start, end: row.end },
      emails: [],
    };
    const pv = await x.clock.runWhileAdvancing(engine.handlers['override:preview'](req));
    if (!pv.ok) throw new Error(pv.error.message);
    expect(pv.value.replaces.map((p) => p.email)).toEqual(['alice@example.com']);
    const back = await x.clock.runWhileAdvancing(
      engine.handlers['override:create']({ ...req, replaces: ['alice@example.com'] }),
    );
    expect(back.ok ? back.value.status : back.error.message).toBe('created');
    const over = (x.sim.state.schedules.get('sch_berlin')?.overrides ?? []).filter(
      (o) => o.startMs === Date.parse(row.start) && o.endMs === Date.parse(row.end),
    );
    expect(over.map((o) => o.userIds.join('+'))).toEqual(['usr_alice', 'usr_me']);
  }, 60_000);
});
