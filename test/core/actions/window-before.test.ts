// adv48 r25 #1: a write answered 502 (nothing saved), its 2 minutes pass, then a manager edits the SAME schedule far
// from the write's window (another day). The schedule's revision moves, but the write's own window holds exactly what
// it held when the write was sent. Retry (away, swap), Create again (the form) and Take over again each send it once,
// never "the schedule changed" of a window nobody touched, never "its answer never came" of a 502. A real change in
// the window is still said and nothing is written there. Real engine, the simulator on loopback, a fake clock; the
// expected overrides are built here from the plan (Pair: two on call at once, pair-world.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness } from '../support/engine-harness';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { overridesOn, pairSeed, startPairWorld, SWAP, windowMs } from '../handoff/support/pair-world';

const THU = { scheduleId: 'sch_pair', start: '2026-03-26T08:00:00Z', end: '2026-03-27T08:00:00Z' };
const day = (d: number) => ({
  startMs: Date.parse(`2026-03-${d}T08:00:00Z`),
  endMs: Date.parse(`2026-03-${d + 1}T08:00:00Z`),
});
const NOT_SAID = /changed after|answer never came|Changed since/;

let world: { h: Harness; engine: Engine } | undefined;
afterEach(async () => {
  await world?.engine.stop();
  await world?.h.close();
  world = undefined;
});

const line = (w: { startMs: number; endMs: number }, ids: readonly string[]) =>
  `${new Date(w.startMs).toISOString()} ${new Date(w.endMs).toISOString()} ${[...ids].sort().join()}`;
/** The overrides on Pair, as "start end people" (ids sorted), to compare with the ones built from the plan. */
const pairOverrides = (h: Harness) =>
  overridesOn(h, 'sch_pair')
    .map((o) => line(o, o.userIds))
    .sort();
const managerSets = (h: Harness, w: { startMs: number; endMs: number }, userIds: string[]) =>
  h.sim.state.addOverride('sch_pair', { ...w, userIds }, h.clock.now());

