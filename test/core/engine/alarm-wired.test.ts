// The shift-start alarm wired into the real engine (issue 50), against the simulator over loopback on a fake clock:
// it rings once at my shift's start through the loud notification and the alarm window; the first acknowledgement
// settles it, whatever it came from (the window, the tray, the notification, `status --ack` from a terminal), and
// the state says "acknowledged" with when and from where; snooze is not an acknowledgement; a restart never rings it
// again; quiet hours and pause never silence it; a shift handed off while the laptop slept never rings, and one
// still mine rings after the read that follows the wake, not from the data of before. Expected instants come from
// the seed (Ops: me 09:00–17:00 UTC every day), not from the core.
import { describe, expect, it } from 'vitest';
import type { AlarmView } from '../../../electron/shared/alarm-view';
import { ackFromCli, alarmKnowledgeOf } from '../../../electron/core/alarm/cli-ack';
import { loadRecordSigner } from '../../../electron/core/storage/record-key';
import type { AlarmSurface } from '../../../electron/core/alarm/surface';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const ZONE = 'Europe/Berlin';

class RecordingSurface implements AlarmSurface {
  readonly shown: (AlarmView & { atMs: number })[] = [];
  readonly closed: string[] = [];
  constructor(private readonly now: () => number) {}
  show(view: AlarmView): void {
    this.shown.push({ ...view, atMs: this.now() });
  }
  close(key: string): void {
    this.closed.push(key);
  }
}

