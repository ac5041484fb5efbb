// adv48 round 14 #1, every flow: while a write of this app on a schedule is unsettled (answered 504, applied 30 s
// late), a write of another flow over part of its time sends nothing and says which write it waits for. An away item
// is "not sent" with that sentence (before: "outcome unknown", then "Can't confirm it: its answer never came" of a
// write that never left); the form names the other write. Simulator, real engine, fake clock.
// Solo: daily handoffs at 08:00 UTC among me, Bob, Carol from 3/20; I am on call 3/26 08:00Z – 3/27 08:00Z.
import { afterEach, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-26T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const H = 3_600_000;

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

async function world(): Promise<{ h: Harness; engine: Engine }> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_bob', 'usr_carol'], ...daily }]);
  const hh = await createHarness({ startMs: START, seed, revisionMoves: true });
  h = hh;
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = hh.engine();
  await engine.start();
  await hh.clock.advance(1_000);
  hh.sim.faults.set('createOverride', { status: 504, applyAfterMs: 30_000, times: 1 });
  return { h: hh, engine };
}

const creates = (x: Harness) => x.sim.requests.count({ route: 'createOverride' });
const CAROL_NOON = {
  scheduleId: 'sch_solo',
  window: { kind: 'custom' as const, start: iso(START + 2 * H), end: iso(START + 4 * H) },
  emails: ['carol@example.com'],
};
const WAITS =
  /^Can't confirm yet — checking: an earlier write here may still land \(an override, putting Carol \S* ?on call .*so nothing was sent\. Try again from /;

describe('a write of another flow while one here is unsettled', () => {
  it('an away item over the form’s 504 is not sent, says so naming it, and never says it may have landed', async () => {
    const { h: hh, engine } = await world();
    const form = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](CAROL_NOON));
    expect(form.ok && form.value.status).toBe('not_created');
    await hh.clock.advance(8_000);
    const item = {
      scheduleId: 'sch_solo',
      start: iso(START),
      end: '2026-03-27T08:00:00.000Z',
      email: 'bob@example.com',
    };
    await hh.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items: [item] }));
    await hh.clock.runWhileAdvancing(engine.handoffIdle());
    const got = await hh.clock.runWhileAdvancing(engine.handlers['handoff:get'](null));
    const said = got.ok ? got.value.run?.items[0] : undefined;
    expect(said?.state).toBe('not_sent');
    expect(said?.message).toMatch(WAITS);
    expect(creates(hh)).toBe(1);
    // The late write lands; the item never claims a write of its own that was never sent.
    await hh.clock.advance(SETTLE_MS);
    await hh.clock.runWhileAdvancing(engine.handoffIdle());
    const later = await hh.clock.runWhileAdvancing(engine.handlers['handoff:get'](null));
    const after = later.ok ? later.value.run?.items[0] : undefined;
    expect(after?.message ?? '').not.toMatch(/its answer never came/);
    expect(creates(hh)).toBe(1);
  }, 30_000);

  it('a form for other people over the form’s 504 waits, naming the earlier override', async () => {
    const { h: hh, engine } = await world();
    await hh.clock.runWhileAdvancing(
      engine.handlers['override:create']({
        ...CAROL_NOON,
        window: { kind: 'custom', start: iso(START + H), end: '2026-03-27T08:00:00.000Z' },
      }),
    );
    await hh.clock.advance(8_000);
    const form = await hh.clock.runWhileAdvancing(
      engine.handlers['override:create']({ ...CAROL_NOON, emails: ['bob@example.com'] }),
    );
    expect(!form.ok && form.error.kind).toBe('service_wait');
    expect(!form.ok && form.error.message).toMatch(/an earlier write here may still land \(an override, putting Carol/);
    expect(creates(hh)).toBe(1);
  }, 30_000);
});
