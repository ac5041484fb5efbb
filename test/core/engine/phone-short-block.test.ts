// Issue 50, "a shift handed off never rings" (adv50 r26 #1): the phone alert is for a start not acknowledged within N
// minutes of its block, so it is booked (or sent) only for a time strictly inside that block. My 09:00–17:00 Ops shift
// cut to 09:00–09:10 (Alice from 09:10) with N = 20: before, ntfy was booked for 09:20, and with the lid closed at
// 09:05 nobody cancelled it, so the phone rang while Alice was on call.
import { afterEach, describe, expect, it } from 'vitest';
import { OPS_ID } from '../support/seeds';
import { closeStands, HOUR, MIN, MY_START, TOMORROW, TOPIC, alertsOn, phoneRig } from '../support/phone-engine-rig';

afterEach(closeStands);

const AFTER_MIN = 20;
const CUT_MS = 10 * MIN;

/** Alice takes my shift from `cutMs` after its start today (09:10 unless told). */
const cutToday = (h: Awaited<ReturnType<typeof phoneRig>>['h'], cutMs = CUT_MS) =>
  h.sim.state.addOverride(
    OPS_ID,
    { startMs: MY_START + cutMs, endMs: MY_START + 8 * HOUR, userIds: ['usr_alice'] },
    h.clock.now(),
  );

async function saveNtfy(rig: Awaited<ReturnType<typeof phoneRig>>) {
  const saved = await rig.engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'ntfy', ntfyServer: rig.s.url, afterMin: AFTER_MIN },
    secrets: { ntfyTopic: TOPIC },
  });
  expect(saved.ok).toBe(true);
  await rig.h.clock.runWhileAdvancing(rig.engine.alarmsSettled());
}

/** The bookings whose time is not strictly inside the block they are for (today's is 09:00–09:10 once cut). */
const outsideToday = (times: readonly number[]) =>
  times.filter((at) => at >= MY_START && at < TOMORROW && at >= MY_START + CUT_MS);

describe('a block shorter than the phone time (ntfy booked, N = 20)', () => {
  it('known before the booking: nothing is booked for it, so the phone stays quiet with the lid closed', async () => {
    const rig = await phoneRig();
    const { h, s, engine } = rig;
    cutToday(h);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await saveNtfy(rig);
    const booked = s.scheduled(TOPIC).map((m) => m.deliverMs);
    expect(outsideToday(booked)).toEqual([]);
    // Tomorrow's full shift is booked as ever.
    expect(booked).toContain(TOMORROW + AFTER_MIN * MIN);
    // Said before the start, never "armed ✓": the readiness is for today's 09:00 shift.
    const st = engine.getState().me.readiness;
    expect(Date.parse(st?.shift.start ?? '')).toBe(MY_START);
    expect(st?.checks.find((c) => c.id === 'phone')?.message).toBe(
      `Phone escalation: won't ring for this shift: it ends within ${AFTER_MIN} min of its alarm, so only this computer's alarm rings.`,
    );
    await h.clock.advanceTo(MY_START + 5 * MIN);
    h.clock.sleep(25 * MIN);
    await h.clock.advanceTo(MY_START + HOUR);
    expect(alertsOn(s, TOPIC).filter((m) => m.deliverMs < TOMORROW)).toEqual([]);
    await engine.stop();
  }, 60_000);

  it('cut after the booking: the booking is cancelled at once, before the start', async () => {
    const rig = await phoneRig();
    const { h, s, engine } = rig;
    await saveNtfy(rig);
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).toContain(MY_START + AFTER_MIN * MIN);
    await h.clock.advanceTo(MY_START - HOUR);
    cutToday(h);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(h.clock.now()).toBeLessThan(MY_START);
    expect(outsideToday(s.scheduled(TOPIC).map((m) => m.deliverMs))).toEqual([]);
    await h.clock.advanceTo(MY_START + 5 * MIN);
    h.clock.sleep(25 * MIN);
    await h.clock.advanceTo(MY_START + HOUR);
    expect(alertsOn(s, TOPIC).filter((m) => m.deliverMs < TOMORROW)).toEqual([]);
    await engine.stop();
  }, 60_000);

  it('a block that outlasts the phone time (09:00–09:30) is booked for 09:20 and rings, the lid closed', async () => {
    const rig = await phoneRig();
    const { h, s, engine } = rig;
    cutToday(h, 30 * MIN);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await saveNtfy(rig);
    const due = MY_START + AFTER_MIN * MIN;
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).toContain(due);
    await h.clock.advanceTo(MY_START + 5 * MIN);
    h.clock.sleep(25 * MIN);
    await h.clock.advanceTo(MY_START + HOUR);
    expect(alertsOn(s, TOPIC).map((m) => m.deliverMs)).toEqual([due]);
    await engine.stop();
  }, 60_000);
});
