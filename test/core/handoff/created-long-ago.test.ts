// Issue 52, adv52 round 36: a saved hand-off whose own date (createdAt) says the app could not have planned its block
// then. A plan lists my blocks as read, at most its reach ahead of the moment it is made (plan.ts PLAN_REACH_MS:
// the read horizon and its slack); an item ending further from the run's createdAt was never planned by the app, so
// it is dropped, said once, the file kept aside, nothing sent. Before, only now + 100 days capped an item: a run
// dated 2000-01-01 or a year before its block was resumed and its override sent unasked ("1 of 1 handed off").
// Real engine, real files, the simulator, a fake clock; my Berlin block Thu 26 Mar 08:00Z → Fri 08:00Z, now Tue
// 24 Mar 10:00Z.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAN_REACH_MS } from '../../../electron/core/handoff/plan';
import { BLOCK, resumeSaved, savedItem } from './support/saved-run';

const AFTER = 'Nothing of them was sent. Check your shifts in My shifts: overrides made before are on the service.';
const BEYOND = 'a shift further ahead than the app could plan when the hand-off was made';
const CANT_BE = "a time that can't be true";

async function resumeCreated(createdAt: string, over: object = {}) {
  const { h, engine } = await resumeSaved([savedItem(over)], undefined, createdAt);
  const writes = h.sim.requests
    .all()
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${r.route}`);
  const notices = engine.getState().notices.map((n) => n.message);
  const copies = (await readdir(h.dir)).filter((f) => f.startsWith('handoff.json.bad-'));
  const got = await engine.handlers['handoff:get'](null);
  await engine.stop();
  if (!got.ok) throw new Error('handoff:get failed');
  return { writes, notices, copies, status: got.value, dir: h.dir };
}

/** The instant `ms` after (or before, negative) the block's end less the plan's reach: the earliest createdAt a plan
 *  holding the block could carry, moved by `ms`. */
const reachedFrom = (ms: number) => new Date(Date.parse(BLOCK.end) - PLAN_REACH_MS + ms).toISOString();

describe('a saved hand-off dated before the app could have planned its block', () => {
  const cases: [string, string][] = [
    ['2000-01-01T00:00:00.000Z', BEYOND],
    ['2025-03-24T09:00:00.000Z', BEYOND],
    [reachedFrom(-1), BEYOND],
    ['1970-01-01T00:00:00.000Z', CANT_BE],
  ];
  for (const [createdAt, why] of cases) {
    it(`createdAt ${createdAt}: nothing is sent, said once (${why}), the file kept aside`, async () => {
      const r = await resumeCreated(createdAt);
      expect(r.writes).toEqual([]);
      expect(r.copies).toHaveLength(1);
      expect(r.status.run).toBeNull();
      const kept = join(r.dir, r.copies[0] ?? '');
      const said = `1 entry of the saved hand-off (away mode) was not used (${why}). The file was kept as ${kept}. ${AFTER}`;
      expect(r.status.notice).toBe(said);
      expect(r.notices.filter((n) => n.includes('saved hand-off'))).toEqual([said]);
    });
  }

  // The same block planned within the reach is the app's own: resumed and sent, nothing kept aside or said.
  for (const createdAt of [reachedFrom(0), '2026-03-24T09:00:00.000Z']) {
    it(`createdAt ${createdAt}: within the reach, it is sent`, async () => {
      const r = await resumeCreated(createdAt);
      expect(r.writes).toEqual(['POST createOverride']);
      expect(r.copies).toEqual([]);
      expect(r.status.notice).toBeNull();
    });
  }
});

// The item's `within` (time around the block the plan had me off call, read again before the send: me on call there
// is said as "Changed since you planned it: you are now on call …") is a time claim too. The plan reads no further
// than its reach, so a within past it says the app knew time it never read: before, it was kept, and the re-read
// over my own Sat block was told as a change since the plan, a statement the plan could not have made.
describe('a saved item whose within reaches past what its plan could read', () => {
  const within = { start: BLOCK.start, end: '2026-03-29T08:00:00.000Z' };

  it('planned at the edge of the reach, its within two days past it: dropped, said once, kept aside', async () => {
    const r = await resumeCreated(reachedFrom(0), { within });
    expect(r.writes).toEqual([]);
    expect(r.copies).toHaveLength(1);
    expect(r.status.run).toBeNull();
    const kept = join(r.dir, r.copies[0] ?? '');
    const said = `1 entry of the saved hand-off (away mode) was not used (${BEYOND}). The file was kept as ${kept}. ${AFTER}`;
    expect(r.status.notice).toBe(said);
    expect(r.notices.filter((n) => n.includes('saved hand-off'))).toEqual([said]);
  });

  it('the same within planned yesterday is within the reach: kept as a plan (nothing kept aside or said)', async () => {
    const r = await resumeCreated('2026-03-24T09:00:00.000Z', { within });
    expect(r.copies).toEqual([]);
    expect(r.status.notice).toBeNull();
    expect(r.status.run?.items).toHaveLength(1);
  });
});
