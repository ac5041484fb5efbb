// adv48 r18 #1: an away item answered 503 (not applied) whose check read fails too (the service down for a while
// after) was said "its answer never came … so nothing was sent" on every Retry once the service was back, and never
// written. The service answered, so it is an error answer: the check is made when the schedule can be read again,
// and once the 2 minutes are over, not shown with nothing changed there, Retry sends it once. Real engine, the
// simulator (down from the POST for 30 s), a fake clock; overrides counted in the simulator's own state.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { overridesOn, pairSeed, START } from './support/pair-world';

const MON = { start: '2026-03-23T08:00:00Z', end: '2026-03-24T08:00:00Z' };
const item = { scheduleId: 'sch_pair', ...MON, email: 'bob@example.com' };

async function said(engine: Engine): Promise<{ text: string; state: string }> {
  const got = await engine.handlers['handoff:get'](null);
  if (!got.ok) throw new Error('no run');
  const it0 = got.value.run?.items[0];
  return { text: got.value.said?.items[it0?.id ?? ''] ?? '', state: it0?.state ?? '' };
}

/** The world, with the service answering 503 to everything from the hand-off's POST on (until cleared). */
async function downAtThePost(): Promise<{ h: Harness; engine: Engine }> {
  const h = await createHarness({ startMs: START, seed: pairSeed() });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
  let first = true;
  const engine = h.engine({
    wrapClient: (c) => ({
      ...c,
      createOverride: (id, input) => {
        if (first) h.sim.faults.set('*', { status: 503 });
        first = false;
        return c.createOverride(id, input);
      },
    }),
  });
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

const tick = async (h: Harness, engine: Engine, ms: number) => {
  for (let t = 0; t < ms; t += 15_000) {
    await h.clock.advance(15_000);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 60);
  }
};
const posts = (h: Harness) => h.sim.requests.all().filter((r) => r.method === 'POST').length;

describe('an away item answered 503 whose check read failed (the service down just after)', () => {
  it('is checked once the schedule reads again and, after the 2 minutes, written once by Retry; never "never came"', async () => {
    const { h, engine } = await downAtThePost();
    await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items: [item] }), 1000, 300);
    expect((await said(engine)).text).toMatch(/HTTP 503\) and the schedule could not be checked/);
    expect(overridesOn(h, 'sch_pair')).toHaveLength(0);
    await tick(h, engine, 30_000);
    h.sim.faults.clear();
    await tick(h, engine, 30_000);
    const back = await said(engine);
    expect(back.text).not.toMatch(/never came/);
    // Retry inside the 2 minutes: nothing sent, still checking (an error answer).
    await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 300);
    const inside = await said(engine);
    expect(inside.text).not.toMatch(/never came/);
    expect(inside.text).toMatch(/checking/i);
    expect(posts(h)).toBe(1);
    await tick(h, engine, 90_000);
    const settled = await said(engine);
    expect(settled.text).not.toMatch(/never came/);
    const retried = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 300);
    expect(retried.ok && retried.value.run?.items[0]).toMatchObject({ state: 'handed_off' });
    expect(posts(h)).toBe(2);
    const mine = overridesOn(h, 'sch_pair');
    expect(mine).toHaveLength(1);
    expect([...(mine[0]?.userIds ?? [])].sort()).toEqual(['usr_alice', 'usr_bob']);
    // A Retry again sends nothing more.
    await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 300);
    expect(overridesOn(h, 'sch_pair')).toHaveLength(1);
    await engine.stop();
  }, 60_000);
});
