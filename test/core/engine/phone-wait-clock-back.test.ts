// adv52 r25 #1: the wall clock is a year ahead for a moment, the phone server answers one 429 (Retry-After: 60) then,
// and the clock is put back. The wait is 60 s from when it was asked, never "until 2027": a Settings change re-books,
// "I'm on it" cancels the booked alert (the phone does not ring), and nothing words the year-ahead instant. Real
// engine, simulator, loopback ntfy stand-in, fake clock. Failed before: no request reached the phone server until a
// restart; the alert rang at 09:03 after the user acknowledged, and readiness said "waiting until 10 Mar 2027".
import { afterEach, describe, expect, it } from 'vitest';
import { closeStands, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);
const YEAR = 365 * 24 * 60 * MIN;

/** The engine with one 429 (Retry-After: 60) taken while the clock was a year ahead, then the clock put back. */
async function waitTakenAhead() {
  const rig = await withNtfy();
  const { h, s, engine } = rig;
  h.clock.stepWall(YEAR);
  await h.clock.advance(1_000);
  s.failNext(1, 429, { 'Retry-After': '60' });
  await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'send-test' }));
  h.clock.stepWall(-YEAR);
  return rig;
}

describe('a 429 wait taken while the clock was a year ahead', () => {
  it('a Settings change after the clock is put back books the alerts again', async () => {
    const { h, s, engine } = await waitTakenAhead();
    await h.clock.advance(5 * MIN);
    const saved = engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 5 },
      secrets: { ntfyTopic: TOPIC },
    });
    await h.clock.runWhileAdvancing(saved);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    await h.clock.advance(10 * MIN);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    const booked = s.scheduled(TOPIC).map((m) => m.deliverMs);
    expect(booked).toContain(MY_START + 5 * MIN);
    expect(booked).not.toContain(MY_START + 3 * MIN);
    const phone = engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
    expect(phone?.message ?? '').not.toMatch(/2027/);
    await engine.stop();
  }, 60_000);

  it('"I\'m on it" cancels the booked alert: the phone does not ring', async () => {
    const { h, s, engine } = await waitTakenAhead();
    await h.clock.advanceTo(MY_START + MIN);
    const key = engine.getState().alarm?.key ?? '';
    expect(key).not.toBe('');
    expect(await engine.alarmIntent({ kind: 'ack', key }, 'window')).toMatchObject({ ok: true });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    await h.clock.advanceTo(MY_START + 5 * MIN);
    expect(s.rang(TOPIC).map((m) => m.title)).toEqual([]);
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).not.toContain(MY_START + 3 * MIN);
    expect(engine.getState().phone?.problem ?? '').not.toMatch(/2027/);
    await engine.stop();
  }, 60_000);
});
