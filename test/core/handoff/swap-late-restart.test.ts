// Issue 48, adversarial round 16 #1 (swap): side 2 of a swap (me over Bob's Tue, next to my own Mon) answered 503 and
// applied by the service while the app is down. After the restart it is my own swap side, never "Your shift was
// changed" (my Mon block reads one day longer). Real engine, the simulator (applyAfterMs), a real data folder, a fake
// clock, a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { MIN } from '../../support/time';

// Solo: one a day from Mon 2 March 08:00Z in the order me, Bob, Carol (me Mon and Thu, Bob Tue).
const seed = seedOf([
  {
    id: 'sch_solo',
    name: 'Solo',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-02T08:00:00Z',
    userIds: ['usr_me', 'usr_bob', 'usr_carol'],
    length: { amount: 1, unit: 'days' as const },
  },
]);

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('adv48 r16 #1: a swap side answered 503 and applied while the app is down', () => {
  it('is not announced as someone else’s change after the restart', async () => {
    h = await createHarness({ startMs: Date.parse('2026-03-01T20:00:00Z'), seed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
    let engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advance(MIN);
    const sim = h.sim.state;
    const add = sim.addOverride.bind(sim);
    let n = 0;
    // Side 1 lands; side 2 gets a 503 that the service applies 90 s later.
    sim.addOverride = (id, o, at) => {
      if (++n === 1) h?.sim.faults.set('createOverride', { status: 503, applyAfterMs: 90_000, times: 1 });
      return add(id, o, at);
    };
    const sentMs = h.clock.now();
    const made = await h.clock.runWhileAdvancing(
      engine.handlers['swap:create']({
        mine: { scheduleId: 'sch_solo', start: '2026-03-05T08:00:00Z', end: '2026-03-06T08:00:00Z' },
        theirs: {
          scheduleId: 'sch_solo',
          start: '2026-03-03T08:00:00Z',
          end: '2026-03-04T08:00:00Z',
          email: 'bob@example.com',
        },
      }),
      1000,
      300,
    );
    if (!made.ok) throw new Error(made.error.message);
    expect([made.value.mine.state, made.value.theirs.state]).toEqual(['handed_off', 'unknown']);
    await engine.stop();
    await h.clock.advance(10 * MIN);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(2);

    engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advance(MIN);
    await engine.handlers['sync:refresh'](null);
    await h.clock.advance(5 * MIN);
    const after = h.notifier.shown.filter((x) => x.atMs > sentMs).map((x) => x.title);
    expect(after.filter((t) => /^Your shift was (removed|changed)/.test(t))).toEqual([]);
    // adv48 r16 #3: a manager gives my Thu (Bob's cover) to Carol; Hand back with the answer shown before the restart
    // finds side 2 in place and reads my side again before "Swapped": the change is said, nothing is sent.
    h.sim.state.addOverride(
      'sch_solo',
      {
        startMs: Date.parse('2026-03-05T08:00:00Z'),
        endMs: Date.parse('2026-03-06T08:00:00Z'),
        userIds: ['usr_carol'],
      },
      h.clock.now(),
    );
    const back = await h.clock.runWhileAdvancing(
      engine.handlers['swap:settle']({ action: 'hand-back', ...made.value }),
    );
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.text).toMatch(/Changed since it landed: Carol Lee/);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(2);
    await engine.stop();
  }, 60_000);
});
