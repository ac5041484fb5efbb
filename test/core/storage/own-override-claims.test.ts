// Issue 52, round 3: an "override this app made" read back from cache.json is a claim. Until the service confirms it
// (read by id, same window, me on it) it is never offered as "Hand back", never written from, and never explains a
// change to my shifts away. Real engine, fs data folder, simulator, fake clock.
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

const CAROL = { id: 'usr_carol', name: 'Carol Lee', email: 'carol@example.com' };
const MALLORY = { id: 'usr_alice', name: 'Alice Doe', email: 'mallory@evil.example' };

async function withFakeTakeOver(id: string, replaced: typeof CAROL) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  await (await boot(h)).stop();
  const path = join(h.dir, 'cache.json');
  const cache = SnapshotSchema.parse(JSON.parse(await readFile(path, 'utf8')));
  cache.createdOverrides.push({
    id,
    scheduleId: 'sch_berlin',
    start: '2026-03-24T09:00:00Z',
    end: '2026-03-25T08:00:00Z',
    createdAt: '2026-03-24T09:00:00Z',
    kind: 'take-over',
    replaced: [replaced],
  });
  await writeFile(path, JSON.stringify(cache));
  return boot(h);
}

describe('a take-over in cache.json the app never made', () => {
  for (const [label, id, who] of [
    ['Carol, not on the schedule', 'ovr_never_made', CAROL],
    ['no id', '', CAROL],
    ["Alice's name with another address", 'ovr_never_made', MALLORY],
  ] as const) {
    it(`is not offered as Hand back and nothing is written from it (${label})`, async () => {
      const e = await withFakeTakeOver(id, who);
      const opts = await e.handlers['take-over:options'](null);
      expect(opts.ok && opts.value.find((o) => o.scheduleId === 'sch_berlin')?.handBack).toBeNull();
      const writesBefore = h!.sim.requests.all().filter((r) => r.method !== 'GET').length;
      await e.handlers['take-over:hand-back']({ scheduleId: 'sch_berlin' });
      await h!.clock.advance(2_000);
      expect(h!.sim.requests.all().filter((r) => r.method !== 'GET').length).toBe(writesBefore);
      await e.stop();
    });
  }
});

describe('an own override read back from cache.json', () => {
  it('made by this app is confirmed by the service and still offered as Hand back after a restart', async () => {
    h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
    let e = await boot(h);
    const took = await e.handlers['take-over:now']({ scheduleId: 'sch_newyork' });
    expect(took.ok && took.value.outcome.status).toBe('created');
    await h.clock.advance(5_000);
    await e.stop();
    e = await boot(h);
    const opts = await e.handlers['take-over:options'](null);
    const back = opts.ok ? opts.value.find((o) => o.scheduleId === 'sch_newyork')?.handBack : undefined;
    expect(back?.to.map((p) => p.name)).toEqual(['Bob Stone']);
    await e.stop();
  });

  it("the app never made doesn't explain away a change to my shifts: the removal is still told", async () => {
    h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
    await (await boot(h)).stop();
    const path = join(h.dir, 'cache.json');
    const cache = SnapshotSchema.parse(JSON.parse(await readFile(path, 'utf8')));
    const fetchedAt = cache.schedules.find((s) => s.id === 'sch_berlin')?.shiftsFetchedAt ?? '';
    const window = { start: '2026-03-26T08:00:00Z', end: '2026-03-27T08:00:00Z' };
    cache.createdOverrides.push({
      id: 'ovr_x',
      scheduleId: 'sch_berlin',
      ...window,
      createdAt: fetchedAt,
    });
    await writeFile(path, JSON.stringify(cache));
    await h.clock.advance(60_000);
    // A manager has Alice cover my 03-26 block while the app is closed.
    const r = await fetch(`${h.sim.url}/schedules/sch_berlin/overrides/`, {
      method: 'POST',
      headers: { 'x-api-key': h.sim.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ ...window, user_references: [{ type: 'email', value: 'alice@example.com' }] }),
    });
    expect(r.status).toBe(201);
    h.notifier.shown.length = 0;
    const e = await boot(h);
    await h.clock.advance(60_000);
    expect(h.notifier.shown.map((n) => n.title)).toContain('Your shift was removed');
    await e.stop();
  });
});

describe('an own override the service does not show', () => {
  it('is dropped by the sync pass and said once, in the load notice words (failed before: dropped in silence)', async () => {
    h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
    await (await boot(h)).stop();
    const path = join(h.dir, 'cache.json');
    const cache = SnapshotSchema.parse(JSON.parse(await readFile(path, 'utf8')));
    const fetchedAt = cache.schedules.find((s) => s.id === 'sch_berlin')?.shiftsFetchedAt ?? '';
    const record = { scheduleId: 'sch_berlin', start: '2026-03-26T08:00:00Z', end: '2026-03-27T08:00:00Z' };
    cache.createdOverrides.push({ id: 'ovr_gone', ...record, createdAt: fetchedAt, kind: 'take-over' });
    await writeFile(path, JSON.stringify(cache));
    const e = await boot(h);
    await h.clock.advance(60_000);
    const said = e.getState().notices.filter((n) => n.message.includes('saved schedule data'));
    expect(said.map((n) => n.message)).toEqual([
      '1 entry of the saved schedule data was not used (an override by this app that the service does not show as saved).',
    ]);
    expect(e.getState().notices.filter((n) => n.id === 'cache-entries-checked')).toHaveLength(1);
    await e.stop();
  });
});
