// A start the app won't ring (its account muted, or paused past it) is not booked on the phone server either
// (issue 50, adv50 round 5): readiness says "no reminder or alarm will come for this shift", so a booking held for it
// is cancelled at the mute (the phone rang at T+3 if the laptop slept at the start, or the app was closed), nothing
// is booked while muted (even muted before the phone was saved), and unmuting before the start books it again.
// Real engine, simulator, loopback ntfy stand-in, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import type { Engine } from '../../../electron/core/engine/types';
import type { AccountId } from '../../../electron/shared/accounts';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
const ALERT_TITLE = /^Shift start not acknowledged/;

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** The alarm window's keys closed (the window itself is Electron's). */
const closed: string[] = [];
const surface = { show: () => undefined, close: (key: string) => void closed.push(key) };

async function rig(muteFirst = false): Promise<{ h: Harness; s: StandIn; engine: Engine; accountId: AccountId }> {
  const h = await createHarness({ startMs: START, seed: opsSeed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const s = await startStandIn(() => h.clock.now());
  standIn = s;
  const engine = h.engine({
    alarmSurface: surface,
    phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)) },
  });
  await engine.start();
  await h.clock.advance(1_000);
  const accountId = engine.getState().settings.accounts[0]?.id;
  if (accountId === undefined) throw new Error('no account');
  if (muteFirst) await update(h, engine, { account: { id: accountId, muted: true } });
  const saved = await engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
    secrets: { ntfyTopic: TOPIC },
  });
  expect(saved).toEqual({ ok: true, message: 'Phone settings saved.' });
  await engine.alarmsSettled();
  await h.clock.settle();
  return { h, s, engine, accountId };
}

async function update(
  h: Harness,
  engine: Engine,
  patch: Parameters<Engine['handlers']['settings:update']>[0],
): Promise<void> {
  const answer = await h.clock.runWhileAdvancing(engine.handlers['settings:update'](patch));
  expect(answer).toMatchObject({ ok: true });
  await h.clock.advance(30_000);
  await engine.alarmsSettled();
  await h.clock.settle();
}

const booked = (s: StandIn) => s.scheduled(TOPIC).map((m) => m.deliverMs);
const alerts = (s: StandIn) => s.rang(TOPIC).filter((m) => ALERT_TITLE.test(m.title));

describe('engine: a muted start is not booked on the phone', () => {
  it('muted at 08:00: both bookings cancelled; the laptop sleeps through the start and the phone stays quiet', async () => {
    const { h, s, engine, accountId } = await rig();
    expect(booked(s)).toEqual([MY_START + 3 * MIN, MY_START + DAY + 3 * MIN]);
    await h.clock.advanceTo(MY_START - HOUR);
    await update(h, engine, { account: { id: accountId, muted: true } });
    expect(booked(s)).toEqual([]);
    expect(engine.getState().phone).toMatchObject({ nextBooked: null, problem: null });
    await h.clock.advanceTo(MY_START - 10 * MIN);
    h.clock.sleep(40 * MIN);
    engine.power('resume');
    await h.clock.advance(MIN);
    expect(alerts(s)).toEqual([]);
    await engine.stop();
  }, 30_000);

  it('unmuted before the start: booked again, and it rings at T+3', async () => {
    const { h, s, engine, accountId } = await rig();
    await h.clock.advanceTo(MY_START - HOUR);
    await update(h, engine, { account: { id: accountId, muted: true } });
    expect(booked(s)).toEqual([]);
    await update(h, engine, { account: { id: accountId, muted: false } });
    expect(booked(s)).toEqual([MY_START + 3 * MIN, MY_START + DAY + 3 * MIN]);
    await h.clock.advanceTo(MY_START + 4 * MIN);
    expect(alerts(s)).toHaveLength(1);
    await engine.stop();
  }, 30_000);

  it('paused past the start: that start is cancelled, the next day stays booked; the app closed over it rings nothing', async () => {
    const { h, s, engine, accountId } = await rig();
    await h.clock.advanceTo(MY_START - HOUR);
    await update(h, engine, { account: { id: accountId, pausedUntil: new Date(MY_START + 2 * HOUR).toISOString() } });
    expect(booked(s)).toEqual([MY_START + DAY + 3 * MIN]);
    await engine.stop();
    await h.clock.advanceTo(MY_START + 30 * MIN);
    expect(alerts(s)).toEqual([]);
  }, 30_000);

  it('the cancel at the mute fails: readiness says the phone may still ring, tried again until it goes through', async () => {
    const { h, s, engine, accountId } = await rig();
    await h.clock.advanceTo(MY_START - HOUR);
    s.failNext(1_000);
    await update(h, engine, { account: { id: accountId, muted: true } });
    expect(engine.getState().phone?.problem).toMatch(/^your phone may still ring: cancelling its booked alert/);
    expect(booked(s)).toEqual([MY_START + 3 * MIN, MY_START + DAY + 3 * MIN]);
    s.failNext(0);
    await h.clock.advance(2 * MIN);
    expect(booked(s)).toEqual([]);
    expect(engine.getState().phone?.problem).toBeNull();
    await h.clock.advanceTo(MY_START + 10 * MIN);
    expect(alerts(s)).toEqual([]);
    await engine.stop();
  }, 30_000);

  it("muted while its start alarm rings: it stops (not acknowledged), today's booking is cancelled, the phone stays quiet", async () => {
    // adv50 r6 #2: readiness said "won't ring" while the alarm rang on and today's 09:03 booking stayed.
    const { h, s, engine, accountId } = await rig();
    await h.clock.advanceTo(MY_START + MIN);
    const key = engine.getState().alarm?.key;
    expect(engine.getState().alarm).toMatchObject({ ringing: true, ackedAt: null });
    closed.length = 0;
    await update(h, engine, { account: { id: accountId, muted: true } });
    expect(closed).toContain(key);
    expect(engine.getState().alarm).toMatchObject({ ringing: false, ackedAt: null });
    expect(booked(s)).toEqual([]);
    await h.clock.advanceTo(MY_START + 50 * MIN);
    await update(h, engine, { account: { id: accountId, muted: false } });
    // Unmuted after it passed: the next days are booked again, today's not.
    expect(booked(s)[0]).toBe(MY_START + DAY + 3 * MIN);
    expect(alerts(s)).toEqual([]);
    expect(engine.getState().alarm).toMatchObject({ ringing: false, ackedAt: null });
    await engine.stop();
  }, 30_000);

  it('muted before the phone was saved: nothing is booked', async () => {
    const { h, s, engine } = await rig(true);
    expect(booked(s)).toEqual([]);
    await h.clock.advanceTo(MY_START + 10 * MIN);
    expect(alerts(s)).toEqual([]);
    await engine.stop();
  }, 30_000);
});
