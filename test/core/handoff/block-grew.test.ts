// Issue 48, adversarial round 3 F1: a write of a plan checks the block it was planned for, not only its window. A
// manager who puts me on the hours beside my block (inside my away range), or beside a swap side, makes the block
// another one: handing off the planned window alone would leave me on call there and say "handed off". The item
// says "changed since you planned it: you are now on call …" and nothing is sent. Pair world (UTC rotation, Berlin
// local): Thu 3/26 08:00Z – Fri 08:00Z is me+Alice; Wed 3/25 is Alice+Bob; my Tue 3/24 is with Bob.
import { describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness } from '../support/engine-harness';
import { overridesOn, startPairWorld, SWAP } from './support/pair-world';

const H = 3_600_000;
const THU_8Z = Date.parse('2026-03-26T08:00:00Z');
/** Thu 26 March in Berlin (UTC+1 until the 29th): 3/25 23:00Z – 3/26 23:00Z. */
const RANGE = { from: '2026-03-26', to: '2026-03-26' };

async function planned(): Promise<{ h: Harness; engine: Engine; row: { start: string; end: string } }> {
  const { h, engine } = await startPairWorld();
  const plan = await h.clock.runWhileAdvancing(engine.handlers['handoff:plan']({ range: RANGE }));
  if (!plan.ok) throw new Error(plan.error.message);
  const row = plan.value.rows.find((r) => r.scheduleId === 'sch_pair');
  if (!row) throw new Error('no row');
  // Computed apart: my Thursday from 09:00 Berlin to the day's end, with Alice.
  expect([row.start, row.end, row.others]).toEqual([
    '2026-03-26T08:00:00.000Z',
    '2026-03-26T23:00:00.000Z',
    ['alice@example.com'],
  ]);
  return { h, engine, row };
}

const manager = (h: Harness, startMs: number, endMs: number, userIds: string[]) =>
  h.sim.state.addOverride('sch_pair', { startMs, endMs, userIds }, h.clock.now());

const create = (engine: Engine, row: { start: string; end: string }) =>
  engine.handlers['handoff:create']({ items: [{ scheduleId: 'sch_pair', ...row, email: 'bob@example.com' }] });

describe('away: the block grew or shrank between plan and Create', () => {
  it('grew earlier inside the range (me from 06:00 Berlin): changed, said, nothing sent', async () => {
    const { h, engine, row } = await planned();
    manager(h, THU_8Z - 3 * H, THU_8Z, ['usr_me', 'usr_alice']);
    const made = await h.clock.runWhileAdvancing(create(engine, row));
    const item = made.ok ? made.value.run?.items[0] : undefined;
    expect(item?.state).toBe('changed');
    expect(item?.message).toMatch(
      /^Changed since you planned it: you are now on call with Alice Doe Thu 06:00.09:00 \(Thu 05:00.08:00 UTC\)\./,
    );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
    expect(made.ok && made.value.said?.canRetry).toBe(true);
  }, 60_000);

  it('Retry after a failed write re-reads the block too (it grew later inside the range)', async () => {
    const { h, engine, row } = await startAndFail();
    manager(h, Date.parse(row.end) - 30 * 60_000, Date.parse(row.end), ['usr_me', 'usr_alice']);
    manager(h, THU_8Z - H, THU_8Z, ['usr_me', 'usr_carol']);
    // A Retry inside the 2 minutes the service is given to apply the 5xx'd write keeps it "checking" (the write may still
    // land over this change: retry-in-settle.test.ts); pressed after them, the change is said and nothing is sent.
    await h.clock.advance(SETTLE_MS);
    const retried = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
    const item = retried.ok ? retried.value.run?.items[0] : undefined;
    expect(item?.state).toBe('changed');
    expect(item?.message).toMatch(/you are now on call with Carol Lee Thu 08:00.09:00/);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 60_000);

  it('grew past the range (after my last day): not part of the plan, so it is handed off as planned', async () => {
    const { h, engine, row } = await planned();
    manager(h, Date.parse(row.end), Date.parse(row.end) + 3 * H, ['usr_me', 'usr_alice']);
    const made = await h.clock.runWhileAdvancing(create(engine, row));
    expect(made.ok && made.value.run?.items[0]?.state).toBe('handed_off');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 60_000);

  it('shrank (Bob took my evening): changed, said, nothing sent', async () => {
    const { h, engine, row } = await planned();
    manager(h, Date.parse(row.end) - 5 * H, Date.parse(row.end), ['usr_bob', 'usr_alice']);
    const made = await h.clock.runWhileAdvancing(create(engine, row));
    const item = made.ok ? made.value.run?.items[0] : undefined;
    expect(item?.state).toBe('changed');
    expect(item?.message).toMatch(/Bob Stone now covers Thu 19:00.00:00 \(Thu 18:00.23:00 UTC\), with Alice Doe\./);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);

  it('moved (an hour later): both the hour lost and the hour gained are said', async () => {
    const { h, engine, row } = await planned();
    manager(h, THU_8Z, THU_8Z + H, ['usr_bob', 'usr_alice']);
    manager(h, THU_8Z - H, THU_8Z, ['usr_me', 'usr_alice']);
    const made = await h.clock.runWhileAdvancing(create(engine, row));
    const item = made.ok ? made.value.run?.items[0] : undefined;
    expect(item?.message).toMatch(
      /you are now on call with Alice Doe Thu 08:00.09:00 \(Thu 07:00.08:00 UTC\); Bob Stone now covers Thu 09:00.10:00 \(Thu 08:00.09:00 UTC\), with Alice Doe\./,
    );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);
});

async function startAndFail() {
  const w = await planned();
  w.h.sim.faults.set('createOverride', { status: 502, times: 1 });
  const made = await w.h.clock.runWhileAdvancing(create(w.engine, w.row));
  expect(made.ok && made.value.run?.items[0]?.state).toBe('not_landed');
  return w;
}

describe('swap: a side whose block grew since it was chosen', () => {
  it('my Tue grew into Wed morning (with Alice): nothing is swapped and it says so', async () => {
    const { h, engine } = await startPairWorld();
    const wed8z = Date.parse('2026-03-25T08:00:00Z');
    manager(h, wed8z, wed8z + 3 * H, ['usr_me', 'usr_alice']);
    const answer = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!answer.ok) throw new Error(answer.error.message);
    expect([answer.value.mine.state, answer.value.theirs.state]).toEqual(['changed', 'not_sent']);
    expect(answer.value.mine.message).toMatch(/you are now on call with Alice Doe Wed 09:00.12:00/);
    expect(overridesOn(h, 'sch_pair').length + overridesOn(h, 'sch_solo').length).toBe(1);
  }, 60_000);
});