async function rig(): Promise<{ h: Harness; surface: RecordingSurface; start: () => Promise<Engine> }> {
  const h = await createHarness({ startMs: START, seed: opsSeed });
  await seedSettings(h, {
    email: ME,
    scheduleIds: [OPS_ID],
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const surface = new RecordingSurface(() => h.clock.now());
  const start = async () => {
    const engine = h.engine({ alarmSurface: surface });
    await engine.start();
    await h.clock.advance(1_000);
    return engine;
  };
  return { h, surface, start };
}

const alarmsShown = (h: Harness) => h.notifier.shown.filter((n) => n.alarm === true);

describe('engine: the shift-start alarm, wired', () => {
  it('rings once at the start (notification and window); the first acknowledgement settles it', async () => {
    const { h, surface, start } = await rig();
    const engine = await start();
    await h.clock.advanceTo(MY_START - MIN);
    expect(alarmsShown(h)).toEqual([]);
    await h.clock.advanceTo(MY_START + 2_000);
    const [rung, ...more] = alarmsShown(h);
    expect(more).toEqual([]);
    expect(rung?.atMs).toBe(MY_START);
    expect(rung?.id).toMatch(/^alarm:http:\/\/127\.0\.0\.1:\d+:sch_ops:2026-03-10T09:00:00(\.000)?Z$/);
    expect(surface.shown.map((v) => [v.key, v.scheduleName, v.test, v.late])).toEqual([
      [rung?.id, 'Ops', false, false],
    ]);
    expect(surface.shown[0]?.handoverFrom).toHaveLength(1);
    expect(engine.getState().alarm).toMatchObject({ key: rung?.id, ringing: true, ackedAt: null });

    await h.clock.advance(60_000);
    expect(await engine.alarmIntent({ kind: 'ack', key: rung!.id })).toEqual({ ok: true });
    await engine.alarmsSettled();
    const ackMs = h.clock.now();
    expect(engine.getState().alarm).toMatchObject({
      ringing: false,
      ackedAt: new Date(ackMs).toISOString(),
      ackSource: 'window',
    });
    expect(surface.closed).toContain(rung!.id);
    // A second acknowledgement (the tray, later) changes nothing: the first one stands.
    await h.clock.advance(60_000);
    expect(await engine.alarmIntent({ kind: 'ack', key: rung!.id }, 'tray')).toEqual({ ok: true });
    expect(engine.getState().alarm).toMatchObject({ ackedAt: new Date(ackMs).toISOString(), ackSource: 'window' });
    await h.clock.advanceTo(MY_START + 8 * HOUR);
    expect(alarmsShown(h)).toHaveLength(1);
    expect(surface.shown).toHaveLength(1);
  }, 30_000);

  it('snooze is not an acknowledgement: it rings again in 5 min; the notification’s "I’m on it" settles it', async () => {
    const { h, surface, start } = await rig();
    const engine = await start();
    await h.clock.advanceTo(MY_START + 1_000);
    const key = alarmsShown(h)[0]!.id;
    expect(await engine.alarmIntent({ kind: 'snooze', key })).toEqual({ ok: true });
    expect(surface.closed).toEqual([key]);
    expect(engine.getState().alarm).toMatchObject({ ringing: true, ackedAt: null });
    await h.clock.advanceTo(MY_START + 1_000 + 5 * MIN + 1_000);
    expect(alarmsShown(h)).toHaveLength(2);
    expect(surface.shown.map((v) => v.again)).toEqual([false, true]);
    expect(await engine.alarmIntent({ kind: 'ack', key }, 'notification')).toEqual({ ok: true });
    await h.clock.advanceTo(MY_START + HOUR);
    expect(alarmsShown(h)).toHaveLength(2);
    expect(engine.getState().alarm).toMatchObject({ ringing: false, ackSource: 'notification' });
  }, 30_000);

  it('`status --ack` from a terminal settles it within 15 s: the window closes, the state says so', async () => {
    const { h, surface, start } = await rig();
    const engine = await start();
    await h.clock.advanceTo(MY_START + 1_000);
    const key = alarmsShown(h)[0]!.id;
    // The terminal reads the app's record key from the keychain (never makes one): its acknowledgement is signed.
    const signer = await loadRecordSigner(h.secrets, () => undefined, false);
    expect(signer).toBeDefined();
    const known = await alarmKnowledgeOf(h.files);
    const cli = await ackFromCli(h.files, h.clock.now(), ZONE, known, undefined, signer);
    expect(cli.ok).toBe(true);
    expect(cli.text).toMatch(/^Acknowledged the shift-start alarm/);
    await h.clock.advance(15_000);
    expect(surface.closed).toContain(key);
    expect(engine.getState().alarm).toMatchObject({ ringing: false, ackSource: 'cli' });
    expect(await engine.alarmIntent({ kind: 'ack', key })).toEqual({ ok: true });
    expect(engine.getState().alarm?.ackSource).toBe('cli');
  }, 30_000);

  it('a restart never rings it again; the next day’s start rings once', async () => {
    const { h, surface, start } = await rig();
    const first = await start();
    await h.clock.advanceTo(MY_START + 30 * MIN);
    expect(alarmsShown(h)).toHaveLength(1);
    await first.stop();
    const second = await start();
    await h.clock.advanceTo(MY_START + 6 * HOUR);
    expect(alarmsShown(h)).toHaveLength(1);
    // Not acknowledged: the restarted app says so.
    expect(second.getState().alarm).toMatchObject({ ringing: true, ackedAt: null });
    await h.clock.advanceTo(MY_START + DAY + MIN);
    expect(alarmsShown(h).map((n) => n.atMs)).toEqual([MY_START, MY_START + DAY]);
    expect(surface.shown).toHaveLength(2);
  }, 30_000);

  it('quiet hours and pause never silence it', async () => {
    const { h, start } = await rig();
    const engine = await start();
    const saved = await engine.handlers['settings:update']({
      quietHours: { enabled: true, start: '06:00', end: '14:00', days: [] },
      pausedUntil: new Date(MY_START + DAY).toISOString(),
    });
    expect(saved.ok).toBe(true);
    await h.clock.advanceTo(MY_START + MIN);
    expect(alarmsShown(h).map((n) => n.atMs)).toEqual([MY_START]);
  }, 30_000);

  it.each([
    ['handed off while asleep: never rings', true],
    ['still mine: rings once after the read that follows the wake', false],
  ])(
    'a laptop asleep over the start, %s',
    async (_, handedOff) => {
      const { h, surface, start } = await rig();
      const engine = await start();
      await h.clock.advanceTo(MY_START - 2 * HOUR);
      h.clock.sleep(2 * HOUR + 20 * MIN);
      if (handedOff)
        h.sim.state.addOverride(
          OPS_ID,
          { startMs: MY_START, endMs: MY_START + 8 * HOUR, userIds: ['usr_alice'] },
          h.clock.now(),
        );
      engine.power('resume');
      await h.clock.advance(2 * MIN);
      expect(alarmsShown(h)).toHaveLength(handedOff ? 0 : 1);
      expect(surface.shown.map((v) => v.late)).toEqual(handedOff ? [] : [true]);
      await h.clock.advanceTo(MY_START + 7 * HOUR);
      expect(alarmsShown(h)).toHaveLength(handedOff ? 0 : 1);
      // One notice for the start slept through: the late alarm, no "You have been on call since" beside it (a
      // hand-off made by someone else is told as a change).
      const aboutIt = h.notifier.shown.filter((n) => n.alarm !== true && n.id.includes('2026-03-10T09:00'));
      expect(aboutIt.filter((n) => n.atMs >= MY_START).map((n) => n.title)).toEqual(
        handedOff ? ['Your shift was removed'] : [],
      );
    },
    30_000,
  );

  // One notice per shift start: where the alarm rings at the start it is that notice, so no separate "On call now"
  // reminder; where it can't (off, rung 5 min before, the alarms not running) the reminder comes at the start.
  it.each([
    ['at-start', true, [`${MY_START} alarm`]],
    ['off', true, [`${MY_START} reminder`]],
    ['5-min-before', true, [`${MY_START - 5 * MIN} alarm`, `${MY_START} reminder`]],
    ['at-start', false, [`${MY_START} reminder`]],
  ] as const)(
    'start alarm %s (alarms running: %s): the start is told once',
    async (startAlarm, running, want) => {
      const { h } = await rig();
      const engine = h.engine({ alarmSurface: new RecordingSurface(() => h.clock.now()), alarms: running });
      await engine.start();
      await h.clock.advance(1_000);
      const { reminders } = engine.getState().settings;
      expect((await engine.handlers['settings:update']({ reminders: { ...reminders, startAlarm } })).ok).toBe(true);
      await h.clock.advanceTo(MY_START + 10 * MIN);
      const told = h.notifier.shown
        .filter((n) => n.alarm === true || n.title.startsWith('On call now'))
        .map((n) => `${n.atMs} ${n.alarm === true ? 'alarm' : 'reminder'}`);
      expect(told).toEqual(want);
    },
    30_000,
  );

  it('"Test the alarm" rings for 5 s and acknowledges nothing real', async () => {
    const { h, surface, start } = await rig();
    const engine = await start();
    expect(await engine.alarmIntent({ kind: 'test' })).toEqual({ ok: true });
    expect(surface.shown.map((v) => v.test)).toEqual([true]);
    await h.clock.advance(5_000);
    expect(surface.closed).toEqual([surface.shown[0]?.key]);
    await h.clock.advanceTo(MY_START + 1_000);
    expect(alarmsShown(h).filter((n) => n.id.startsWith('alarm:'))).toHaveLength(1);
    expect(engine.getState().alarm).toMatchObject({ ringing: true });
  }, 30_000);
});
