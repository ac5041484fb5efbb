// adv48 round 8 #2: Hand back to someone who has left the schedule. I took over from Bob; then a manager took Bob
// off Solo's rotation (the schedule no longer lists him). The hand back the options offered before must not put him
// on call again: it says so and sends nothing, and the options, refreshed, no longer offer it.
// Against the simulator on a fake clock. Solo: Alice, Bob, Carol daily at 08:00 UTC; Bob holds Sat 3/21.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-21T10:00:00Z');
const BOB_END = '2026-03-22T08:00:00Z';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function world() {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily }]);
  const hh = await createHarness({ startMs: START, seed });
  h = hh;
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = hh.engine();
  await engine.start();
  await hh.clock.advance(1_000);
  return { h: hh, engine };
}

describe('hand back to a person who has left the schedule', () => {
  it('says Bob is no longer on Solo, sends nothing, and is no longer offered', async () => {
    const { h: hh, engine } = await world();
    const seen = { onCall: ['bob@example.com'], until: BOB_END };
    const took = await hh.clock.runWhileAdvancing(
      engine.handlers['take-over:now']({ scheduleId: 'sch_solo', fromEmail: 'bob@example.com', seen }),
    );
    expect(took.ok && took.value.outcome.status).toBe('created');
    await hh.clock.advance(60 * 60_000);
    const before = await hh.clock.runWhileAdvancing(engine.handlers['take-over:options'](null));
    const offer = before.ok ? before.value.find((o) => o.scheduleId === 'sch_solo')?.handBack : undefined;
    expect(offer?.to.map((p) => p.email)).toEqual(['bob@example.com']);

    const solo = hh.sim.state.schedules.get('sch_solo');
    const layer = solo?.layers[0];
    if (!layer) throw new Error('no layer');
    layer.userIds = ['usr_alice', 'usr_carol'];
    await hh.clock.advance(60_000);
    const back = await hh.clock.runWhileAdvancing(
      engine.handlers['take-over:hand-back']({
        scheduleId: 'sch_solo',
        seen: { to: ['bob@example.com'], until: offer?.until ?? BOB_END },
      }),
    );
    expect(!back.ok && back.error.kind).toBe('changed_since_planned');
    expect(!back.ok && back.error.message).toMatch(
      /^Changed since you planned it: Bob Stone is no longer on Solo\b.*Nothing was sent/,
    );
    expect(hh.sim.requests.count({ route: 'createOverride' })).toBe(1); // the take-over alone

    await hh.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    const after = await hh.clock.runWhileAdvancing(engine.handlers['take-over:options'](null));
    expect(after.ok && after.value.find((o) => o.scheduleId === 'sch_solo')?.handBack).toBeNull();
  }, 30_000);
});
