// Issue 48, adversarial round 35: a plain one-person daily swap pressed more than 10 minutes after the app's first
// read (nothing changed at the service) was refused "who else is on call changes within …": the background check
// had aged the shift read past fresh, the plan no longer listed my block, and the swap judged that as a change
// instead of reading again (away's Create already did). The swap now reads the service again and writes both sides;
// a read that fails is said as not checked; a manager's real change is said as changed. Real engine, simulator,
// fake clock; who holds each day is computed here from the rotation, and what landed is read from the simulator.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const DAY = 86_400_000;
const MIN = 60_000;
const ROTATION_START = Date.parse('2026-03-20T08:00:00Z');
const ORDER = ['usr_me', 'usr_alice', 'usr_bob'];
const START = Date.parse('2026-03-23T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
/** Who the rotation has on call on the day starting at `ms` (08:00Z hand-over, one at a time). */
const holderOf = (ms: number) => ORDER[Math.floor((ms - ROTATION_START) / DAY) % ORDER.length]!;
const dayAt = (date: string) => Date.parse(`${date}T08:00:00Z`);

let w: { h: Harness; engine: Engine } | undefined;
afterEach(async () => {
  await w?.engine.stop();
  await w?.h.close();
  w = undefined;
});

async function world(): Promise<{ h: Harness; engine: Engine }> {
  const seed = seedOf([
    {
      id: 'sch_d',
      name: 'Daily',
      userIds: ORDER,
      zone: 'Etc/UTC',
      rotationStart: iso(ROTATION_START),
      length: { amount: 1, unit: 'days' },
    },
  ]);
  const h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_d'] });
  w = { h, engine: h.engine() };
  await w.engine.start();
  await h.clock.advance(1_000);
  return { h, engine: w.engine };
}

const overrides = (h: Harness) =>
  (h.sim.state.schedules.get('sch_d')?.overrides ?? []).map((o) => ({ startMs: o.startMs, userIds: o.userIds }));

function swapOf(h: Harness, engine: Engine, mineMs: number, theirsMs: number) {
  return h.clock.runWhileAdvancing(
    engine.handlers['swap:create']({
      mine: { scheduleId: 'sch_d', start: iso(mineMs), end: iso(mineMs + DAY) },
      theirs: { scheduleId: 'sch_d', start: iso(theirsMs), end: iso(theirsMs + DAY), email: 'alice@example.com' },
    }),
  );
}

/** The two overrides a swap of my day for Alice's must leave, from the rotation: she over mine, me over hers. */
function intended(mineMs: number, theirsMs: number) {
  expect([holderOf(mineMs), holderOf(theirsMs)]).toEqual(['usr_me', 'usr_alice']);
  return [
    { startMs: mineMs, userIds: ['usr_alice'] },
    { startMs: theirsMs, userIds: ['usr_me'] },
  ];
}

const THU = dayAt('2026-03-26');
const FRI = dayAt('2026-03-27');

describe('swap pressed minutes after the first read, nothing changed at the service', () => {
  for (const minutes of [0, 5, 11, 12, 13, 20, 60])
    it(`after ${minutes} min: both sides written, said swapped`, async () => {
      const { h, engine } = await world();
      await h.clock.advance(minutes * MIN);
      const a = await swapOf(h, engine, THU, FRI);
      if (!a.ok) throw new Error(a.error.message);
      expect([a.value.mine.state, a.value.theirs.state]).toEqual(['handed_off', 'handed_off']);
      expect(overrides(h)).toEqual(intended(THU, FRI));
    }, 60_000);

  it('pressed again at 60 min after a first press at 15 min (both refused before): written once', async () => {
    const { h, engine } = await world();
    await h.clock.advance(15 * MIN);
    await swapOf(h, engine, THU, FRI);
    await h.clock.advance(45 * MIN);
    const a = await swapOf(h, engine, THU, FRI);
    if (!a.ok) throw new Error(a.error.message);
    expect(overrides(h)).toEqual(intended(THU, FRI));
  }, 60_000);

  for (const [name, mine, theirs] of [
    ['next week (Sun 29 mine, Mon 30 hers)', '2026-03-29', '2026-03-30'],
    ['hers before mine (Tue 24 hers, Thu 26 mine)', '2026-03-26', '2026-03-24'],
  ] as const)
    it(`other blocks at 15 min, ${name}`, async () => {
      const { h, engine } = await world();
      await h.clock.advance(15 * MIN);
      const a = await swapOf(h, engine, dayAt(mine), dayAt(theirs));
      if (!a.ok) throw new Error(a.error.message);
      expect(overrides(h)).toEqual(intended(dayAt(mine), dayAt(theirs)));
    }, 60_000);

  it('control: Refresh pressed just before, at 15 min', async () => {
    const { h, engine } = await world();
    await h.clock.advance(15 * MIN);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    const a = await swapOf(h, engine, THU, FRI);
    if (!a.ok) throw new Error(a.error.message);
    expect(overrides(h)).toEqual(intended(THU, FRI));
  }, 60_000);
});

describe('swap after the read aged: what can not be read, and what changed', () => {
  it('the read again fails: said as not checked, never "who else is on call changes"; nothing sent', async () => {
    const { h, engine } = await world();
    await h.clock.advance(15 * MIN);
    h.sim.faults.set('listShifts', { status: 500, times: 1_000 });
    const a = await swapOf(h, engine, THU, FRI);
    expect(a.ok).toBe(false);
    const message = a.ok ? '' : a.error.message;
    expect(message).not.toMatch(/who else is on call changes/);
    expect(message).toMatch(/can’t read all of Thu .* so it can’t check what you planned there/);
    expect(overrides(h)).toEqual([]);
  }, 60_000);

  it('a manager gave my Thu to Bob after the read aged: said as changed (Bob named), nothing sent', async () => {
    const { h, engine } = await world();
    await h.clock.advance(15 * MIN);
    h.sim.state.addOverride('sch_d', { startMs: THU, endMs: THU + DAY, userIds: ['usr_bob'] }, h.clock.now());
    const a = await swapOf(h, engine, THU, FRI);
    const text = a.ok ? a.value.text : a.error.message;
    const bob = h.sim.state.users.get('usr_bob')?.name ?? 'unnamed';
    expect(text).toMatch(new RegExp(`${bob} now covers`));
    expect(text).not.toMatch(/who else is on call changes/);
    expect(overrides(h)).toEqual([{ startMs: THU, userIds: ['usr_bob'] }]);
  }, 60_000);
});
