// Issue 48, adv48 r40 (fix48aged): "already in place" only from the app's own writes, Hand back too. A manager gives
// the rest of my take-over back to Carol (the person it replaced) in the instant between the hand back's refresh and
// its re-read of the window: the schedule then shows exactly the hand back's outcome, but the app never wrote it.
// Before, the hand back said "The schedule already shows it in place"; now it says the manager's change ("Changed
// since you planned it: Carol Lee now covers …") and sends nothing. Real engine, the simulator (its fault lookup
// is where the manager's write is slipped in, just before the re-read is served), a fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const SHIFT_END = Date.parse('2026-03-26T08:00:00Z');
const HOUR = 3_600_000;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

// Solo, daily at 08:00 UTC: Carol today (3/25).
const seed = seedOf([
  {
    id: 'sch_solo',
    name: 'Solo',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    userIds: ['usr_alice', 'usr_bob', 'usr_carol'],
    length: { amount: 1, unit: 'days' as const },
  },
]);

const posts = (hh: Harness) => hh.sim.requests.count({ route: 'createOverride' });

describe('hand back: a manager put the replaced person back just before it was sent', () => {
  it("the manager's restore of Carol is said as a change, not 'already in place'; nothing sent", async () => {
    const hh = (h = await createHarness({ startMs: START, seed }));
    await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
    const engine = hh.engine();
    await engine.start();
    await hh.clock.advance(1_000);
    const took = await hh.clock.runWhileAdvancing(
      engine.handlers['take-over:now']({ scheduleId: 'sch_solo', fromEmail: 'carol@example.com' }),
    );
    expect(took.ok && took.value.outcome.status).toBe('created');
    await hh.clock.advance(HOUR);
    // The hand back's re-read of its window (the refresh before it reads unclipped): served after the manager's write.
    const take = hh.sim.faults.take.bind(hh.sim.faults);
    let restored = false;
    hh.sim.faults.take = (route, target) => {
      if (!restored && route === 'listShifts' && target?.query.get('clip_to_interval') === 'true') {
        restored = true;
        const fromMs = Math.floor(hh.clock.now() / 1000) * 1000 - 60_000;
        hh.sim.state.addOverride(
          'sch_solo',
          { startMs: fromMs, endMs: SHIFT_END, userIds: ['usr_carol'] },
          hh.clock.now(),
        );
      }
      return take(route, target);
    };
    const before = posts(hh);
    const res = await hh.clock.runWhileAdvancing(engine.handlers['take-over:hand-back']({ scheduleId: 'sch_solo' }));
    expect(restored).toBe(true);
    expect(posts(hh)).toBe(before);
    expect(!res.ok && res.error.kind).toBe('changed_since_planned');
    const said = res.ok ? '' : res.error.message;
    expect(said).not.toMatch(/in place/);
    expect(said).toMatch(/^Changed since you planned it: Carol Lee now covers .*Nothing was sent/);
  }, 60_000);
});
