// Resume dropped an away item whose cover is not in its own schedule's rotation, though the away form offered them:
// "Who covers all of them" lists everyone the plan's schedules list (renderer away.svelte.ts), so Bob of New York
// may cover my Berlin block (the row says "not one of this schedule's people"). The saved cover is valid when it is
// a person the app may hand the block to now (cover-rule.ts: anyone on a schedule the account watches, as Create
// and a live Retry check it); anyone else is dropped and said once (issue 52's rule). Real engine, real files, the simulator, a fake clock.
// Berlin: me and Alice; New York: Bob, me and Carol. Mine: Berlin Thu 26 Mar 08:00Z, New York Fri 27 Mar 12:00Z.
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-24T10:00:00Z');
const COVER: Record<string, string> = { sch_berlin: 'bob@example.com', sch_newyork: 'carol@example.com' };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Plans the days, hands each block to COVER with every write failing (503: not landed), restarts, presses Retry. */
async function restartAndRetry(to: string) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  let engine = h.engine();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  const plan = await h.clock.runWhileAdvancing(engine.handlers['handoff:plan']({ range: { from: '2026-03-26', to } }));
  if (!plan.ok) throw new Error('plan failed');
  const items = plan.value.rows.map((r) => ({ ...r, email: COVER[r.scheduleId] ?? '' }));
  h.sim.faults.set('createOverride', { status: 503, times: items.length });
  await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 120);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
  await engine.stop();
  engine = h.engine();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
  const resumed = await engine.handlers['handoff:get'](null);
  if (!resumed.ok) throw new Error('handoff:get failed');
  // A 503 answer's settle survives the restart (lost-answers.json, adv48 r11 #1): Retry once it is over.
  await h.clock.advance(2 * 60_000);
  const retry = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 120);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
  const files = await readdir(h.dir);
  await engine.stop();
  const landed = [...h.sim.state.schedules.values()].flatMap((s) =>
    s.overrides.map((o) => [s.id, new Date(o.startMs).toISOString(), o.userIds.join(',')]),
  );
  return { rows: plan.value.rows.length, resumed: resumed.value, retry, files, landed };
}

describe('a saved away item whose cover is outside its schedule’s rotation', () => {
  it('offered by the form (another of the plan’s schedules lists them): kept, named, and Retry writes it once', async () => {
    const { rows, resumed, retry, files, landed } = await restartAndRetry('2026-03-27');
    expect(rows).toBe(2);
    expect(resumed.notice).toBeNull();
    expect(files.some((f) => f.startsWith('handoff.json.bad-'))).toBe(false);
    expect(resumed.run?.items.map((i) => [i.scheduleId, i.name, i.state])).toEqual([
      ['sch_berlin', 'Bob Stone', 'not_landed'],
      ['sch_newyork', 'Carol Lee', 'not_landed'],
    ]);
    expect(retry.ok && retry.value.run?.items.map((i) => i.state)).toEqual(['handed_off', 'handed_off']);
    expect(landed).toEqual([
      ['sch_berlin', '2026-03-26T08:00:00.000Z', 'usr_bob'],
      ['sch_newyork', '2026-03-27T12:00:00.000Z', 'usr_carol'],
    ]);
  }, 30_000);

  // Adversarial round 9 #2: Create accepts a teammate from another schedule the account watches (cover-rule.ts),
  // so a restart resumes the same entry (before: dropped as "a cover the schedule does not list").
  it('a teammate of another watched schedule, outside the run’s: kept after a restart, as Create took it', async () => {
    const { rows, resumed, retry, landed } = await restartAndRetry('2026-03-26');
    expect(rows).toBe(1);
    expect(resumed.notice).toBeNull();
    expect(resumed.run?.items.map((i) => [i.scheduleId, i.name, i.state])).toEqual([
      ['sch_berlin', 'Bob Stone', 'not_landed'],
    ]);
    expect(retry.ok && retry.value.run?.items.map((i) => i.state)).toEqual(['handed_off']);
    expect(landed).toEqual([['sch_berlin', '2026-03-26T08:00:00.000Z', 'usr_bob']]);
  }, 30_000);
});
