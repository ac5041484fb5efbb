// adv52 r51 #2 #3 #4: said-later.json (what a quit kept aside, said by the next start) is itself read back as a
// claim. A record the app can't read is kept aside and said once; one put back after it was said, or naming a copy
// its last run can't have kept, is not told as fact; a folder moved to another path still finds its copy. Real
// engine, simulator over loopback, real files, fake clock; what is expected is read from the folder itself.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { dataRoot } from '../../support/data-root';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import type { FileStore } from '../../../electron/core/ports';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');
const RECORD = 'said-later.json';

const filesAt = (h: Harness, dir: string): FileStore => ({
  ...createFsFileStore(dir, { now: () => h.clock.now() }),
  location: dir,
});

/** Starts an engine on `dir`, lets its first reads settle, gives back its notices (then stops it). */
async function noticesAtStart(h: Harness, dir = h.dir): Promise<string[]> {
  const c = h.engine({ files: filesAt(h, dir) });
  await h.clock.runWhileAdvancing(c.start(), 1000, 60);
  await h.clock.advance(2 * MIN);
  const said = c.getState().notices.map((n) => n.message);
  await c.stop();
  await h.clock.advance(MIN);
  return said;
}

const named = async (dir: string, prefix: string): Promise<string[]> =>
  (await readdir(dir)).filter((n) => n.startsWith(prefix));

/** A real quit that keeps cache.json aside (cut while the app ran) and records it: the copy's name and the record. */
async function realQuit(): Promise<{ h: Harness; copy: string; record: string }> {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const a = h.engine({ files: filesAt(h, h.dir) });
  await h.clock.runWhileAdvancing(a.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  const text = await readFile(join(h.dir, 'cache.json'), 'utf8');
  await writeFile(join(h.dir, 'cache.json'), text.slice(0, text.length >> 1));
  await h.clock.advance(20 * MIN);
  await a.stop();
  await h.clock.advance(MIN);
  const copies = await named(h.dir, 'cache.json.bad-');
  expect(copies).toHaveLength(1);
  return { h, copy: copies[0]!, record: await readFile(join(h.dir, RECORD), 'utf8') };
}

/** `.bad-20260310T102500Z` for an instant (the app's copy naming, backup-copies.ts), computed here on its own. */
const stampOf = (ms: number): string =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

describe('said-later.json is read back as a claim', () => {
  const refused: Record<string, (record: string) => string> = {
    'cut short': (r) => r.slice(0, r.length >> 1),
    'of version 99': (r) => r.replace('"version":1', '"version":99'),
    'with 2000 entries': (r) => {
      const entries = /"kept":\[(.*)\]/.exec(r)?.[1] ?? '';
      return `{"version":1,"kept":[${Array.from({ length: 2000 }, () => entries).join(',')}]}`;
    },
  };
  for (const [kind, spoil] of Object.entries(refused)) {
    it(`a record ${kind} is kept aside and said once, never deleted unsaid`, async () => {
      const { h, record } = await realQuit();
      const spoilt = spoil(record);
      await writeFile(join(h.dir, RECORD), spoilt);
      const next = await noticesAtStart(h);
      const kept = await named(h.dir, `${RECORD}.bad-`);
      expect(kept).toHaveLength(1);
      expect(await readFile(join(h.dir, kept[0]!), 'utf8')).toBe(spoilt);
      expect(next.filter((m) => m.includes(join(h.dir, kept[0]!)))).toHaveLength(1);
      expect((await noticesAtStart(h)).filter((m) => m.includes(kept[0]!))).toEqual([]);
    }, 120_000);
  }

  it('a data folder moved to another path between runs still says the copy kept at quit, once', async () => {
    const { h, copy } = await realQuit();
    const moved = await mkdtemp(join(dataRoot(), 'oncall-moved-'));
    try {
      await cp(h.dir, moved, { recursive: true });
      await rm(h.dir, { recursive: true, force: true });
      const next = await noticesAtStart(h, moved);
      expect(next.filter((m) => m.includes(`${join(moved, copy)}.`))).toHaveLength(1);
    } finally {
      await rm(moved, { recursive: true, force: true });
    }
  }, 120_000);

  it('an older record put back after it was said says the copy no second time', async () => {
    const { h, copy, record } = await realQuit();
    const first = await noticesAtStart(h);
    expect(first.filter((m) => m.includes(copy))).toHaveLength(1);
    await writeFile(join(h.dir, RECORD), record);
    const second = await noticesAtStart(h);
    expect(second.filter((m) => m.includes(copy))).toEqual([]);
    // Not dropped unsaid either: the record put back is kept aside and said once.
    const kept = await named(h.dir, `${RECORD}.bad-`);
    expect(kept).toHaveLength(1);
    expect(second.filter((m) => m.includes(kept[0]!))).toHaveLength(1);
  }, 120_000);

  const impossible: Record<string, (nowMs: number) => number> = {
    'four years ahead of the clock': (now) => now + 4 * 365 * 24 * 60 * MIN,
    'in 1999': () => Date.UTC(1999, 0, 1),
    'before the last run began': () => START - 60 * MIN,
  };
  for (const [when, at] of Object.entries(impossible)) {
    it(`an entry naming a copy stamped ${when} is not told as fact`, async () => {
      const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
      await noticesAtStart(h);
      const copy = `cache.json.bad-${stampOf(at(h.clock.now()))}`;
      await writeFile(join(h.dir, copy), 'x');
      // By its path in this folder, as records before file names only were written (still taken).
      const entry = { name: 'cache.json', kept: join(h.dir, copy), json: true, wrote: false };
      await writeFile(join(h.dir, RECORD), JSON.stringify({ version: 1, kept: [entry] }));
      const said = await noticesAtStart(h);
      expect(said.filter((m) => m.includes(copy))).toEqual([]);
      const kept = await named(h.dir, `${RECORD}.bad-`);
      expect(kept).toHaveLength(1);
      expect(said.filter((m) => m.includes(kept[0]!))).toHaveLength(1);
    }, 120_000);
  }

  it('the control: the same entry stamped inside the last run is said, once', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    await noticesAtStart(h);
    // The last run lasted from its start to its quit, a minute before now.
    const copy = `cache.json.bad-${stampOf(h.clock.now() - 2 * MIN)}`;
    await writeFile(join(h.dir, copy), 'x');
    const entry = { name: 'cache.json', kept: copy, json: true, wrote: false };
    await writeFile(join(h.dir, RECORD), JSON.stringify({ version: 1, kept: [entry] }));
    expect((await noticesAtStart(h)).filter((m) => m.includes(`${join(h.dir, copy)}.`))).toHaveLength(1);
    expect(await named(h.dir, `${RECORD}.bad-`)).toEqual([]);
  }, 120_000);
});
