// adv52 r25 (every retry gate): a phone booking that failed while the wall clock was ahead is tried again a minute
// after the clock is put back, not once the clock reaches the instant it named then. Real engine, simulator,
// loopback ntfy stand-in, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { RETRY_AFTER_MS } from '../../../electron/core/escalation/escalator-run';
import { closeStands, HOUR, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

describe('a failed booking retried after the clock is set back', () => {
  it('is booked within its minute (and the 5 s poll) of the clock being put right', async () => {
    const { h, s, engine } = await withNtfy();
    h.clock.stepWall(HOUR);
    // Every try of both bookings (today's and tomorrow's, three tries each) fails: nothing was booked.
    s.failNext(6, 500);
    const saved = engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 5 },
      secrets: { ntfyTopic: TOPIC },
    });
    await h.clock.runWhileAdvancing(saved);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).not.toContain(MY_START + 5 * MIN);
    h.clock.stepWall(-HOUR);
    await h.clock.advance(RETRY_AFTER_MS + 5_000 + 10_000);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).toContain(MY_START + 5 * MIN);
    await engine.stop();
  }, 60_000);
});
