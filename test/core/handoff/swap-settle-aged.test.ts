// Issue 48, adversarial round 35 (the tester's suspicion): a swap's second side refused by the service (a 502 that
// saved nothing), then Retry, Hand back, or Swap pressed again more than 10 minutes later, once the shift read has
// aged past fresh, nothing changed at the service: each re-reads the service and writes what it must, never "who
// else is on call changes". Real engine, simulator, fake clock; what is intended is computed from the rotation.
import { afterEach, describe, expect, it } from 'vitest';
import type { OncallClient } from '../../../electron/api/client-types';
import type { Engine } from '../../../electron/core/engine/types';
import type { SwapResult } from '../../../electron/shared/handoff';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const DAY = 86_400_000;
const MIN = 60_000;
const ROTATION_START = Date.parse('2026-03-20T08:00:00Z');
const ORDER = ['usr_me', 'usr_alice', 'usr_bob'];
const START = Date.parse('2026-03-23T10:00:00Z');
const [THU, FRI] = [Date.parse('2026-03-26T08:00:00Z'), Date.parse('2026-03-27T08:00:00Z')];
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const holderOf = (ms: number) => ORDER[Math.floor((ms - ROTATION_START) / DAY) % ORDER.length]!;
const SWAP = {
  mine: { scheduleId: 'sch_d', start: iso(THU), end: iso(THU + DAY) },
  theirs: { scheduleId: 'sch_d', start: iso(FRI), end: iso(FRI + DAY), email: 'alice@example.com' },
};

let w: { h: Harness; engine: Engine } | undefined;
afterEach(async () => {
  await w?.engine.stop();
  await w?.h.close();
  w = undefined;
});

/** A swap at start whose second write the service refuses with a 502 (nothing saved); then `minutes` pass. */
async function halfSwapped(minutes: number): Promise<{ h: Harness; engine: Engine; half: SwapResult }> {
  const daily = { zone: 'Etc/UTC', rotationStart: iso(ROTATION_START), length: { amount: 1, unit: 'days' as const } };
  const h = await createHarness({
    startMs: START,
    seed: seedOf([{ id: 'sch_d', name: 'Daily', userIds: ORDER, ...daily }]),
  });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_d'] });
  let creates = 0;
  const wrapClient = (c: OncallClient): OncallClient => ({
    ...c,
    createOverride: (...a: Parameters<OncallClient['createOverride']>) => {
      if (++creates === 2) h.sim.faults.set('createOverride', { status: 502, times: 1 });
      return c.createOverride(...a);
    },
  });
  w = { h, engine: h.engine({ wrapClient }) };
  await w.engine.start();
  await h.clock.advance(1_000);
  const half = await h.clock.runWhileAdvancing(w.engine.handlers['swap:create'](SWAP));
  if (!half.ok) throw new Error(half.error.message);
  await h.clock.advance(minutes * MIN);
  return { h, engine: w.engine, half: half.value };
}

const overrides = (h: Harness) =>
  (h.sim.state.schedules.get('sch_d')?.overrides ?? []).map((o) => ({ startMs: o.startMs, userIds: o.userIds }));
const MINE = { startMs: THU, userIds: ['usr_alice'] };
const THEIRS = { startMs: FRI, userIds: ['usr_me'] };

describe('a half swap settled more than 10 minutes later, nothing changed at the service', () => {
  it('the world is as computed: my Thu, her Fri; the first side landed, the second did not', async () => {
    const { h, half } = await halfSwapped(0);
    expect([holderOf(THU), holderOf(FRI)]).toEqual(['usr_me', 'usr_alice']);
    expect(half.mine.state).toBe('handed_off');
    expect(half.theirs.state).not.toBe('handed_off');
    expect(overrides(h)).toEqual([MINE]);
  }, 60_000);

  for (const minutes of [15, 60])
    it(`Retry after ${minutes} min writes the second side`, async () => {
      const { h, engine, half } = await halfSwapped(minutes);
      const r = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'retry', ...half }));
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.text).not.toMatch(/changes within/);
      expect([r.value.mine.state, r.value.theirs.state]).toEqual(['handed_off', 'handed_off']);
      expect(overrides(h)).toEqual([MINE, THEIRS]);
    }, 60_000);

  it('Swap pressed again after 15 min writes the second side only', async () => {
    const { h, engine } = await halfSwapped(15);
    const r = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.mine.state, r.value.theirs.state]).toEqual(['handed_off', 'handed_off']);
    expect(overrides(h)).toEqual([MINE, THEIRS]);
  }, 60_000);

  it('Hand back after 15 min puts me back over my Thu', async () => {
    const { h, engine, half } = await halfSwapped(15);
    const r = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'hand-back', ...half }));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.back?.state).toBe('handed_off');
    expect(overrides(h)).toEqual([MINE, { startMs: THU, userIds: ['usr_me'] }]);
  }, 60_000);
});
