// adv50 r33: the laptop cut off from ntfy (ECONNREFUSED on every request and answer stream; the server still runs)
// while the 09:00 alarm waits. Readiness is per shift: a booking that didn't land is said for the shift it is for,
// with its start ("the phone alert for Thu 10:00 may not be booked"), never as Wednesday's, whose booking the server
// holds; and the phone's answer that can't be read is said for as long as it lasts, not replaced by the booking line.
// Real engine, simulator, fake clock, loopback ntfy stand-in; the expected lines are worded here from the world.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { fetchStream } from '../../../electron/core/escalation/http-stream';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { alertsOn, closeStands, MIN, MY_START, START, startStand, TOMORROW, TOPIC } from '../support/phone-engine-rig';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import type { StandIn } from '../../support/phone-standin';

afterEach(closeStands);
const settle = () => new Promise((done) => setTimeout(done, 15));
const REFUSED = 'could not connect (ECONNREFUSED)';
/** The engine's zone (engine-harness.ts): a start's day and time as the user reads them. */
const dayTime = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(ms)
    .replace(',', '');
const UNREAD = `Phone escalation: the phone’s answer can’t be read: ${REFUSED}.`;
const notBooked = (startMs: number) =>
  `Phone escalation: the phone alert for ${dayTime(startMs)} may not be booked: ${REFUSED}; trying again each minute.`;

interface World {
  h: Harness;
  s: StandIn;
  engine: Engine;
  net: { down: boolean };
}

/** Me on Ops 09:00–17:00 daily; Settings → Phone saved at `startMs` (ntfy, ring after 3 min); `down` from then. */
async function world(down = false, startMs = START): Promise<World> {
  const h = await createHarness({ startMs, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const s = await startStand(h);
  const net = { down };
  const cause = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  const refuse = () => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause }));
  const engine = h.engine({
    phone: {
      send: (req, t) => (net.down ? refuse() : h.clock.inFlight.track(fetchSend(req, t))),
      stream: (req, on, sig) => (net.down ? refuse() : fetchStream(req, on, sig)),
    },
  });
  await engine.start();
  await h.clock.advance(1000);
  const saved = await engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
    secrets: { ntfyTopic: TOPIC },
  });
  expect(saved.ok).toBe(true);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  return { h, s, engine, net };
}

const phoneCheck = (w: World) => w.engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
const at = async (w: World, ms: number) => (await w.h.clock.advanceTo(ms), await settle());
const menuText = (w: World) => JSON.stringify(buildTrayMenu(w.engine.getState(), w.h.clock.now(), 'UTC'));

async function end(w: World) {
  await w.h.clock.runWhileAdvancing(w.engine.stop());
  await w.h.close();
}

describe('cut off from ntfy while the alarm waits (adv50 r33)', () => {
  it('says the answer can’t be read while it lasts, and no other shift’s booking as Wednesday’s', async () => {
    const w = await world();
    const thursday = TOMORROW + 24 * 60 * MIN;
    await at(w, START + 60 * MIN);
    w.net.down = true;
    await at(w, MY_START + 3.5 * MIN);
    const rang = alertsOn(w.s, TOPIC);
    expect(rang).toHaveLength(1);
    await w.s.tapAction(rang[0]!);
    for (const m of [5, 20]) {
      await at(w, MY_START + m * MIN);
      // The server holds Wednesday's booking; Thursday's (tried from 09:03) is the one that fails.
      expect(w.s.scheduled(TOPIC).map((x) => x.deliverMs)).toEqual([TOMORROW + 3 * MIN]);
      expect(w.engine.getState().me.readiness?.shift.start).toBe(new Date(TOMORROW).toISOString().replace('.000', ''));
      expect(phoneCheck(w)?.message, `09:${m}`).toBe(UNREAD);
      expect(menuText(w)).not.toContain('may not be booked');
      expect(menuText(w)).toContain(UNREAD);
      expect(w.engine.getState().alarm?.ackSource ?? null).toBeNull();
    }
    await at(w, MY_START + 29 * MIN);
    w.net.down = false;
    for (let i = 0; i < 60 && !w.engine.getState().alarm?.ackSource; i++) await at(w, w.h.clock.now() + 1000);
    await at(w, w.h.clock.now() + 3 * MIN);
    const alarm = w.engine.getState().alarm;
    expect(alarm?.ackSource).toBe('phone');
    expect(alarm?.ackedAt && Date.parse(alarm.ackedAt)).toBe(MY_START + 3.5 * MIN);
    expect(alertsOn(w.s, TOPIC)).toHaveLength(1);
    expect(w.s.scheduled(TOPIC).map((x) => x.deliverMs)).toEqual([TOMORROW + 3 * MIN, thursday + 3 * MIN]);
    expect(phoneCheck(w)?.result).not.toBe('problem');
    await end(w);
  }, 120_000);

  it('says "not ready" for the next shift when its own booking failed, named by its start', async () => {
    const w = await world(true, MY_START - 10 * MIN);
    await at(w, MY_START + 1 * MIN);
    const key = w.engine.getState().alarm!.key;
    expect(await w.h.clock.runWhileAdvancing(w.engine.alarmIntent({ kind: 'ack', key }, 'tray'))).toEqual({ ok: true });
    await at(w, MY_START + 5 * MIN);
    expect(w.s.scheduled(TOPIC)).toEqual([]);
    // Wednesday's own booking failed (so did Thursday's): Wednesday's readiness says Wednesday's, only.
    expect(phoneCheck(w)).toMatchObject({ result: 'problem', message: notBooked(TOMORROW) });
    expect(menuText(w)).toContain(`Not ready for your shift at Wed 09:00 — ${notBooked(TOMORROW)}`);
    await end(w);
  }, 120_000);

  it('acknowledged on the laptop at 09:01, cut off 09:02:30–09:10: no false line', async () => {
    const w = await world();
    await at(w, MY_START + 1 * MIN);
    const key = w.engine.getState().alarm!.key;
    expect(await w.h.clock.runWhileAdvancing(w.engine.alarmIntent({ kind: 'ack', key }, 'tray'))).toEqual({ ok: true });
    await at(w, MY_START + 2.5 * MIN);
    w.net.down = true;
    await at(w, MY_START + 5 * MIN);
    expect(w.s.scheduled(TOPIC).map((x) => x.deliverMs)).toEqual([TOMORROW + 3 * MIN]);
    expect(phoneCheck(w)?.result).not.toBe('problem');
    expect(menuText(w)).not.toMatch(/may not be booked|can’t be read/);
    w.net.down = false;
    await at(w, MY_START + 12 * MIN);
    expect(phoneCheck(w)?.result).not.toBe('problem');
    await end(w);
  }, 120_000);
});
