// Issue 52, round 8 (F2, F3): saved shift times are claims. A saved shift of mine ending in 9999 was notified ("until
// at least 1 Jan 10000"), shown and published; one ending before it starts was dropped in silence and the tray said
// "Uncovered: Berlin primary". Now a schedule whose saved shifts can't be true is dropped, said once, the file kept
// aside, and its time is unknown until read again: never notified from, never "Uncovered".
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-26T05:00:00Z');
/** My real Berlin block in threeZoneSeed: 26 Mar 08:00Z → 27 Mar 08:00Z. */
const MY_START = '2026-03-26T08:00:00Z';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface CacheFile {
  schedules: { id: string; shifts: { start: string; end: string }[] }[];
}

/** Online once (cache written), my Berlin block's end changed to `end`, restarted offline until 08:05Z. */
async function tamperedRun(end: string | undefined) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  let e = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(10 * 60_000);
  await e.stop();
  const shownBefore = h.notifier.shown.length;
  const path = join(h.dir, 'cache.json');
  const cache = JSON.parse(await readFile(path, 'utf8')) as CacheFile;
  const mine = cache.schedules.find((s) => s.id === 'sch_berlin')?.shifts.find((s) => s.start === MY_START);
  expect(mine).toBeDefined();
  if (mine && end !== undefined) mine.end = end;
  await writeFile(path, JSON.stringify(cache));
  h.sim.faults.set('*', { status: 503 });
  e = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advanceTo(Date.parse('2026-03-26T08:05:00Z'));
  const state = e.getState();
  const out = {
    shown: h.notifier.shown.slice(shownBefore).map((n) => `${n.title} / ${n.body}`),
    notices: state.notices.map((n) => n.message),
    tooltip: trayTooltip(state, h.clock.now(), 'Europe/Berlin'),
    ics: await e.calendar(14),
    files: await readdir(h.dir),
  };
  await e.stop();
  return out;
}

describe('saved shift times read back', () => {
  it('control: my saved block is notified from saved data', async () => {
    const r = await tamperedRun(undefined);
    expect(r.shown.join('\n')).toMatch(/On call now/);
    expect(r.files.some((f) => f.startsWith('cache.json.bad-'))).toBe(false);
  }, 20_000);

  for (const [name, end] of [
    ['ending in year 9999', '9999-12-31T23:00:00Z'],
    ['ending before it starts', '2026-03-26T07:00:00Z'],
  ] as const) {
    it(`a block of mine ${name} is dropped with its schedule, said once, kept aside; never "Uncovered"`, async () => {
      const r = await tamperedRun(end);
      const said = r.notices.filter((n) => n.includes("a shift whose times can't be true"));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/kept as .*cache\.json\.bad-/);
      expect(r.files.some((f) => f.startsWith('cache.json.bad-'))).toBe(true);
      // Not notified, shown or published from it: Berlin's time is unknown, not "nobody".
      expect(r.shown.join('\n')).not.toMatch(/10000|Berlin primary/);
      expect(r.tooltip).not.toMatch(/Uncovered|10000|On call: Berlin/);
      expect(r.ics).not.toMatch(/DTEND:2026041|Berlin primary/);
    }, 20_000);
  }
});
