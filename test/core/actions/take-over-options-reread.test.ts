// adv48 round 7 (minor): after a take-over landed and a manager then put the person back, "take-over:options"
// offered "Hand back to Carol until …" from the state as last read, while Carol was already on call again. The
// options are read again first: they rest on what the service holds now. Real engine, the simulator, a fake clock.
// Solo (UTC, daily at 08:00): Carol today (Wed 25 Mar), Alice tomorrow.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const SHIFT_END = Date.parse('2026-03-26T08:00:00Z');

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('take-over options after a manager’s change the app has not read yet', () => {
  it('offer no hand back to someone the service already shows on call again', async () => {
    const seed = seedOf([
      {
        id: 'sch_solo',
        name: 'Solo',
        userIds: ['usr_alice', 'usr_bob', 'usr_carol'],
        zone: 'Etc/UTC',
        rotationStart: '2026-03-20T08:00:00Z',
        length: { amount: 1, unit: 'days' },
      },
    ]);
    h = await createHarness({ startMs: START, seed });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(1_000);
    const taken = await h.clock.runWhileAdvancing(engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }));
    expect(taken.ok && taken.value.outcome.status).toBe('created');
    const offered = async () => {
      const all = await h!.clock.runWhileAdvancing(engine.handlers['take-over:options'](null));
      return all.ok ? all.value.find((o) => o.scheduleId === 'sch_solo') : undefined;
    };
    expect((await offered())?.handBack?.to.map((p) => p.email)).toEqual(['carol@example.com']);
    // Three minutes later a manager puts Carol back until her shift ends; no refresh has run since.
    await h.clock.advance(3 * 60_000);
    h.sim.state.addOverride(
      'sch_solo',
      { startMs: h.clock.now(), endMs: SHIFT_END, userIds: ['usr_carol'] },
      h.clock.now(),
    );
    const now = await offered();
    expect(now?.handBack).toBeNull();
    expect(now?.takeOver?.from.map((p) => p.email)).toEqual(['carol@example.com']);
  }, 30_000);
});
