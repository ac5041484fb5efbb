// Pushover's receipts and Settings → Phone's checks, on the real engine with the simulator, a fake clock and the
// loopback Pushover/ntfy stand-in (issue 50, adv50 round 1). Each case failed before:
// - the emergency's receipt lived only in the provider's memory: after a restart, or ANY settings save (quiet hours
//   made a new provider: the phone settings were compared by reference), "I'm on it" on the laptop no longer stopped
//   the emergency repeating on the phone, and the phone's acknowledgement no longer reached the app;
// - a short or odd ntfy token was saved ("Saved."), and every booking then failed at the server;
// - after the rest of a running shift was handed off, the state still said the alarm rang, "not acknowledged".
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { SECRET_ACCOUNTS } from '../../../electron/core/escalation/types';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';

const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const APP = 'a'.repeat(30);
const USER = 'u'.repeat(30);

const stands: StandIn[] = [];
afterEach(async () => {
  for (const s of stands.splice(0)) await s.close();
});

async function rig(provider: 'pushover' | 'ntfy') {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, {
    email: ME,
    scheduleIds: [OPS_ID],
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const s = await startStandIn(() => h.clock.now());
  stands.push(s);
  const make = (): Engine =>
    h.engine({ phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)), pushoverApi: s.url } });
  const engine = make();
  await engine.start();
  await h.clock.advance(1_000);
  const saved = await engine.phoneIntent({
    kind: 'save',
    settings: { provider, ntfyServer: s.url, afterMin: 3 },
    secrets:
      provider === 'pushover' ? { pushoverApp: APP, pushoverUser: USER } : { ntfyTopic: 'oncall-' + 'x'.repeat(26) },
  });
  expect(saved.ok).toBe(true);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  return { h, s, engine, make };
}

/** Nobody answers the alarm: the emergency goes out at T+3 min. */
async function emergencySent(h: Harness, s: StandIn): Promise<void> {
  await h.clock.advanceTo(MY_START + 3 * MIN + 10_000);
  expect(s.pushover.map((p) => p.sentMs)).toEqual([MY_START + 3 * MIN]);
}

const quietHoursSave = (engine: Engine) =>
  engine.handlers['settings:update']({ quietHours: { enabled: true, start: '22:00', end: '07:00', days: [] } });

describe('Pushover: the receipt outlives the provider', () => {
  it('after a restart, or a quiet-hours save, "I’m on it" on the laptop stops the emergency', async () => {
    for (const between of ['restart', 'quiet hours'] as const) {
      const { h, s, engine: first, make } = await rig('pushover');
      await emergencySent(h, s);
      let engine = first;
      if (between === 'restart') {
        await engine.stop();
        engine = make();
        await engine.start();
        await h.clock.advance(30_000);
      } else expect((await quietHoursSave(engine)).ok).toBe(true);
      await h.clock.advance(MIN);
      const key = engine.getState().alarm?.key ?? '';
      expect(await engine.alarmIntent({ kind: 'ack', key })).toEqual({ ok: true });
      await h.clock.runWhileAdvancing(engine.alarmsSettled());
      expect(s.pushover.map((p) => p.cancelled)).toEqual([true]);
      expect(engine.getState().phone?.problem).toBeNull();
      // Kept with the sent record on disk, never in a log; the keys never on disk.
      const disk = await readFile(join(h.dir, 'escalations.json'), 'utf8');
      const names = await readdir(h.dir);
      const all = (await Promise.all(names.map((n) => readFile(join(h.dir, n), 'utf8').catch(() => '')))).join('');
      expect(all).not.toContain(APP);
      expect(all).not.toContain(USER);
      expect(disk).not.toContain(s.pushover[0]!.receipt); // cancelled: let go
      await engine.stop();
      await h.close();
    }
  }, 30_000);

  it('after a quiet-hours save, the phone’s acknowledgement still reaches the app, at its time', async () => {
    const { h, s, engine } = await rig('pushover');
    await emergencySent(h, s);
    expect(JSON.parse(await readFile(join(h.dir, 'escalations.json'), 'utf8'))).toMatchObject({
      receipts: { [engine.getState().alarm?.key ?? '']: { receipt: s.pushover[0]!.receipt } },
    });
    expect((await quietHoursSave(engine)).ok).toBe(true);
    await h.clock.advance(20_000);
    s.pushover[0]!.acknowledged = true;
    await h.clock.advance(2 * MIN);
    expect(engine.getState().alarm).toMatchObject({ ringing: false, ackSource: 'phone' });
  }, 30_000);
});

describe('Settings → Phone refuses a token it would fail with', () => {
  it('a short ntfy token, or one with other characters, is refused and says what is wrong; nothing is kept', async () => {
    const { h, s, engine } = await rig('ntfy');
    const save = (ntfyToken: string) =>
      engine.phoneIntent({
        kind: 'save',
        settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
        secrets: { ntfyToken },
      });
    expect(await save('tk_x')).toEqual({
      ok: false,
      message: 'The access token is too short (at least 24 characters): nothing was saved.',
    });
    expect(await save(`tk x\u00e9${'y'.repeat(30)}`)).toEqual({
      ok: false,
      message: 'The access token may hold only letters, digits, - and _: nothing was saved.',
    });
    expect(h.secrets.entries.has(SECRET_ACCOUNTS.ntfyToken)).toBe(false);
    expect((await save(`tk_${'a1'.repeat(15)}`)).ok).toBe(true);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
  }, 30_000);
});

describe('the alarm of a shift handed off while it rang', () => {
  it('says nothing of "not acknowledged" once the rest of the shift is someone else’s', async () => {
    const { h, s, engine } = await rig('ntfy');
    await h.clock.advanceTo(MY_START + 30_000);
    expect(engine.getState().alarm).toMatchObject({ ringing: true, ackedAt: null });
    await h.clock.advanceTo(MY_START + MIN);
    h.sim.state.addOverride(
      OPS_ID,
      { startMs: MY_START + MIN, endMs: MY_START + 8 * HOUR, userIds: ['usr_alice'] },
      h.clock.now(),
    );
    await engine.handlers['sync:refresh'](null);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    await h.clock.advance(20_000);
    // No alarm named (the one before was never mine to acknowledge): neither ringing nor "not acknowledged".
    expect(engine.getState().alarm).toBeNull();
    expect(s.rang(s.ntfy[0]?.topic ?? '').filter((m) => m.deliverMs === MY_START + 3 * MIN)).toEqual([]);
  }, 30_000);
});
