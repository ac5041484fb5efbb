// adv48 round 14 #3: the form created an override (201), a manager deleted it, and Create again with the same form 10 s
// later wrote it a second time over that change. Its own override gone is a change since it was created: nothing sent.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z'); // Carol on Solo until 3/26 08:00Z
const END = Date.parse('2026-03-26T08:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

describe('Create again after a manager deleted the override this app created', () => {
  it.each([true, false])('with a preview %s: nothing is sent again, and it says so', async (preview) => {
    const s = seedOf([
      {
        id: 'sch_solo',
        name: 'Solo',
        userIds: ['usr_alice', 'usr_bob', 'usr_carol'],
        zone: 'Etc/UTC',
        rotationStart: '2026-03-20T08:00:00Z',
        length: { amount: 1, unit: 'days' },
      },
    ]);
    h = await createHarness({ startMs: START, seed: s, revisionMoves: true });
    const x = h;
    await seedSettings(x, { email: ME, scheduleIds: ['sch_solo'] });
    const engine = x.engine();
    await engine.start();
    await x.clock.advance(1_000);
    const run = <T>(p: Promise<T>) => x.clock.runWhileAdvancing(p);
    const req = {
      scheduleId: 'sch_solo',
      window: { kind: 'custom' as const, start: iso(START), end: iso(END) },
      emails: ['bob@example.com'],
    };
    const pv = await run(engine.handlers['override:preview'](req));
    if (!pv.ok) throw new Error(pv.error.message);
    const body = preview
      ? {
          ...req,
          replaces: pv.value.replaces.map((p) => p.email),
          previewed: { start: pv.value.start, end: pv.value.end },
        }
      : req;
    const first = await run(engine.handlers['override:create'](body));
    expect(first.ok && first.value.status).toBe('created');
    await x.clock.advance(3_000);
    const solo = x.sim.state.schedules.get('sch_solo');
    if (!solo) throw new Error('no Solo');
    solo.overrides.splice(0); // a manager deletes it: Carol is on call again by the rotation
    solo.revision += 1;
    solo.revisionValidFromMs = x.clock.now();
    await x.clock.advance(10_000);
    const again = JSON.stringify(await run(engine.handlers['override:create'](body)));
    // Take over's sentence, with or without a preview: one rule (override-held.ts changedSinceCreated).
    expect(again).toContain('Changed since you created it: Carol Lee now covers it. Your override of this time');
    expect(again).toMatch(/nothing was sent again/i);
    expect(x.sim.requests.count({ route: 'createOverride' })).toBe(1);
    expect(solo.overrides).toHaveLength(0);
  });
});
