// Issue 48, adversarial round 5 (minor): Take over and Hand back pressed at once on one schedule. Each ran its own
// refresh at once, so the take-over read the schedule before the hand back's write landed and answered "Your take-over
// is already in place" while the service ended with Bob on call. They share one lane per schedule now: the second
// waits for the first, then reads the schedule with its write, and its answer is true of what the service holds.
// Daily handoffs at 08:00 UTC; Solo: Carol today (3/25).
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const HOUR = 3_600_000;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('take over and hand back pressed at once', () => {
  it('the answers agree with what the service holds at the end', async () => {
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
    h = await createHarness({ startMs: START, seed: s });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(1_000);
    const req = { scheduleId: 'sch_solo', fromEmail: 'carol@example.com' };
    const first = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](req));
    expect(first.ok && first.value.outcome.status).toBe('created');
    await h.clock.advance(HOUR);
    const [back, again] = await h.clock.runWhileAdvancing(
      Promise.all([
        engine.handlers['take-over:hand-back']({ scheduleId: 'sch_solo' }),
        engine.handlers['take-over:now'](req),
      ]),
    );
    expect(back.ok && back.value.outcome.status).toBe('created');
    // The take-over waited for the hand back and read Carol on call again: taken over anew, not "already in place".
    expect(again.ok ? '' : again.error.message).not.toMatch(/already in place/);
    expect(again.ok && again.value.outcome.status).toBe('created');
    const overrides = h.sim.state.schedules.get('sch_solo')?.overrides ?? [];
    expect(overrides).toHaveLength(3);
  }, 60_000);
});
