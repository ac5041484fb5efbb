// Issue 48, adversarial round 4 #3: the app stops while an away write is in flight (handoff.json holds it as
// 'sending'). After the restart it was told "Did not land" with a Retry that never sent (an earlier attempt "may be
// in place") and named a change that never happened; one that did land under a manager's later change was "did not
// land" too. A write that may have landed is checked on the service: not shown, and the service still has me on
// call as planned, it can't be confirmed (round 6 #1) and nothing is sent; shown changed, it says what holds now.
// Pair world: my Mon 3/23 is with Alice; Bob covers it.
import { describe, expect, it } from 'vitest';
import type { OncallClient } from '../../../electron/api/client-types';
import { itemOutcome } from '../../../electron/shared/handoff-text';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { overridesOn, pairSeed, START } from './support/pair-world';

const MON = { start: '2026-03-23T08:00:00.000Z', end: '2026-03-24T08:00:00.000Z' };
const ITEM = { scheduleId: 'sch_pair', ...MON, email: 'bob@example.com' };

/** The first engine's create never answers: 'hang' never leaves the app, 'land' reaches the service first. */
async function crashWhileSending(how: 'hang' | 'land'): Promise<Harness> {
  const h = await createHarness({ startMs: START, seed: pairSeed() });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
  const wrapClient = (c: OncallClient): OncallClient => ({
    ...c,
    createOverride: (...a) => (how === 'land' && void c.createOverride(...a), new Promise(() => undefined)),
  });
  const engine = h.engine({ wrapClient });
  await engine.start();
  await h.clock.advance(1_000);
  void engine.handlers['handoff:create']({ items: [ITEM] });
  for (let i = 0; i < 40; i++) {
    await h.clock.advance(250);
    if ((await h.files.read('handoff.json'))?.includes('"sending"')) break;
  }
  await h.clock.advance(1_000);
  await engine.stop();
  return h;
}

async function restart(h: Harness) {
  await h.clock.advance(5 * 60_000);
  const engine = h.engine();
  await engine.start();
  await h.clock.runWhileAdvancing(engine.handoffIdle());
  const told = await engine.handlers['handoff:get'](null);
  return { engine, item: told.ok ? told.value.run?.items[0] : undefined };
}

describe('away: the app stopped while a write was in flight', () => {
  // A send that may have left can't be told from one that landed under a manager's later change back to exactly the
  // people the plan read (adv48 round 6 #1): the service lists no overrides, so neither is "did not land", and
  // neither is sent again (it said "did not land: Retry sends it" and Retry wrote a second override before).
  it("never left, nobody changed anything: can't confirm (it may have landed), and Retry sends nothing", async () => {
    const h = await crashWhileSending('hang');
    expect(overridesOn(h, 'sch_pair')).toHaveLength(0);
    const { engine, item } = await restart(h);
    expect(item?.state).toBe('changed');
    expect(item?.message).toMatch(/^Can't confirm it: its answer never came/);
    const retried = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
    expect(retried.ok && retried.value.run?.items[0]?.state).toBe('changed');
    expect(overridesOn(h, 'sch_pair')).toHaveLength(0);
  }, 60_000);

  it('landed, then a manager put back exactly the planned people: can\'t confirm, never "did not land"; Retry sends nothing', async () => {
    const h = await crashWhileSending('land');
    expect(overridesOn(h, 'sch_pair')).toHaveLength(1);
    const w = { startMs: Date.parse(MON.start), endMs: Date.parse(MON.end), userIds: ['usr_me', 'usr_alice'] };
    h.sim.state.addOverride('sch_pair', w, h.clock.now());
    const { engine, item } = await restart(h);
    expect(item?.state).toBe('changed');
    expect(item?.message).toMatch(/^Can't confirm it: its answer never came/);
    expect(item?.message).not.toMatch(/did not land|Retry sends/);
    const retried = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
    expect(retried.ok && retried.value.run?.items[0]?.state).toBe('changed');
    expect(overridesOn(h, 'sch_pair')).toHaveLength(2);
  }, 60_000);

  // Landed, then changed: one rule in every flow (late-landed-partly-replaced.test.ts, landed-again.ts): kept as
  // handed off with what landed and what changed since, shown "Handed off to Bob ✓, then changed: …" (handoff-text.ts).
  it('landed, then a manager changed part of it: said as landed with what changed since, never "did not land"; Retry sends nothing', async () => {
    const h = await crashWhileSending('land');
    expect(overridesOn(h, 'sch_pair')).toHaveLength(1);
    const mid = Date.parse(MON.start) + 6 * 3_600_000;
    const w = { startMs: mid, endMs: mid + 2 * 3_600_000, userIds: ['usr_carol', 'usr_alice'] };
    h.sim.state.addOverride('sch_pair', w, h.clock.now());
    const { engine, item } = await restart(h);
    const landedThenChanged = (i: typeof item) => {
      expect(i).toMatchObject({ state: 'handed_off', outcome: 'landed-then-changed' });
      expect(i?.message).toMatch(/Changed since it landed: Carol Lee is now on call with Alice Doe/);
      expect(i?.message).not.toMatch(/did not land|Retry sends|Nothing was sent/i);
      expect(itemOutcome(i!)).toMatch(/^Handed off to Bob Stone ✓, then changed: /);
    };
    landedThenChanged(item);
    expect(item?.message).toMatch(/^Bob Stone covers .* of it \(the earlier request landed\)\. /);
    const retried = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
    landedThenChanged(retried.ok ? retried.value.run?.items[0] : undefined);
    // The one-line count (the form's status line) says the change too, never "handed off" alone.
    const told = await engine.handlers['handoff:get'](null);
    expect(told.ok && told.value.said?.summary).toBe('1 of 1 handed off · 1 changed since landing');
    // Only the app's one write and the manager's: nothing sent again.
    expect(overridesOn(h, 'sch_pair')).toHaveLength(2);
  }, 60_000);
});
