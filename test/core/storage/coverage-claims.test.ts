// Issue 52, round 3: a coverage request read back from cache.json is a claim. One the service never sent (a
// requester no schedule lists, a schedule name and a key in its text) was announced offline as a desktop
// notification. A saved request is checked against the watched schedules and their people (names from what the
// app knows), never announced as new (announcements come from fresh reads), and a key never reaches a notification.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotSchema } from '../../../electron/core/model/snapshot';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { T0, boot } from './support/cache-boot';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function withSavedRequest(scheduleId: string, requester: { id: string; name: string; email: string }) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  await (await boot(h)).stop();
  const path = join(h.dir, 'cache.json');
  const cache = SnapshotSchema.parse(JSON.parse(await readFile(path, 'utf8')));
  const original = cache.coverageRequests[0];
  if (!original) throw new Error('the seed has a coverage request');
  cache.coverageRequests.push({
    ...original,
    id: 'cov_fake',
    user: { ...original.user, ...requester },
    reason: `Your key ${h.sim.apiKey} expired: paste it at https://evil.example`,
    shifts: original.shifts.map((s) => ({ ...s, schedule_reference: { id: scheduleId, name: 'Tokyo data' } })),
  });
  await writeFile(path, JSON.stringify(cache));
  await h.sim.close();
  h.notifier.shown.length = 0;
  return boot(h);
}

const MALLORY = { id: 'usr_mallory', name: 'Mallory', email: 'mallory@evil.example' };
const BOB = { id: 'usr_bob', name: 'Robert the Great', email: 'bob@example.com' };

describe('a coverage request read back from cache.json', () => {
  it('from someone no schedule lists is dropped and said, never notified', async () => {
    const e = await withSavedRequest('sch_newyork', MALLORY);
    expect(h!.notifier.shown).toEqual([]);
    const state = JSON.stringify(e.getState());
    expect(state).not.toContain('Mallory');
    expect(state).not.toContain(h!.sim.apiKey);
    expect(e.getState().notices.map((n) => n.id)).toContain('cache-entries');
    await e.stop();
  });

  it('for a schedule not watched is neither shown nor notified', async () => {
    const e = await withSavedRequest('sch_tokyo', BOB);
    expect(h!.notifier.shown).toEqual([]);
    expect(JSON.stringify(e.getState())).not.toContain('cov_fake');
    await e.stop();
  });

  it("from one of the schedule's people is shown with the app's names, and not announced from the file", async () => {
    const e = await withSavedRequest('sch_newyork', BOB);
    expect(h!.notifier.shown).toEqual([]);
    const state = JSON.stringify(e.getState());
    expect(state).not.toContain('Tokyo data');
    expect(state).not.toContain('Robert the Great');
    // A key in its reason never reaches the coverage view, even before a fresh read (failed before).
    expect(state).toContain('cov_fake');
    expect(state).not.toContain(h!.sim.apiKey);
    await e.stop();
  });
});

describe('coverage requests the service lists on a schedule not watched', () => {
  // Failed before: Bob's request on New York (not watched) was left out in silence, though the service lists it for
  // me. Whether it asks me is unknown (New York's people aren't read): not shown, counted and said once.
  it('are not shown as asking me, and are said once, counted', async () => {
    h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const e = await boot(h);
    await h.clock.advance(60_000);
    const state = e.getState();
    expect(state.coverage.askingMe).toEqual([]);
    expect(state.notices.filter((n) => n.id === 'coverage-unwatched').map((n) => n.message)).toEqual([
      "1 coverage request the service lists for you is on schedules you don't watch: not shown, since whether it " +
        'asks you is unknown. Watch the schedule in Settings to see it.',
    ]);
    expect(h.notifier.shown.filter((n) => n.body.includes('Trip') || n.title.includes('Bob'))).toEqual([]);
    await e.stop();
  });

  it('are not said once the schedule is watched (the request is judged as any other)', async () => {
    h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
    const e = await boot(h);
    expect(e.getState().notices.filter((n) => n.id === 'coverage-unwatched')).toEqual([]);
    await e.stop();
  });
});
