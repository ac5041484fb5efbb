// Issue 48, adversarial round 5 (minor): Take over and Hand back pressed at once on one schedule. Each ran its own
// refresh at once, so the take-over read the schedule before the hand back's write landed and answered "Your take-over
// is already in place" while the service ended with Bob on call. They share one lane per schedule now: the second
// waits for the first, then reads the schedule with its write, and its answer is true of what the service holds.
// Daily handoffs at 08:00 UTC; Solo: Carol today (3/25).
import { describe, expect, it } from 'vitest';
import { soloWorld } from './support/solo-world';

const HOUR = 3_600_000;

describe('take over and hand back pressed at once', () => {
  it('the answers agree with what the service holds at the end', async () => {
    const { h, engine } = await soloWorld();
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
