// The app started after a shift start (issue 50, adv50 round 8 #2): a restart or the first run at 09:02 rings the
// late alarm ("On call since 10:00") as the start's notice, and the "On call now — You have been on call … since"
// catch-up is not sent beside it, as after a sleep. Real engine, simulator (opsSeed: me on Ops 09:00–17:00 UTC),
// fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');

const surface = { show: () => undefined, close: () => undefined };

async function harnessAt(startMs: number): Promise<Harness> {
  const h = await createHarness({ startMs, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  return h;
}

/** What was shown from `fromMs` on: the loud ones marked. */
const shownFrom = (h: Harness, fromMs: number) =>
  h.notifier.shown.filter((n) => n.atMs >= fromMs).map((n) => `${n.alarm === true ? '[ALARM] ' : ''}${n.title}`);

describe('started after a shift start: the late alarm is its one notice', () => {
  it('restart at 09:02 (the app ran 06:00–06:30)', async () => {
    const h = await harnessAt(START);
    const first = h.engine({ alarmSurface: surface });
    await first.start();
    await h.clock.advanceTo(START + 30 * MIN);
    await first.stop();
    await h.clock.advanceTo(MY_START + 2 * MIN);
    const engine = h.engine({ alarmSurface: surface });
    await engine.start();
    await h.clock.advance(60_000);
    const shown = shownFrom(h, MY_START);
    expect(shown.filter((t) => t.startsWith('[ALARM]'))).toEqual(['[ALARM] On call since 10:00 (09:00 UTC) — Ops']);
    expect(h.notifier.shown.filter((n) => /You have been on call/.test(n.body))).toEqual([]);
    await engine.stop();
  });

  it('first run ever at 09:02', async () => {
    const h = await harnessAt(MY_START + 2 * MIN);
    const engine = h.engine({ alarmSurface: surface });
    await engine.start();
    await h.clock.advance(60_000);
    const shown = shownFrom(h, MY_START);
    expect(shown.filter((t) => t.startsWith('[ALARM]'))).toEqual(['[ALARM] On call since 10:00 (09:00 UTC) — Ops']);
    expect(h.notifier.shown.filter((n) => /You have been on call/.test(n.body))).toEqual([]);
    await engine.stop();
  });
});
