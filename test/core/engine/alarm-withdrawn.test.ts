// The loud alarm notification is taken back when the ring ends (adv50 r15 #1): on Linux it is critical and never
// expires, so without a withdraw it kept saying "On call now … Bob Stone hands over to you" after "I'm on it", after a
// hand-off (a shift no longer mine) and after a mute. Real engine, simulator over loopback, fake clock; the notifier
// records what was withdrawn. Expected instants come from the seed (Ops: me 09:00–17:00 UTC every day).
import { describe, expect, it } from 'vitest';
import type { AlarmSurface } from '../../../electron/core/alarm/surface';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');

const surface: AlarmSurface = { show: () => undefined, close: () => undefined };

async function ringing(): Promise<{ h: Harness; engine: Engine; key: string }> {
  const h = await createHarness({ startMs: START, seed: opsSeed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const engine = h.engine({ alarmSurface: surface });
  await engine.start();
  await h.clock.advance(1_000);
  await h.clock.advanceTo(MY_START + MIN);
  const rung = h.notifier.shown.filter((n) => n.alarm === true);
  expect(rung).toHaveLength(1);
  expect(h.notifier.withdrawn).toEqual([]);
  return { h, engine, key: rung[0]!.id };
}

const done = async (h: Harness, engine: Engine): Promise<void> => {
  await h.clock.runWhileAdvancing(engine.stop());
  await h.close();
};

describe('engine: the alarm notification is withdrawn when the ring ends', () => {
  it('"I\'m on it": withdrawn at once, once', async () => {
    const { h, engine, key } = await ringing();
    expect(await engine.alarmIntent({ kind: 'ack', key })).toEqual({ ok: true });
    await engine.alarmsSettled();
    const ackMs = h.clock.now();
    await h.clock.advanceTo(MY_START + HOUR);
    expect(h.notifier.withdrawn).toEqual([{ id: key, atMs: ackMs }]);
    await done(h, engine);
  });

  it('handed off while it rings (Bob takes the shift back): withdrawn at the read that tells it', async () => {
    const { h, engine, key } = await ringing();
    h.sim.state.addOverride(
      OPS_ID,
      { startMs: MY_START, endMs: MY_START + 8 * HOUR, userIds: ['usr_bob'] },
      h.clock.now(),
    );
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await engine.alarmsSettled();
    await h.clock.advance(5_000);
    expect(h.notifier.withdrawn.map((w) => w.id)).toEqual([key]);
    expect(h.notifier.withdrawn[0]!.atMs).toBeLessThan(MY_START + 2 * MIN);
    await h.clock.advanceTo(MY_START + HOUR);
    expect(h.notifier.withdrawn.map((w) => w.id)).toEqual([key]);
    await done(h, engine);
  });

  it('muted while it rings: withdrawn at the mute', async () => {
    const { h, engine, key } = await ringing();
    const accountId = engine.getState().settings.accounts[0]?.id;
    if (accountId === undefined) throw new Error('no account');
    const answer = await h.clock.runWhileAdvancing(
      engine.handlers['settings:update']({ account: { id: accountId, muted: true } }),
    );
    expect(answer).toMatchObject({ ok: true });
    await engine.alarmsSettled();
    await h.clock.advance(5_000);
    expect(h.notifier.withdrawn.map((w) => w.id)).toEqual([key]);
    expect(h.notifier.withdrawn[0]!.atMs).toBeLessThan(MY_START + 2 * MIN);
    await done(h, engine);
  });

  it('not answered: withdrawn when the ring ends after 10 min', async () => {
    const { h, engine, key } = await ringing();
    await h.clock.advanceTo(MY_START + 30 * MIN);
    expect(h.notifier.withdrawn).toEqual([{ id: key, atMs: MY_START + 10 * MIN }]);
    await done(h, engine);
  });
});
