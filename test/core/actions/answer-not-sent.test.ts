// adv48 round 8 #1: a 200 whose body is an override other than the one sent (other people, another window, the
// person being replaced) is not the write landing. Nothing was stored here (the simulator answers instead of
// handling it), so every flow reads the schedule and says "most likely not saved", as for an unreadable answer:
// take over, the override form, away and swap. Pair world (support/pair-world.ts), fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { START, startPairWorld, SWAP, THU, overridesOn } from '../handoff/support/pair-world';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const person = (n: string) => ({ id: `usr_${n}`, name: n, email: `${n}@example.com` });
/** The simulator answers the next create with this override and stores nothing. */
function answerWith(hh: Harness, start: string, end: string, who: string): void {
  const body = { override: { id: 'ovr_fake0000001', start, end, users: [person(who)] } };
  hh.sim.faults.set('createOverride', { status: 200, body, times: 1 });
}
const NOT_SENT = /^The service's answer describes an override other than the one sent, and the schedule does not show/;
/** Solo of Alice, Bob and Carol daily at 08:00 UTC (I am not in it): Bob holds Sat 3/21 to Sun 08:00Z. */
async function rotaWorld() {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily }]);
  const hh = await createHarness({ startMs: START, seed });
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = hh.engine();
  await engine.start();
  await hh.clock.advance(1_000);
  return { h: hh, engine };
}
const BOB_END = '2026-03-22T08:00:00Z';

describe('a 200 that is not the override sent is verified, never taken as landed', () => {
  it('take over: an answer naming Bob, the person replaced, is "most likely not saved"', async () => {
    const w = await rotaWorld();
    h = w.h;
    answerWith(w.h, iso(w.h.clock.now()), BOB_END, 'bob');
    const request = {
      scheduleId: 'sch_solo',
      fromEmail: 'bob@example.com',
      seen: { onCall: ['bob@example.com'], until: BOB_END },
    };
    const answer = await w.h.clock.runWhileAdvancing(w.engine.handlers['take-over:now'](request));
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.outcome.status).toBe('not_created');
    expect('message' in answer.value.outcome && answer.value.outcome.message).toMatch(NOT_SENT);
    expect(overridesOn(w.h, 'sch_solo')).toHaveLength(0);
  }, 30_000);

  it('the override form: the right people over another window is "most likely not saved"', async () => {
    const w = await startPairWorld();
    h = w.h;
    answerWith(w.h, THU.start, '2026-03-26T09:00:00Z', 'alice');
    const request = {
      scheduleId: 'sch_solo',
      window: { kind: 'custom' as const, ...THU },
      emails: ['alice@example.com'],
    };
    const answer = await w.h.clock.runWhileAdvancing(w.engine.handlers['override:create'](request));
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.status).toBe('not_created');
    expect(overridesOn(w.h, 'sch_solo')).toHaveLength(0);
  }, 30_000);

  it('away: an answer naming me for my own block is not "covers it ✓"', async () => {
    const w = await startPairWorld();
    h = w.h;
    const range = { from: '2026-03-26', to: '2026-03-26' };
    const plan = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:plan']({ range }));
    if (!plan.ok) throw new Error(plan.error.message);
    const rows = plan.value.rows.filter((r) => r.scheduleId === 'sch_pair');
    expect(rows).toHaveLength(1);
    answerWith(w.h, THU.start, THU.end, 'me');
    const items = rows.map((r) => ({ scheduleId: r.scheduleId, start: r.start, end: r.end, email: 'bob@example.com' }));
    const made = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }));
    if (!made.ok) throw new Error(made.error.message);
    const item = made.value.run?.items[0];
    expect(item?.state).not.toBe('handed_off');
    expect(item?.message).toMatch(NOT_SENT);
    expect(overridesOn(w.h, 'sch_pair')).toHaveLength(0);
  }, 30_000);

  it("swap: side 1 answered with another person is not landed, and is not worded as a manager's change", async () => {
    const w = await startPairWorld();
    h = w.h;
    answerWith(w.h, SWAP.mine.start, SWAP.mine.end, 'alice');
    const answer = await w.h.clock.runWhileAdvancing(w.engine.handlers['swap:create'](SWAP));
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.mine.state).not.toBe('handed_off');
    expect(answer.value.text).not.toMatch(/Changed since|no longer in place/);
    expect(answer.value.text).toMatch(/most likely not saved|Can't confirm yet — checking/);
    expect(w.h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 30_000);
});
