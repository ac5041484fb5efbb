// Issue 48, adversarial round 1 (findings 1 and 5): "Hand back" is a cover like every other write of a plan. It
// carries what its offer showed, re-reads the rest of my take-over from the service, and applies the rules every flow
// shares: a manager's change since (a partner changed, the person handed back to is already on call with me, someone
// holds part of the window) is said ("Changed since you planned it: …") and nothing is sent. Before, the hand back
// left a two-person schedule with one person, or was clipped silently where a manager's block began.
// Daily handoffs at 08:00 UTC. Solo: Carol today (3/25). Pair (two at once): Bob and Carol today.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const SHIFT_END = '2026-03-26T08:00:00Z';
const HOUR = 3_600_000;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function started(): Promise<{ h: Harness; engine: Engine }> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const s = seedOf([
    { id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily },
    { id: 'sch_pair', name: 'Pair', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily },
  ]);
  const pair = s.schedules[1]?.layers[0];
  if (pair) pair.concurrent_oncall_users = 2;
  h = await createHarness({ startMs: START, seed: s });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo', 'sch_pair'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

const overridesOf = (hh: Harness, id: string) => hh.sim.state.schedules.get(id)?.overrides ?? [];
const manager = (hh: Harness, id: string, startMs: number, endMs: number, userIds: string[]) =>
  hh.sim.state.addOverride(id, { startMs, endMs, userIds }, hh.clock.now());
const offer = (engine: Engine, id: string) =>
  engine.getState().schedules.find((s) => s.id === id)?.takeOverOptions?.handBack ?? null;
const seenOf = (back: NonNullable<ReturnType<typeof offer>>) => ({
  to: back.to.map((p) => p.email),
  until: back.until,
});

async function tookOver(hh: Harness, engine: Engine, id: string, from: string) {
  const res = await hh.clock.runWhileAdvancing(engine.handlers['take-over:now']({ scheduleId: id, fromEmail: from }));
  expect(res.ok && res.value.outcome.status).toBe('created');
  await hh.clock.advance(HOUR);
}

describe('hand back: the schedule changed since the take-over', () => {
  it('the one handed back to is already on call with me (two-person schedule): refused, the schedule keeps two', async () => {
    const { h, engine } = await started();
    await tookOver(h, engine, 'sch_pair', 'carol@example.com'); // me + Bob
    manager(h, 'sch_pair', START + 2 * HOUR, Date.parse(SHIFT_END), ['usr_me', 'usr_carol']);
    await h.clock.advance(60_000);
    const res = await h.clock.runWhileAdvancing(engine.handlers['take-over:hand-back']({ scheduleId: 'sch_pair' }));
    expect(!res.ok && res.error.kind).toBe('changed_since_planned');
    expect(!res.ok && res.error.message).toMatch(
      /^Changed since you planned it: Carol Lee is now on call with you .*Nothing was sent/,
    );
    expect(overridesOf(h, 'sch_pair')).toHaveLength(2); // my take-over and the manager's
  }, 60_000);

  it('a manager holds part of my take-over: said, nothing sent, whatever the offer showed', async () => {
    const { h, engine } = await started();
    await tookOver(h, engine, 'sch_solo', 'carol@example.com');
    const seen = seenOf(offer(engine, 'sch_solo') ?? { to: [], until: '' });
    expect(seen.until).toBe(SHIFT_END);
    manager(h, 'sch_solo', START + 3 * HOUR, START + 5 * HOUR, ['usr_bob']);
    await h.clock.advance(60_000);
    for (const request of [{ scheduleId: 'sch_solo', seen }, { scheduleId: 'sch_solo' }]) {
      const res = await h.clock.runWhileAdvancing(engine.handlers['take-over:hand-back'](request));
      expect(!res.ok && res.error.kind).toBe('changed_since_planned');
      expect(!res.ok && res.error.message).toMatch(
        /^Changed since you planned it: Bob Stone now covers .*Nothing was sent/,
      );
    }
    expect(overridesOf(h, 'sch_solo')).toHaveLength(2);
    // Not offered again while the manager's block is ahead: its write would be refused (adv48 r21).
    expect(offer(engine, 'sch_solo')).toBeNull();
  }, 60_000);

  // Adv48 round 6 #4: a manager's block over now (the head of my take-over) said "nothing to hand back here" though the
  // schedule still has me on call later through my take-over.
  it('a manager holds the part of my take-over that is now: said with when I am on again, nothing sent', async () => {
    const { h, engine } = await started();
    await tookOver(h, engine, 'sch_solo', 'carol@example.com');
    const seen = seenOf(offer(engine, 'sch_solo') ?? { to: [], until: '' });
    manager(h, 'sch_solo', START + HOUR - 60_000, START + 5 * HOUR - 60_000, ['usr_bob']);
    await h.clock.advance(60_000);
    for (const request of [{ scheduleId: 'sch_solo', seen }, { scheduleId: 'sch_solo' }]) {
      const res = await h.clock.runWhileAdvancing(engine.handlers['take-over:hand-back'](request));
      expect(!res.ok && res.error.kind).toBe('changed_since_planned');
      const message = res.ok ? '' : res.error.message;
      expect(message).toMatch(/^Changed since you planned it: Bob Stone now covers .*; you are on call again .*/);
      expect(message).toMatch(/Nothing was sent/);
    }
    expect(overridesOf(h, 'sch_solo')).toHaveLength(2);
  }, 60_000);

  it('my partner changed: the partner who left is not brought back', async () => {
    const { h, engine } = await started();
    await tookOver(h, engine, 'sch_pair', 'carol@example.com'); // me + Bob
    manager(h, 'sch_pair', START + 2 * HOUR, Date.parse(SHIFT_END), ['usr_me', 'usr_alice']);
    await h.clock.advance(60_000);
    const res = await h.clock.runWhileAdvancing(engine.handlers['take-over:hand-back']({ scheduleId: 'sch_pair' }));
    expect(!res.ok && res.error.message).toMatch(/Alice Doe is now on call with you/);
    expect(overridesOf(h, 'sch_pair')).toHaveLength(2);
  }, 60_000);

  it('the offer the user confirmed is no longer the hand back (it now ends earlier): said, nothing sent', async () => {
    const { h, engine } = await started();
    await tookOver(h, engine, 'sch_solo', 'carol@example.com');
    const seen = seenOf(offer(engine, 'sch_solo') ?? { to: [], until: '' });
    manager(h, 'sch_solo', START + 6 * HOUR, Date.parse(SHIFT_END), ['usr_bob']);
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['take-over:hand-back']({ scheduleId: 'sch_solo', seen }),
    );
    expect(!res.ok && res.error.message).toMatch(
      /^Changed since you planned it: the hand back to Carol Lee now runs until .*, not /,
    );
    expect(overridesOf(h, 'sch_solo')).toHaveLength(2);
  }, 60_000);

  it('unchanged: sent once, as the offer showed', async () => {
    const { h, engine } = await started();
    await tookOver(h, engine, 'sch_pair', 'carol@example.com');
    const seen = seenOf(offer(engine, 'sch_pair') ?? { to: [], until: '' });
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['take-over:hand-back']({ scheduleId: 'sch_pair', seen }),
    );
    expect(res.ok && res.value.outcome.status).toBe('created');
    expect(res.ok && [...res.value.covering].sort()).toEqual(['bob@example.com', 'carol@example.com']);
    expect(overridesOf(h, 'sch_pair')).toHaveLength(2);
  }, 60_000);
});

