// A refused handoff.json (damaged, a newer version's) was said only inside the away window (handoff:get), never in
// the app's notices, though every other record file is said there (fix52ac left it): a user who never opens the away
// window never learnt that a hand-off of theirs was not resumed. Now said once in the app's notices too, the file
// kept aside. Real engine, a real data folder, the simulator, a fake clock. Failed before: no notice.
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { T0 } from './support/saved-run';

async function startWith(text: string) {
  const h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  await writeFile(join(h.dir, 'handoff.json'), text);
  const engine = h.engine();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
  await h.clock.advance(5_000);
  const notices = engine.getState().notices.map((n) => n.message);
  const writes = h.sim.requests.all().filter((r) => r.method !== 'GET');
  const copies = (await readdir(h.dir)).filter((f) => f.startsWith('handoff.json.bad-'));
  await engine.stop();
  return { notices, writes, copies };
}

describe('a refused hand-off file reaches the app’s notices', () => {
  it('damaged: said once in the notices, kept aside, nothing sent', async () => {
    const { notices, writes, copies } = await startWith('{"version":1,"items":[{"id":');
    const said = notices.filter((m) => m.includes('saved hand-off'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/damaged, so nothing of it was sent again\. It was kept as .*handoff\.json\.bad-/);
    expect(copies).toHaveLength(1);
    expect(writes).toEqual([]);
  });

  it('a newer version’s: said once in the notices as such, never as damaged', async () => {
    const run = { version: 99, id: 'r', createdAt: '2026-03-24T09:00:00.000Z', items: [] };
    const { notices, copies } = await startWith(JSON.stringify(run));
    const said = notices.filter((m) => m.includes('saved hand-off'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('written by a newer version of the app (format 99)');
    expect(said[0]).not.toMatch(/damaged/);
    expect(copies).toHaveLength(1);
  });
});
