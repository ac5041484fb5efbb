// Issue 47 (round 4, finding 1): "Who could cover" never counts hours nor implies "free" from another account's saved
// data past its read. Work (alice/bob) and Acme (erin/bob: Bob is on both, by e-mail), daily from Mon 08:00 UTC; Acme
// is read once at Wed 10:00 UTC, then down, and its manager gives the rest of erin's Wed–Thu block to Bob. 20 h later
// Bob's row says his Acme time past the read as not readable, and "free" as resting on saved data.
import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../../electron/shared/ipc-contract';
import { twoServices } from './support/two-services';

const START = Date.parse('2026-03-04T10:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

const bobOnAcme = (seed: Parameters<NonNullable<Parameters<typeof twoServices>[1]>>[0]): void => {
  const frank = seed.users[1];
  if (!frank) throw new Error('no second person');
  Object.assign(frank, { id: 'usr_bob', name: 'Bob Person', email: 'bob@example.com', chat_id: 'U_bob' });
  const layer = seed.schedules[0]?.layers[0];
  if (layer) layer.user_ids = ['usr_erin', 'usr_bob'];
};

describe('engine: who could cover, from another account’s saved data', () => {
  it('hours past the saved read are not readable, and "free" there is not known', async () => {
    const w = await twoServices(START, bobOnAcme);
    await w.engine.start();
    await w.harness.clock.advance(MIN);
    w.acme.faults.set('*', { status: 500 });
    const rest = { startMs: w.harness.clock.now(), endMs: Date.parse('2026-03-05T08:00:00Z') };
    w.acme.state.addOverride('sch_primary', { ...rest, userIds: ['usr_bob'] }, w.harness.clock.now());
    await w.harness.clock.advance(20 * HOUR);
    // Thu 05:00–07:00 UTC: Alice on Work (fresh); on Acme the saved read says Erin, the service says Bob.
    const window = { kind: 'custom' as const, start: '2026-03-05T05:00:00Z', end: '2026-03-05T07:00:00Z' };
    const bob = async (scheduleId: string): Promise<Candidate> => {
      const r = await w.engine.handlers['override:candidates']({ scheduleId, window });
      if (!r.ok) throw new Error(r.error.message);
      const row = r.value.find((c) => c.email === 'bob@example.com');
      if (!row) throw new Error('no Bob');
      return row;
    };
    const onWork = await bob('work:sch_primary');
    // Known: Tue 08:00 – Wed 08:00 on both (once) = 24 h; Acme from its read (Wed 10:00) to now (Thu 06:01) is not
    // readable, and Bob is not on call on Work then (Alice is): 20 h.
    expect([onWork.recentHours, onWork.unreadableHours]).toEqual([24, 20]);
    expect(onWork.detail).toContain('24 h + 20 h not readable on call in the last');
    expect(onWork.onCallElsewhere).toEqual([]);
    // "Free" rests on Acme's saved read: said so, with its time (4 Mar, 11:00 Berlin: a past day carries its date).
    expect(onWork.detail).toMatch(/free per saved data from 4 Mar, 11:00/);
    const onAcme = await bob('acme:sch_primary');
    expect(onAcme.onCallHere).toBe(false);
    expect(onAcme.detail).toMatch(/free per saved data from 4 Mar, 11:00/);
    expect(onAcme.detail).toContain('24 h + 20 h not readable');
  }, 60_000);
});
