// Issue 47 (round 4, finding 3): after a restart during an outage, one surface gave two "saved data from" times for
// the same data: the account's sync line took the coverage list's read (11:00), the schedule's line its own (11:15).
// Each "saved data from" names the read of the data it speaks of, before a restart and after it alike.
import { describe, expect, it } from 'vitest';
import { savedAt } from '../../../electron/shared/freshness';
import { twoServices } from './support/two-services';

const START = Date.parse('2026-03-04T10:00:00Z');
const MIN = 60_000;

describe('engine: one time for one saved read', () => {
  it('the sync line names the schedule’s read, not the coverage list’s, before and after a restart', async () => {
    const w = await twoServices(START);
    await w.engine.start();
    await w.harness.clock.advance(16 * MIN);
    w.acme.faults.set('*', { status: 500 });
    await w.harness.clock.advance(20 * MIN);
    const said = () => {
      const state = w.engine.getState();
      const acme = state.accounts.find((a) => a.id === 'acme');
      const schedule = state.schedules.find((s) => s.id === 'acme:sch_primary');
      const sync = acme?.sync;
      return { sync: sync && 'saved' in sync ? sync.saved : undefined, schedule: schedule && savedAt(schedule.status) };
    };
    const before = said();
    expect(before.schedule).toBeDefined();
    await w.engine.stop();
    await w.harness.clock.advance(5 * MIN);
    w.engine = w.harness.engine({ alarms: false });
    await w.engine.start();
    await w.harness.clock.advance(10 * MIN);
    const after = said();
    expect(after.schedule).toBe(before.schedule);
    for (const s of [before, after]) if (s.sync) expect(s.sync).toBe(s.schedule);
    expect(after.sync).toBe(before.schedule);
  }, 60_000);
});
