// Issue 48, swap and take-over: each side, Retry and the hand back re-read the window just before they write; a
// manager's change since the swap was planned is said ("changed since you planned it: …") and nothing stale is
// written. Take-over acts only on who holds the schedule now, and one asked "from Carol" is refused once she
// no longer is. Pair world: two on call at once; my Tue 3/24 is with Bob; Carol is alone on Solo.
import { describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import type { OncallClient } from '../../../electron/api/client-types';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { overridesOn, pairSeed, START, startPairWorld, SWAP, THU, TUE, windowMs as ms } from './support/pair-world';

let h: Harness | undefined;
async function world(): Promise<{ h: Harness; engine: Engine }> {
  const w = await startPairWorld();
  h = w.h;
  return w;
}

describe('swap: a manager changes a side between plan and write', () => {
  it('the first side: my Tue went to Alice since the form read it, so nothing is sent and it says so', async () => {
    const { h, engine } = await world();
    h.sim.state.addOverride('sch_pair', { ...ms(TUE), userIds: ['usr_alice', 'usr_bob'] }, h.clock.now());
    const answer = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!answer.ok) throw new Error(answer.error.message);
    expect([answer.value.mine.state, answer.value.theirs.state]).toEqual(['changed', 'not_sent']);
    expect(answer.value.text).toMatch(/^Nothing was swapped: .*Changed since you planned it: Alice Doe now covers/);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);

  it('Retry of the second side: Carol no longer holds her Thu, so I am not put over whoever does', async () => {
    const { h, engine } = await world();
    h.sim.faults.set('createOverride', { status: 502, times: 1, pathIncludes: 'sch_solo' });
    const half = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!half.ok) throw new Error(half.error.message);
    expect([half.value.mine.state, half.value.theirs.state]).toEqual(['handed_off', 'unknown']);
    h.sim.state.addOverride('sch_solo', { ...ms(THU), userIds: ['usr_alice'] }, h.clock.now());
    // A Retry inside the 2 minutes the service is given to apply the 5xx'd write keeps it "checking" (the write may still
    // land over this change: retry-in-settle.test.ts); pressed after them, the change is said and nothing is sent.
    await h.clock.advance(SETTLE_MS);
    const retried = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'retry', ...half.value }));
    if (!retried.ok) throw new Error(retried.error.message);
    expect(retried.value.theirs.state).toBe('changed');
    expect(retried.value.theirs.message).toMatch(/^Changed since you planned it: Alice Doe now covers/);
    expect(overridesOn(h, 'sch_solo')).toHaveLength(1);
  }, 60_000);

  it('the second side: a manager put me beside Carol once the first landed: said as that, nothing sent', async () => {
    h = await createHarness({ startMs: START, seed: pairSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
    const hh = h;
    // The manager's write lands right after the first side's answer, before the second side's re-read.
    const wrapClient = (c: OncallClient): OncallClient => ({
      ...c,
      createOverride: async (...a: Parameters<OncallClient['createOverride']>) => {
        const answer = await c.createOverride(...a);
        if (a[0] === 'sch_pair')
          hh.sim.state.addOverride('sch_solo', { ...ms(THU), userIds: ['usr_carol', 'usr_me'] }, hh.clock.now());
        return answer;
      },
    });
    const engine = h.engine({ wrapClient });
    await engine.start();
    await h.clock.advance(1_000);
    const answer = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.theirs.state).toBe('changed');
    // Carol is still on call; I was added beside her. It said "you now covers Thu …" (adversarial round).
    expect(answer.value.theirs.message).toMatch(
      /^Changed since you planned it: you are now on call with Carol Lee Thu /,
    );
    expect(answer.value.text).not.toMatch(/you now covers|you covers|you is/);
    expect(overridesOn(h, 'sch_solo')).toHaveLength(1);
  }, 60_000);

  it('hand back: a manager gave my Tue to someone else meanwhile, so handing it back writes nothing', async () => {
    const { h, engine } = await world();
    h.sim.faults.set('createOverride', { status: 502, times: 1, pathIncludes: 'sch_solo' });
    const half = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!half.ok) throw new Error(half.error.message);
    // Carol covers my Tue (beside Bob) now; the manager replaces Bob by Alice there.
    h.sim.state.addOverride('sch_pair', { ...ms(TUE), userIds: ['usr_carol', 'usr_alice'] }, h.clock.now());
    const before = overridesOn(h, 'sch_pair').length;
    // A 5xx may still be applied: Hand back waits out the settle (adv48 round 13 #1).
    await h.clock.advance(SETTLE_MS);
    const back = await h.clock.runWhileAdvancing(
      engine.handlers['swap:settle']({ action: 'hand-back', ...half.value }),
    );
    if (!back.ok) throw new Error(back.error.message);
    // My landed side changed since it landed: said so (Retry's words, adv48 r39 F1), no hand back is sent.
    expect(back.value.back).toBeNull();
    // Carol is still on call there: Alice is beside her (not "covers", which said Carol had gone).
    expect(back.value.mine.message).toMatch(/^Changed since it landed: Alice Doe is now on call with Carol Lee Tue /);
    expect(overridesOn(h, 'sch_pair')).toHaveLength(before);
  }, 60_000);
});

describe('take over: on who holds the schedule now', () => {
  it('"from Carol" after a manager gave the time to Alice: refused, saying who is on call now', async () => {
    const { h, engine } = await world();
    const now = h.clock.now();
    h.sim.state.addOverride(
      'sch_solo',
      { startMs: now - 3_600_000, endMs: now + 6 * 3_600_000, userIds: ['usr_alice'] },
      now,
    );
    const taken = await h.clock.runWhileAdvancing(
      engine.handlers['take-over:now']({ scheduleId: 'sch_solo', fromEmail: 'carol@example.com' }),
    );
    expect(!taken.ok && taken.error.message).toMatch(
      /carol@example.com is not on call on this schedule now \(on call now: Alice Doe\)/,
    );
    expect(overridesOn(h, 'sch_solo')).toHaveLength(1);
  }, 60_000);
});
