// The computer's zone changes after the phone alert was booked (adv50 round 10, finding 3): real engine, simulator,
// fake clock, the loopback ntfy stand-in. The booked text is re-booked under the same message id (as a moved shift
// re-books), so the phone's local time is the laptop's at that moment. Failed before: at 09:03 the phone said
// "Your shift started at 10:00 (09:00 UTC)" (Berlin) while the laptop, now in New York, said 05:00.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import {
  alertsOn,
  closeStands,
  HOUR,
  MIN,
  MY_START,
  START,
  startStand,
  TOMORROW,
  TOPIC,
} from '../support/phone-engine-rig';

afterEach(closeStands);

describe('phone escalation: the computer’s zone changes after booking', () => {
  it('re-books the same messages in the new zone’s time', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, {
      email: ME,
      scheduleIds: [OPS_ID],
      refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
    });
    const s = await startStand(h);
    let zone = 'Europe/Berlin';
    const send = fetchSend;
    const engine = h.engine({
      localZone: () => zone,
      phone: { send: (req, t) => h.clock.inFlight.track(send(req, t)), pushoverApi: s.url },
    });
    await engine.start();
    await h.clock.advance(1_000);
    const saved = await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    });
    expect(saved.ok).toBe(true);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    const booked = s.scheduled(TOPIC);
    expect(booked.map((m) => m.message)).toEqual([expect.stringContaining('10:00 (09:00 UTC)'), expect.anything()]);

    await h.clock.advanceTo(MY_START - 30 * MIN);
    zone = 'America/New_York';
    await h.clock.advanceTo(MY_START + HOUR);
    const rang = alertsOn(s, TOPIC);
    expect(rang.map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
    expect(rang[0]?.message).toContain('05:00 (09:00 UTC)');
    // The same messages, booked again (not new ones beside them): one id per start.
    expect(rang[0]?.sequenceId).toBe(booked[0]?.sequenceId);
    const tomorrow = s.scheduled(TOPIC).filter((m) => m.deliverMs === TOMORROW + 3 * MIN);
    expect(tomorrow.map((m) => m.sequenceId)).toEqual([booked[1]?.sequenceId]);
    expect(tomorrow[0]?.message).toContain('05:00 (09:00 UTC)');
  }, 30_000);
});
