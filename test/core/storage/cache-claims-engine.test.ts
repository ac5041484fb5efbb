// Issue 52, adversarial round 2: the saved schedule data (cache.json) read back by the real engine (real files, the
// simulator, a fake clock) is checked against what the app knows now, like every file: a schedule not watched now,
// or one whose shifts name someone its own people don't list (an address not among the schedule's users), is
// dropped, said once, and the file kept aside before anything replaces it. Before, the first was dropped and
// overwritten with no notice and no backup; the second was shown as saved data.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SnapshotSchema, type Snapshot } from '../../../electron/core/model/snapshot';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MIN, ms } from '../../support/time';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function savedThen(damage: (cache: Snapshot) => void, down: boolean) {
  h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const e = h.engine({ serveCalendarFeed: false, alarms: false });
  await e.start();
  await h.clock.advance(1000);
  await e.stop();
  const cache = SnapshotSchema.parse(JSON.parse(await readFile(join(h.dir, 'cache.json'), 'utf8')));
  damage(cache);
  const text = JSON.stringify(cache);
  await writeFile(join(h.dir, 'cache.json'), text);
  if (down) h.sim.faults.set('*', { status: 503 });
  const e2 = h.engine({ serveCalendarFeed: false, alarms: false });
  await e2.start();
  await h.clock.advance(MIN);
  const state = e2.getState();
  await e2.stop();
  const backups = (await readdir(h.dir)).filter((n) => n.startsWith('cache.json.bad-'));
  const kept = await Promise.all(backups.map((n) => readFile(join(h?.dir ?? '', n), 'utf8')));
  return { state, kept, text };
}

it('a schedule not watched now is dropped, said once, and the file kept aside before it is overwritten', async () => {
  const { state, kept, text } = await savedThen((c) => {
    const s = c.schedules.find((x) => x.id === 'sch_newyork');
    if (s) s.id = 'sch_tokyo';
  }, false);
  expect(state.notices.map((n) => n.message)).toEqual([
    expect.stringMatching(
      /^1 entry of the saved schedule data was not used \(a schedule not watched now\)\. The file was kept as .*cache\.json\.bad-[0-9TZ]+\.$/,
    ),
  ]);
  expect(kept).toEqual([text]);
  expect(state.schedules.map((s) => s.id)).toEqual(['sch_berlin', 'sch_newyork']);
});

it('shifts naming someone the schedule does not list are not shown as saved data: dropped, said once, kept aside', async () => {
  const { state, kept, text } = await savedThen((c) => {
    const s = c.schedules.find((x) => x.id === 'sch_berlin');
    for (const shift of s?.shifts ?? [])
      for (const u of shift.users)
        if (u.email === 'alice@example.com') Object.assign(u, { email: 'mallory@evil.example', name: 'Mallory' });
  }, true);
  expect(JSON.stringify(state.schedules)).not.toMatch(/mallory/i);
  expect(state.schedules.find((s) => s.id === 'sch_berlin')?.status.kind).toBe('error');
  expect(state.notices.map((n) => n.message)).toEqual([
    expect.stringMatching(
      /^1 entry .* was not used \(a shift naming someone the schedule does not list\)\. .* They will be fetched again\.$/,
    ),
  ]);
  expect(kept).toEqual([text]);
});