describe('after a 502, a manager edit on another day of the same schedule', () => {
  for (const restart of [false, true])
    it(`away Retry hands Thu off once (Mon edited to me alone; restart: ${restart})`, async () => {
      world = await startPairWorld();
      const { h } = world;
      h.sim.faults.set('createOverride', { status: 502, times: 1 });
      const item = { ...THU, email: 'bob@example.com' };
      await h.clock.runWhileAdvancing(world.engine.handlers['handoff:create']({ items: [item] }));
      expect(overridesOn(h, 'sch_pair')).toEqual([]);
      managerSets(h, day(23), ['usr_me']);
      // Inside the settle: checking, nothing sent, worded as the error answer it was.
      const early = await h.clock.runWhileAdvancing(world.engine.handlers['handoff:retry'](null));
      await h.clock.runWhileAdvancing(world.engine.handoffIdle());
      const earlyText = early.ok ? (early.value.run?.items[0]?.message ?? '') : early.error.message;
      expect(earlyText).toMatch(/checking/);
      expect(earlyText).not.toMatch(NOT_SAID);
      expect(pairOverrides(h)).toEqual([line(day(23), ['usr_me'])]);
      if (restart) {
        await world.engine.stop();
        world = { h, engine: h.engine() };
        await world.engine.start();
      }
      await h.clock.advance(SETTLE_MS + 60_000);
      for (let i = 0; i < 2; i++) {
        await h.clock.runWhileAdvancing(world.engine.handlers['handoff:retry'](null));
        await h.clock.runWhileAdvancing(world.engine.handoffIdle());
      }
      const got = await world.engine.handlers['handoff:get'](null);
      const it0 = got.ok ? got.value.run?.items[0] : undefined;
      expect(it0?.state).toBe('handed_off');
      expect(it0?.message ?? '').not.toMatch(NOT_SAID);
      // Bob covers Thu with Alice (kept), once; Mon stays as the manager set it.
      expect(pairOverrides(h)).toEqual([line(day(23), ['usr_me']), line(day(26), ['usr_bob', 'usr_alice'])].sort());
    }, 60_000);

  it('away Retry: a change INSIDE Thu (Carol for Alice) is said and nothing is written there', async () => {
    world = await startPairWorld();
    const { h } = world;
    h.sim.faults.set('createOverride', { status: 502, times: 1 });
    await h.clock.runWhileAdvancing(
      world.engine.handlers['handoff:create']({ items: [{ ...THU, email: 'bob@example.com' }] }),
    );
    managerSets(h, day(26), ['usr_me', 'usr_carol']);
    await h.clock.advance(SETTLE_MS + 60_000);
    await h.clock.runWhileAdvancing(world.engine.handlers['handoff:retry'](null));
    await h.clock.runWhileAdvancing(world.engine.handoffIdle());
    const got = await world.engine.handlers['handoff:get'](null);
    const it0 = got.ok ? got.value.run?.items[0] : undefined;
    expect(it0?.state).toBe('changed');
    expect(it0?.message).toContain('Changed since you planned it');
    expect(pairOverrides(h)).toEqual([line(day(26), ['usr_me', 'usr_carol'])]);
  }, 60_000);

  it('swap Retry: my side 502, Sat edited, then Retry swaps once', async () => {
    world = await startPairWorld();
    const { h } = world;
    h.sim.faults.set('createOverride', { status: 502, times: 1, pathIncludes: '/schedules/sch_pair/' });
    const a = await h.clock.runWhileAdvancing(world.engine.handlers['swap:create'](SWAP));
    if (!a.ok) throw new Error(a.error.message);
    await h.clock.advance(SETTLE_MS + 60_000);
    managerSets(h, day(28), ['usr_carol']);
    const b = await h.clock.runWhileAdvancing(world.engine.handlers['swap:settle']({ ...a.value, action: 'retry' }));
    if (!b.ok) throw new Error(b.error.message);
    expect(b.value.mine.state).toBe('handed_off');
    expect(b.value.text).not.toMatch(NOT_SAID);
    // Carol takes my Tue (Bob kept), once; Sat stays the manager's.
    expect(pairOverrides(h)).toEqual(
      [line(windowMs(SWAP.mine), ['usr_carol', 'usr_bob']), line(day(28), ['usr_carol'])].sort(),
    );
    const solo = overridesOn(h, 'sch_solo').map((o) => line(o, o.userIds));
    expect(solo).toEqual([line(windowMs(SWAP.theirs), ['usr_me'])]);
  }, 60_000);

  it('override form: 502, Mon edited, Create again writes it once', async () => {
    world = await startPairWorld();
    const { h } = world;
    const w = { startMs: Date.parse(THU.start), endMs: Date.parse('2026-03-26T12:00:00Z') };
    const window = { kind: 'custom' as const, start: THU.start, end: '2026-03-26T12:00:00Z' };
    const req = { scheduleId: 'sch_pair', window, emails: ['bob@example.com', 'alice@example.com'] };
    h.sim.faults.set('createOverride', { status: 502, times: 1 });
    await h.clock.runWhileAdvancing(world.engine.handlers['override:create'](req));
    await h.clock.advance(SETTLE_MS + 60_000);
    managerSets(h, day(23), ['usr_carol']);
    const b = await h.clock.runWhileAdvancing(world.engine.handlers['override:create'](req));
    expect(b.ok && b.value.status).toBe('created');
    expect(pairOverrides(h)).toEqual([line(day(23), ['usr_carol']), line(w, ['usr_bob', 'usr_alice'])].sort());
  }, 60_000);

  it('take over: 502, Thu (days away) edited, Take over again writes it once', async () => {
    const T0 = Date.parse('2026-03-22T10:00:00Z');
    const h = await createHarness({ startMs: T0, seed: pairSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
    world = { h, engine: h.engine() };
    await world.engine.start();
    await h.clock.advance(1_000);
    const until = '2026-03-23T08:00:00Z';
    const seen = { onCall: ['alice@example.com', 'bob@example.com'], until };
    const request = { scheduleId: 'sch_pair', fromEmail: 'alice@example.com', seen };
    h.sim.faults.set('createOverride', { status: 502, times: 1 });
    await h.clock.runWhileAdvancing(world.engine.handlers['take-over:now'](request));
    await h.clock.advance(SETTLE_MS + 60_000);
    managerSets(h, day(26), ['usr_carol']);
    const pressMs = h.clock.now();
    const b = await h.clock.runWhileAdvancing(world.engine.handlers['take-over:now'](request));
    const outcome = b.ok ? b.value.outcome : undefined;
    expect(outcome?.status).toBe('created');
    // Me with Bob from the press (to the whole second, a little after it) until Alice's shift ends; Thu the manager's.
    const mine = overridesOn(h, 'sch_pair').filter((o) => o.userIds.includes('usr_me'));
    expect(mine).toHaveLength(1);
    expect([...mine[0]!.userIds].sort()).toEqual(['usr_bob', 'usr_me']);
    expect(mine[0]!.endMs).toBe(Date.parse(until));
    expect(mine[0]!.startMs).toBeGreaterThanOrEqual(Math.floor(pressMs / 1000) * 1000);
    expect(overridesOn(h, 'sch_pair')).toHaveLength(2);
  }, 60_000);
});
