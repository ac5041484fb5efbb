// The phone's words with the alarm 5 min before the start (issue 50, adv50 round 12 #2), on the real engine with the
// simulator, a fake clock and the loopback ntfy stand-in. The alert is counted from the ring, so it reaches the phone
// 2 min before the shift starts; it said "Your shift started at 10:00" then (failed before). At the start (the
// default) it still says the start as past.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';

const MIN = 60_000;
const START = Date.parse('2026-03-10T08:30:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');

const stands: StandIn[] = [];
afterEach(async () => {
  for (const s of stands.splice(0)) await s.close();
});

async function phoneAlert(startAlarm: 'at-start' | '5-min-before') {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, {
    email: ME,
    scheduleIds: [OPS_ID],
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const s = await startStandIn(() => h.clock.now());
  stands.push(s);
  const engine = h.engine({ phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)) } });
  await engine.start();
  await h.clock.advance(1_000);
  const { reminders } = engine.getState().settings;
  expect((await engine.handlers['settings:update']({ reminders: { ...reminders, startAlarm } })).ok).toBe(true);
  const topic = 'oncall-' + 'x'.repeat(26);
  const settings = { provider: 'ntfy' as const, ntfyServer: s.url, afterMin: 3 };
  expect((await engine.phoneIntent({ kind: 'save', settings, secrets: { ntfyTopic: topic } })).ok).toBe(true);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  await h.clock.advanceTo(MY_START + 4 * MIN);
  const rang = s.rang(topic).map((m) => ({ deliverMs: m.deliverMs, message: m.message }));
  await h.clock.runWhileAdvancing(engine.stop());
  await h.close();
  return rang;
}

describe('the phone says the start as past only once it has passed', () => {
  it('5 min before: delivered before the start, it says "starts at"; at the start, "started at"', async () => {
    const before = await phoneAlert('5-min-before');
    expect(before.map((m) => m.deliverMs)).toEqual([MY_START - 2 * MIN]);
    expect(before[0]?.message).toMatch(
      /^Your shift starts at 10:00\b.*; not acknowledged on your computer within 3 min of its alarm time\.$/,
    );
    const at = await phoneAlert('at-start');
    expect(at.map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
    expect(at[0]?.message).toMatch(
      /^Your shift started at 10:00\b.*; not acknowledged on your computer within 3 min of its alarm time\.$/,
    );
  }, 30_000);
});
