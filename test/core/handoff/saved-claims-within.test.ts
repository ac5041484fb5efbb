// adv52 round 20 #2: a saved hand-off item on my real block's id whose times were stretched past that block (its
// start moved back into Alice's block, its end into her next one, or its start over time nobody is on call) was kept
// as a plan and shown as "Changed since you planned it: Alice Doe now covers …" with Retry: a claim that time was ever
// mine. An item must lie within my blocks as last read (or carry the plan's own record that it was mine): otherwise
// it is dropped as "a shift that is not yours as last read", said once, the file kept aside, nothing sent.
// Real engine, real files, the simulator, a fake clock. My Berlin block: Thu 26 Mar 08:00Z → Fri 08:00Z.
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { originOf } from '../../../electron/core/storage/cache-origin';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { BLOCK, resumeSaved, savedItem, T0 } from './support/saved-run';

const ID = `sch_berlin|${BLOCK.start}`;

async function outcome(h: Harness, got: unknown) {
  const files = await readdir(h.dir);
  return {
    got,
    writes: h.sim.requests.all().filter((r) => r.method !== 'GET'),
    keptAside: files.filter((f) => f.startsWith('handoff.json.bad-')).length,
  };
}

async function resume(over: object) {
  const { h, engine } = await resumeSaved([savedItem(over)]);
  const got = await engine.handlers['handoff:get'](null);
  const r = await outcome(h, got);
  await engine.stop();
  if (!got.ok) throw new Error('handoff:get failed');
  return { ...r, status: got.value };
}

describe('a saved away item stretched past my block as last read', () => {
  it.each([
    ['its start moved back into Alice’s block', { start: '2026-03-25T08:00:00.000Z' }],
    ['its end pushed into Alice’s next block', { end: '2026-03-28T08:00:00.000Z' }],
  ])('%s: dropped as not mine, said once, kept aside, nothing sent or shown as changed', async (_, over) => {
    const { status, writes, keptAside } = await resume(over);
    expect(writes).toEqual([]);
    expect(status.notice).toMatch(
      /^1 entry of the saved hand-off \(away mode\) was not used \(a shift that is not yours as last read\)/,
    );
    expect(keptAside).toBe(1);
    expect(status.said?.items[ID] ?? '').not.toMatch(/Changed since you planned it/);
    expect(status.run).toBeNull();
  });

  it('the same block within its times is a plan as before: kept, no notice', async () => {
    const { status, keptAside } = await resume({});
    expect(status.notice ?? '').not.toMatch(/was not used/);
    expect(keptAside).toBe(0);
    expect(status.run?.items.map((i) => i.id)).toEqual([ID]);
  });

  it('an item starting two days before my block, over time nobody is on call: dropped, not "nobody is on call"', async () => {
    // The rotation begins on my block (26 Mar 08:00Z, me, then Alice daily): nobody is on call before it.
    const seed = seedOf([
      {
        id: 'sch_gap',
        name: 'Gap',
        zone: 'Etc/UTC',
        rotationStart: BLOCK.start,
        userIds: ['usr_me', 'usr_alice'],
        length: { amount: 1, unit: 'days' as const },
      },
    ]);
    const h = await createHarness({ startMs: T0, seed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_gap'] });
    const origins = { main: originOf({ baseUrl: h.sim.url, email: ME }) };
    const item = savedItem({ id: `sch_gap|${BLOCK.start}`, scheduleId: 'sch_gap', scheduleName: 'Gap' });
    const run = { version: 1, id: 'run1', createdAt: '2026-03-24T09:00:00.000Z', origins };
    const start = '2026-03-24T12:00:00.000Z';
    const items = [{ ...item, id: `sch_gap|${start}`, timeZone: 'Etc/UTC', start }];
    await writeFile(join(h.dir, 'handoff.json'), JSON.stringify({ ...run, items }));
    const engine = h.engine();
    await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
    await h.clock.advance(30_000);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
    const got = await engine.handlers['handoff:get'](null);
    const { writes, keptAside } = await outcome(h, got);
    await engine.stop();
    if (!got.ok) throw new Error('handoff:get failed');
    expect(writes).toEqual([]);
    expect(got.value.notice).toMatch(/not used \(a shift that is not yours as last read\)/);
    expect(got.value.said?.items[items[0]!.id] ?? '').not.toMatch(/nobody is on call|Changed since/);
    expect(keptAside).toBe(1);
  });
});
