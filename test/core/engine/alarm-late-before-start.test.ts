// With "5 min before" on, an alarm that rings late but still before the start (asleep 08:50–08:57, or a block given
// 3 min ahead) says "On call at 10:00" in its window as in its notification, and "since" only once started
// (adv50 r18 #1). Real engine, simulator, fake clock; Ops: me 09:00–17:00 UTC (the seed), Berlin local. Failed before:
// the window said "On call since 10:00 (09:00 UTC)" at 09:57 local, 3 min before the shift.
import { describe, expect, it } from 'vitest';
import type { AlarmSurface } from '../../../electron/core/alarm/surface';
import type { AlarmView } from '../../../electron/shared/alarm-view';
import { alarmWords } from '../../../electron/shared/alarm-words';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T08:30:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const ZONE = 'Europe/Berlin';

type Moves = { power: (e: 'resume') => void; sync: () => Promise<void> };

async function fiveBefore(move: (h: Harness, m: Moves) => Promise<void>) {
  const h = await createHarness({ startMs: START, seed: opsSeed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const shown: { view: AlarmView; atMs: number }[] = [];
  const surface: AlarmSurface = { show: (view) => void shown.push({ view, atMs: h.clock.now() }), close: () => {} };
  const engine = h.engine({ alarmSurface: surface, localZone: () => ZONE });
  await engine.start();
  await h.clock.advance(1_000);
  const { reminders } = engine.getState().settings;
  const set = await engine.handlers['settings:update']({ reminders: { ...reminders, startAlarm: '5-min-before' } });
  expect(set.ok).toBe(true);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  await h.clock.advanceTo(MY_START - 10 * MIN);
  await move(h, {
    power: (e) => engine.power(e),
    sync: async () => {
      await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
      await h.clock.runWhileAdvancing(engine.alarmsSettled());
    },
  });
  const windowAt = (nowMs: number) => {
    const v = shown[0]?.view;
    return v ? alarmWords(v, { nowMs, locale: 'en-GB', ...(v.localZone ? { localZone: v.localZone } : {}) }) : null;
  };
  const ringMs = shown[0]?.atMs ?? 0;
  const before = { window: windowAt(ringMs)?.headline, late: shown[0]?.view.late };
  const title = h.notifier.shown.find((n) => n.alarm === true)?.title;
  const after = windowAt(MY_START + 30_000)?.headline;
  await h.clock.runWhileAdvancing(engine.stop());
  await h.close();
  return { ringMs, before, title, after, rings: shown.length };
}

describe('a late 5-min-before alarm still before the start', () => {
  it('asleep over its due time: window and notification both say "On call at 10:00"', async () => {
    const r = await fiveBefore(async (h, { power }) => {
      h.clock.sleep(7 * MIN); // lid closed 08:50–08:57 UTC; the alarm was due 08:55
      power('resume');
      await h.clock.advance(31_000);
    });
    expect(r.ringMs).toBeGreaterThanOrEqual(MY_START - 3 * MIN);
    expect(r.ringMs).toBeLessThan(MY_START);
    expect(r.before).toEqual({ window: 'On call at 10:00 (09:00 UTC)', late: true });
    expect(r.title).toBe('On call at 10:00 (09:00 UTC) — Ops');
    // Once started, a late ring says since when: true then.
    expect(r.after).toBe('On call since 10:00 (09:00 UTC)');
    expect(r.rings).toBe(1);
  }, 30_000);

  it('a block given 3 min ahead: its start is worded "at" on both surfaces', async () => {
    const r = await fiveBefore(async (h, { sync }) => {
      const now = h.clock.now(); // 08:50 UTC: the manager gives me 08:53–09:00 too; its alarm was due 08:48
      h.sim.state.addOverride(OPS_ID, { startMs: MY_START - 7 * MIN, endMs: MY_START, userIds: ['usr_me'] }, now);
      await sync();
      await h.clock.advance(30_000);
    });
    expect(r.before.window).toBe('On call at 09:53 (08:53 UTC)');
    expect(r.title).toBe('On call at 09:53 (08:53 UTC) — Ops');
  }, 30_000);
});
