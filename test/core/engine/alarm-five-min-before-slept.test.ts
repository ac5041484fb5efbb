// One notice per start with "5 min before" too (adv50 r21 #2): a start slept through (asleep 08:50–09:20, the early
// alarm missed) rings late, "On call since 10:00", and that late alarm is the start's notice, as with the default
// at-start alarm; the quiet "You have been on call for Ops since 10:00" catch-up no longer comes beside it. Awake,
// the early alarm ("On call at 10:00") is no notice of the start itself, so "On call now" still comes at 09:00.
// Real engine, simulator, fake clock; Ops: me 09:00–17:00 UTC (the seed).
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const START_ISO = new Date(MY_START).toISOString().replace('.000Z', 'Z');

async function fiveBefore() {
  const h = await createHarness({ startMs: START, seed: opsSeed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const windows: number[] = [];
  const engine = h.engine({ alarmSurface: { show: () => void windows.push(h.clock.now()), close: () => {} } });
  await engine.start();
  await h.clock.advance(1_000);
  const { reminders } = engine.getState().settings;
  const set = await engine.handlers['settings:update']({ reminders: { ...reminders, startAlarm: '5-min-before' } });
  expect(set.ok).toBe(true);
  /** What was said about the start itself: the alarm, and the reminder at the start (on call now / since). */
  const startNotices = () =>
    h.notifier.shown
      .filter((n) => n.id.includes(START_ISO) && (n.alarm === true || n.id.endsWith(':start')))
      .map((n) => ({ atMs: n.atMs, alarm: n.alarm === true }));
  return { h, engine, windows, startNotices };
}

describe('"5 min before": one notice per start', () => {
  it('a start slept through gets the late alarm alone', async () => {
    const { h, engine, windows, startNotices } = await fiveBefore();
    await h.clock.advanceTo(MY_START - 10 * MIN);
    const wokeAtMs = MY_START + 20 * MIN;
    h.clock.sleep(wokeAtMs - h.clock.now());
    engine.power('resume');
    await h.clock.advance(5 * MIN);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    // It rang once, on waking (after the read that follows a wake): window and notification, nothing else.
    expect(windows).toHaveLength(1);
    const rangAtMs = windows[0] ?? NaN;
    expect(rangAtMs).toBeGreaterThanOrEqual(wokeAtMs);
    expect(startNotices()).toEqual([{ atMs: rangAtMs, alarm: true }]);
    await engine.stop();
  }, 60_000);

  it('awake, the early alarm rings 5 min before and "On call now" still comes at the start', async () => {
    const { h, engine, startNotices } = await fiveBefore();
    await h.clock.advanceTo(MY_START + 5 * MIN);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(startNotices()).toEqual([
      { atMs: MY_START - 5 * MIN, alarm: true },
      { atMs: MY_START, alarm: false },
    ]);
    await engine.stop();
  }, 60_000);
});
