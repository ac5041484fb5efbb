// Swap on a schedule where two people are on call at once: a teammate's shift that overlaps my block there is not
// two separate times, so the two overrides would fight over the shared time and the service would not show a swap.
// Main refuses it before sending anything; the same overlap on another schedule of the account is a real swap.
// The same rule holds for I'm away (shared/swap-rules.ts firstOverlap): two items over the same time of one schedule
// were sent one after the other, and the second was told as "Changed since you planned it: Bob Stone now covers…",
// the app's own first write worded as a manager's change (adversarial round; failed before).
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness } from '../support/engine-harness';
import { overridesOn, startPairWorld } from './support/pair-world';

// My Tue on the pair schedule (with Bob); Bob's block there runs Tue–Thu 08:00, over mine.
const MY_TUE = { scheduleId: 'sch_pair', start: '2026-03-24T08:00:00Z', end: '2026-03-25T08:00:00Z' };
const BOB_TUE_WED = { start: '2026-03-24T08:00:00Z', end: '2026-03-26T08:00:00Z', email: 'bob@example.com' };

async function started(): Promise<{ h: Harness; engine: Engine }> {
  const world = await startPairWorld();
  return world;
}

describe('swap with a shift that overlaps mine', () => {
  it('on the same schedule (two on call at once): refused before anything is sent, saying why and what to do', async () => {
    const { h, engine } = await started();
    const theirs = { scheduleId: 'sch_pair', ...BOB_TUE_WED };
    const answer = await h.clock.runWhileAdvancing(engine.handlers['swap:create']({ mine: MY_TUE, theirs }));
    // What the user is told, whichever way it went, then what reached the service.
    expect(answer.ok ? answer.value.text : answer.error.message).toBe(
      'Nothing was sent: their shift overlaps yours on this schedule (you are both on call then), so the two covers would clash over that time. Pick a shift of theirs that doesn’t overlap yours, or use “I’m away” to hand yours off.',
    );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
    expect(overridesOn(h, 'sch_pair')).toEqual([]);
    expect(!answer.ok && answer.error.kind).toBe('validation');
  }, 60_000);

  it('starting inside my block and running past it: refused too, nothing sent', async () => {
    const { h, engine } = await started();
    // Bob's part of the pair's Tue is mine too; from Wed 08:00 he is on with Alice. A window from Tue 20:00 on.
    const theirs = { scheduleId: 'sch_pair', ...BOB_TUE_WED, start: '2026-03-24T20:00:00Z' };
    const answer = await h.clock.runWhileAdvancing(engine.handlers['swap:create']({ mine: MY_TUE, theirs }));
    expect(answer.ok ? answer.value.text : answer.error.message).toMatch(
      /^Nothing was sent: their shift overlaps yours/,
    );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);

  it('on another schedule of the account: a swap, and the service shows both sides', async () => {
    const { h, engine } = await started();
    // Carol's Tue 20:00 – Wed 08:00 on Solo, inside my Tue on Pair: I am on call on Solo instead of Pair then.
    const theirs = {
      scheduleId: 'sch_solo',
      email: 'carol@example.com',
      start: '2026-03-24T20:00:00Z',
      end: MY_TUE.end,
    };
    const answer = await h.clock.runWhileAdvancing(engine.handlers['swap:create']({ mine: MY_TUE, theirs }));
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.text).toMatch(/^Swapped: Carol Lee covers your /);
    const who = (id: string) => overridesOn(h, id).map((o) => [[...o.userIds].sort().join(), o.startMs, o.endMs]);
    const at = (iso: string) => Date.parse(iso);
    // Carol replaces me over my Tue, Bob (on with me) stays; I replace Carol over her evening.
    expect(who('sch_pair')).toEqual([['usr_bob,usr_carol', at(MY_TUE.start), at(MY_TUE.end)]]);
    expect(who('sch_solo')).toEqual([['usr_me', at(theirs.start), at(theirs.end)]]);
  }, 60_000);
});

describe('I’m away with two items over the same time of one schedule', () => {
  const MON = { scheduleId: 'sch_pair', start: '2026-03-23T08:00:00Z', end: '2026-03-24T08:00:00Z' };
  it.each([
    ['inside one another', { start: '2026-03-23T12:00:00Z', end: '2026-03-23T20:00:00Z' }, 'Carol Lee'],
    [
      'running past it, to the same person',
      { start: '2026-03-23T20:00:00Z', end: '2026-03-24T02:00:00Z' },
      'Bob Stone',
    ],
  ])(
    '%s: refused before anything is sent, as a swap’s sides are',
    async (_case, second, secondName) => {
      const { h, engine } = await started();
      const email = secondName === 'Bob Stone' ? 'bob@example.com' : 'carol@example.com';
      const items = [
        { ...MON, email: 'bob@example.com' },
        { ...MON, ...second, email },
      ];
      const answer = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
      const who = secondName === 'Bob Stone' ? 'Bob Stone twice' : 'Bob Stone and Carol Lee';
      expect(answer.ok ? answer.value.run?.items.map((i) => i.message) : answer.error.message).toBe(
        `Nothing was sent: two of these hand-offs overlap on Pair (${who} for the same time), so one cover would be written over the other. Hand off each time once.`,
      );
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
      expect(overridesOn(h, 'sch_pair')).toEqual([]);
    },
    60_000,
  );

  it('back to back on one schedule, or the same time on two schedules: both sent', async () => {
    const { h, engine } = await started();
    const items = [
      { ...MON, end: '2026-03-23T12:00:00Z', email: 'bob@example.com' },
      { ...MON, start: '2026-03-23T12:00:00Z', email: 'carol@example.com' },
    ];
    const answer = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.run?.items.map((i) => i.state)).toEqual(['handed_off', 'handed_off']);
    expect(overridesOn(h, 'sch_pair')).toHaveLength(2);
  }, 60_000);
});
