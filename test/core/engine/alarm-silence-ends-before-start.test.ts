// A per-account pause or mute that ends before the shift start leaves the start as if it had never been silenced
// (adv50 r25 #1; issue 50: "Quiet hours and pause never silence a start alarm"). With "5 min before" and the phone
// at N = 3: paused (or muted) 08:30–08:57 for a 09:00 start, the 08:55 alarm passed unrung for good before: no
// window, no "On call now", the phone's booking never made again, and "not rung — … paused or muted at its start"
// from 09:05. Now it rings when the silence ends (late, as a slept-through 08:55 does), the phone rings N after
// that ring, and "On call now" comes at the start. Still silenced at the start, it passes unrung as documented.
// Real engine, simulator (Ops: me 09:00–17:00 UTC), loopback ntfy stand-in, real data folder, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { alertsOn, closeStands, startStand, TOPIC } from '../support/phone-engine-rig';
import { trayLabels } from '../support/tray-labels';

afterEach(closeStands);
const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const START_ISO = new Date(MY_START).toISOString().replace('.000Z', 'Z');
const AFTER_MIN = 3;
const NOT_RUNG = /not rung/;

type Mode = 'at-start' | '5-min-before';
type Silence = { how: 'pause' | 'mute' | 'app-pause'; fromMs: number; untilMs: number };

async function world(mode: Mode, silence: Silence, restartAtMs?: number) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  const refresh = { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 };
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID], refresh });
  const s = await startStand(h);
  const windows: number[] = [];
  const make = () =>
    h.engine({
      alarmSurface: { show: () => void windows.push(h.clock.now()), close: () => undefined },
      phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)), pushoverApi: s.url },
      localZone: () => 'Etc/UTC',
    });
  let engine = make();
  await engine.start();
  await h.clock.advance(1_000);
  const { reminders } = engine.getState().settings;
  expect((await engine.handlers['settings:update']({ reminders: { ...reminders, startAlarm: mode } })).ok).toBe(true);
  const phone = { provider: 'ntfy' as const, ntfyServer: s.url, afterMin: AFTER_MIN };
  expect((await engine.phoneIntent({ kind: 'save', settings: phone, secrets: { ntfyTopic: TOPIC } })).ok).toBe(true);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  const id = engine.getState().settings.accounts[0]!.id;
  const set = (u: object) => h.clock.runWhileAdvancing(engine.handlers['settings:update'](u));
  const until = new Date(silence.untilMs).toISOString();
  await h.clock.advanceTo(silence.fromMs);
  if (silence.how === 'pause') await set({ account: { id, pausedUntil: until } });
  if (silence.how === 'app-pause') await set({ pausedUntil: until });
  if (silence.how === 'mute') {
    await set({ account: { id, muted: true } });
    await h.clock.advanceTo(silence.untilMs);
    await set({ account: { id, muted: false } });
  }
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  if (restartAtMs !== undefined) {
    // Restarted inside the pause (an update): the new run rings when it ends, as the first would have.
    await h.clock.advanceTo(restartAtMs);
    await h.clock.runWhileAdvancing(engine.stop());
    engine = make();
    await engine.start();
  }
  await h.clock.advanceTo(MY_START - 1_000);
  const checks = engine.getState().me.readiness?.checks ?? [];
  const readiness = checks.filter((c) => c.id === 'alarm' || c.id === 'reminders').map((c) => c.result);
  const booked = s.scheduled(TOPIC).map((m) => m.deliverMs);
  await h.clock.advanceTo(MY_START + 10 * MIN);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  const tray = trayLabels(buildTrayMenu(engine.getState(), h.clock.now(), 'Etc/UTC')).filter((l) => /alarm/i.test(l));
  const out = {
    windows,
    loud: h.notifier.shown.filter((n) => n.alarm === true && n.id.includes(START_ISO)).map((n) => n.atMs),
    startNotices: h.notifier.shown
      .filter((n) => n.id.includes(START_ISO) && n.id.endsWith(':start'))
      .map((n) => n.atMs),
    phone: alertsOn(s, TOPIC).map((m) => m.deliverMs),
    readiness,
    booked,
    tray,
  };
  await h.clock.runWhileAdvancing(engine.stop());
  return out;
}

/** What a start never silenced gets, ringing first at `ringMs`: one window and loud notification then, the phone
 *  N min after that ring, and (5 min before) "On call now" at the start, as the early alarm is no notice of it. */
function expectRungAt(out: Awaited<ReturnType<typeof world>>, ringMs: number, mode: Mode) {
  expect(out.windows).toEqual([ringMs]);
  expect(out.loud).toEqual([ringMs]);
  expect(out.phone).toEqual([ringMs + AFTER_MIN * MIN]);
  expect(out.startNotices).toEqual(mode === '5-min-before' ? [MY_START] : []);
  expect(out.readiness).not.toContain('problem');
  expect(out.tray.join('\n')).not.toMatch(NOT_RUNG);
}

describe('engine: a pause or mute that ends before the shift start', () => {
  const early = MY_START - 30 * MIN;
  const endsMs = MY_START - 3 * MIN; // 08:57: after the 08:55 alarm, before the 09:00 start

  it('5 min before, paused 08:30–08:57: rings at 08:57, late; phone at 09:00; "On call now" at 09:00', async () => {
    const out = await world('5-min-before', { how: 'pause', fromMs: early, untilMs: endsMs });
    // Booked while paused: the start is not silenced, so the dead-man's switch stays (moved to ring + N later).
    expect(out.booked).toContain(endsMs + AFTER_MIN * MIN);
    expectRungAt(out, endsMs, '5-min-before');
  }, 60_000);

  it('5 min before, muted 08:30, unmuted 08:57: rings at 08:57; the phone is booked again', async () => {
    const out = await world('5-min-before', { how: 'mute', fromMs: early, untilMs: endsMs });
    expect(out.booked).toContain(endsMs + AFTER_MIN * MIN);
    expectRungAt(out, endsMs, '5-min-before');
  }, 60_000);

  it('5 min before, paused 08:30–08:57 and restarted at 08:56: rings at 08:57 all the same', async () => {
    const out = await world('5-min-before', { how: 'pause', fromMs: early, untilMs: endsMs }, MY_START - 4 * MIN);
    expectRungAt(out, endsMs, '5-min-before');
  }, 60_000);

  it('at start, muted until 08:59:59: rings at 09:00 and the phone at 09:03', async () => {
    const out = await world('at-start', { how: 'mute', fromMs: early, untilMs: MY_START - 1_000 });
    expectRungAt(out, MY_START, 'at-start');
  }, 60_000);

  it('5 min before, the app-wide pause 08:30–08:57 never silenced it: rings at 08:55', async () => {
    const out = await world('5-min-before', { how: 'app-pause', fromMs: early, untilMs: endsMs });
    expectRungAt(out, MY_START - 5 * MIN, '5-min-before');
  }, 60_000);

  it('5 min before, paused past the start (until 09:00:30): still passes unrung, and says so', async () => {
    const out = await world('5-min-before', { how: 'pause', fromMs: early, untilMs: MY_START + 30_000 });
    expect(out.windows).toEqual([]);
    expect(out.loud).toEqual([]);
    expect(out.phone).toEqual([]);
    expect(out.tray.join('\n')).toMatch(NOT_RUNG);
  }, 60_000);
});
