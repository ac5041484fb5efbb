// The loud alarm notification is taken back after a restart too (adv50 r16 #1): on Linux it is critical and never
// expires, and its id was kept in memory only, so once the app restarted while it rang, "I'm on it", a hand-off or
// the end of the 10-min ring closed nothing, and the screen went on saying "On call now". The id is kept with the
// alarm in alarms.json (signed like the rest of the record). And the restarted app rings on for what is left of the
// 10 min (before: no window, no sound). Real engine, simulator over loopback, fake clock; the notifier records what
// was withdrawn and adopted. Expected instants come from the seed (Ops: me 09:00–17:00 UTC every day).
import { describe, expect, it } from 'vitest';
import type { AlarmSurface } from '../../../electron/core/alarm/surface';
import type { AlarmView } from '../../../electron/shared/alarm-view';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');

function recordingSurface(h: Harness) {
  const shown: { key: string; atMs: number }[] = [];
  const closed: { key: string; atMs: number }[] = [];
  const surface: AlarmSurface = {
    show: (v: AlarmView) => void shown.push({ key: v.key, atMs: h.clock.now() }),
    close: (key: string) => void closed.push({ key, atMs: h.clock.now() }),
  };
  return { surface, shown, closed };
}

/** Rings at 09:00 unanswered; the app quits and starts again at 09:01 (the first read of the new run done). */
async function restartedWhileRinging() {
  const h = await createHarness({ startMs: START, seed: opsSeed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const s = recordingSurface(h);
  const first = h.engine({ alarmSurface: s.surface });
  await first.start();
  await h.clock.advance(1_000);
  await h.clock.advanceTo(MY_START + MIN);
  const rung = h.notifier.shown.filter((n) => n.alarm === true);
  expect(rung).toHaveLength(1);
  const key = rung[0]!.id;
  const shownAs = h.notifier.shownAs(key);
  expect(shownAs).toBeDefined();
  await first.alarmsSettled();
  await h.clock.runWhileAdvancing(first.stop());
  expect(h.notifier.withdrawn).toEqual([]);
  h.notifier.forget();
  const engine = h.engine({ alarmSurface: s.surface });
  await engine.start();
  await h.clock.advance(30_000);
  expect(h.notifier.adopted).toEqual([{ id: key, shownAs }]);
  return { h, engine, key, shownAs: shownAs!, ...s };
}

const done = async (h: Harness, engine: Engine): Promise<void> => {
  await h.clock.runWhileAdvancing(engine.stop());
  await h.close();
};

describe('engine: after a restart while the alarm rings, its notification is still withdrawn', () => {
  it('"I\'m on it" after the restart: withdrawn at once, once', async () => {
    const { h, engine, key } = await restartedWhileRinging();
    await h.clock.advanceTo(MY_START + 2 * MIN);
    expect(await engine.alarmIntent({ kind: 'ack', key }, 'tray')).toEqual({ ok: true });
    await engine.alarmsSettled();
    await h.clock.advanceTo(MY_START + HOUR);
    expect(h.notifier.withdrawn).toEqual([{ id: key, atMs: MY_START + 2 * MIN }]);
    await done(h, engine);
  });

  it('not answered: withdrawn when the 10 min of the first ring end, and rings on until then', async () => {
    const { h, engine, key, shownAs, shown, closed } = await restartedWhileRinging();
    await h.clock.advanceTo(MY_START + 30 * MIN);
    expect(h.notifier.withdrawn).toEqual([{ id: key, atMs: MY_START + 10 * MIN }]);
    // The window is back for the rest of the ring, and the notification re-sent under its id (no second copy).
    const back = shown.filter((v) => v.atMs >= MY_START + MIN);
    expect(back).toHaveLength(1);
    expect(closed.filter((c) => c.key === key).at(-1)?.atMs).toBe(MY_START + 10 * MIN);
    const alarms = h.notifier.shown.filter((n) => n.alarm === true);
    expect(alarms).toHaveLength(2);
    expect(h.notifier.adopted).toEqual([{ id: key, shownAs }]);
    await done(h, engine);
  });

  it('handed off after the restart: withdrawn at the read that tells it', async () => {
    const { h, engine, key } = await restartedWhileRinging();
    await h.clock.advanceTo(MY_START + 2 * MIN);
    h.sim.state.addOverride(
      OPS_ID,
      { startMs: MY_START, endMs: MY_START + 8 * HOUR, userIds: ['usr_bob'] },
      h.clock.now(),
    );
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await engine.alarmsSettled();
    await h.clock.advance(5_000);
    expect(h.notifier.withdrawn.map((w) => w.id)).toEqual([key]);
    expect(h.notifier.withdrawn[0]!.atMs).toBeLessThan(MY_START + 3 * MIN);
    await h.clock.advanceTo(MY_START + HOUR);
    expect(h.notifier.withdrawn.map((w) => w.id)).toEqual([key]);
    await done(h, engine);
  });

  it('restarted after the ring ended (app closed 09:01–09:20): withdrawn at the restart', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const first = h.engine({ alarmSurface: recordingSurface(h).surface });
    await first.start();
    await h.clock.advance(1_000);
    await h.clock.advanceTo(MY_START + MIN);
    const key = h.notifier.shown.filter((n) => n.alarm === true)[0]!.id;
    await first.alarmsSettled();
    await h.clock.runWhileAdvancing(first.stop());
    h.notifier.forget();
    await h.clock.advanceTo(MY_START + 20 * MIN);
    const s = recordingSurface(h);
    const engine = h.engine({ alarmSurface: s.surface });
    await engine.start();
    await h.clock.advance(40_000);
    expect(h.notifier.withdrawn.map((w) => w.id)).toEqual([key]);
    expect(s.shown).toEqual([]);
    expect(h.notifier.shown.filter((n) => n.alarm === true)).toHaveLength(1);
    await done(h, engine);
  });
});