// Adversarial round 4 (minor): a manager put me on the hours right after my take-over (the block grew). The hand back
// wrote Carol to the take-over's end and left me on call past it with no word; away and swap call a grown block a
// change. The take-over keeps where I was off call after it; a hand back reads that far, and says so.
describe('hand back: my block grew past the take-over since', () => {
  it('a manager added me for 4 h right after it: said as changed, nothing sent', async () => {
    const { h, engine } = await started();
    await tookOver(h, engine, 'sch_solo', 'carol@example.com');
    const end = Date.parse(SHIFT_END);
    manager(h, 'sch_solo', end, end + 4 * HOUR, ['usr_me']);
    await h.clock.advance(60_000);
    const res = await h.clock.runWhileAdvancing(engine.handlers['take-over:hand-back']({ scheduleId: 'sch_solo' }));
    expect(!res.ok && res.error.kind).toBe('changed_since_planned');
    expect(!res.ok && res.error.message).toMatch(
      /^Changed since you planned it: you are now on call .*Nothing was sent/,
    );
    expect(overridesOf(h, 'sch_solo')).toHaveLength(2);
  }, 60_000);

  // Round 5 (finding 1): the same rule on a two-person schedule, with the offer's `seen` as the renderer sends it.
  it('two-person schedule: a manager added me (with Bob) for 4 h right after it: said as changed, nothing sent', async () => {
    const { h, engine } = await started();
    await tookOver(h, engine, 'sch_pair', 'carol@example.com');
    const back = offer(engine, 'sch_pair');
    expect(back).not.toBeNull();
    const end = Date.parse(SHIFT_END);
    manager(h, 'sch_pair', end, end + 4 * HOUR, ['usr_me', 'usr_bob']);
    await h.clock.advance(60_000);
    const request = { scheduleId: 'sch_pair', ...(back ? { seen: seenOf(back) } : {}) };
    const res = await h.clock.runWhileAdvancing(engine.handlers['take-over:hand-back'](request));
    expect(!res.ok && res.error.kind).toBe('changed_since_planned');
    expect(!res.ok && res.error.message).toMatch(
      /^Changed since you planned it: you are now on call .*Nothing was sent/,
    );
    expect(overridesOf(h, 'sch_pair')).toHaveLength(2);
  }, 60_000);
});
