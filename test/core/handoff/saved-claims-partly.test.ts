// adv48 round 7 #1: a restart after a manager changed PART of an away block (item not_landed or pending) dropped the
// item as "a shift that is not yours as last read" and moved the file aside, leaving nothing to Retry. A block still
// partly mine as last read is a plan like any other: kept, and the resume's re-read says what changed; nothing is
// sent. Real engine, real files, the simulator, a fake clock. My Berlin block: Thu 26 Mar 08:00Z → Fri 08:00Z.
import { describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { ME } from '../support/seeds';
import { BLOCK, resumeSaved, savedItem } from './support/saved-run';

async function resumeAfterManager(state: string, startMs: number, endMs: number, was: object = { was: [ME] }) {
  // Saved as the app saves a plan (item-rules.ts): with its record that the block was mine when planned (adv52 r20:
  // an item not wholly mine as last read is kept only on that record). While the app was down, a manager gave
  // Alice part of my block.
  const { h, engine } = await resumeSaved([savedItem({ state, ...was })], (w) =>
    w.sim.state.addOverride('sch_berlin', { startMs, endMs, userIds: ['usr_alice'] }, w.clock.now()),
  );
  let got = await engine.handlers['handoff:get'](null);
  if (!got.ok) throw new Error('handoff:get failed');
  const notice = got.value.notice;
  // Not landed waits for Retry (as before the restart): its Retry reads the schedule again first.
  if (state === 'not_landed' && got.value.run !== null) {
    // A Retry inside the 2 minutes the service is given to apply the 5xx'd write keeps it "checking" (the write may still
    // land over this change: retry-in-settle.test.ts); pressed after them, the change is said and nothing is sent.
    await h.clock.advance(SETTLE_MS);
    await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 120);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
    got = await engine.handlers['handoff:get'](null);
    if (!got.ok) throw new Error('handoff:get failed');
  }
  const writes = h.sim.requests.all().filter((r) => r.method !== 'GET');
  await engine.stop();
  return { status: got.value, writes, notice };
}

describe('a saved away item whose block a manager changed in part while the app was down', () => {
  it.each(['not_landed', 'pending'])(
    'a saved "%s" is kept, and said as changed (on Retry when not landed); nothing sent',
    async (state) => {
      const { status, writes, notice } = await resumeAfterManager(
        state,
        Date.parse('2026-03-26T10:00:00Z'),
        Date.parse('2026-03-26T12:00:00Z'),
      );
      expect(writes).toEqual([]);
      expect(notice ?? '').not.toMatch(/was not used|\.bad-/);
      expect(status.run?.items).toMatchObject([{ state: 'changed' }]);
      expect(status.run?.items[0]?.message).toMatch(/^Changed since you planned it: Alice Doe now covers .*11:00/);
    },
  );

  it('a block a manager gave away whole is still dropped when the file has no record that it was mine (saved-claims-whole.test.ts: a plan’s own)', async () => {
    const { notice, writes } = await resumeAfterManager(
      'not_landed',
      Date.parse(BLOCK.start),
      Date.parse(BLOCK.end),
      {},
    );
    expect(writes).toEqual([]);
    expect(notice).toMatch(/a shift that is not yours as last read/);
  });
});
