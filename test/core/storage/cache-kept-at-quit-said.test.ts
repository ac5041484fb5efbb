// adv52 r50 #1: a cache damaged outside the app while it ran, with nothing changed at the service, is kept aside by
// the quit-time write; no one sees a notice made then, so the next start says it, once, naming the copy. Real
// engine, simulator over loopback, real files, fake clock. What is expected is read from the folder itself.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { twoServices } from '../engine/support/two-services';
import { cacheFileName, accountIdOf } from '../../../electron/shared/accounts';
import type { Engine } from '../../../electron/core/engine/types';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');

const DAMAGE: Record<string, (t: string) => string> = {
  'cut in half': (t) => t.slice(0, Math.floor(t.length / 2)),
  'wrong shape': () => JSON.stringify({ version: 1, hello: 'world' }),
  'not JSON': () => 'garbage\n',
};

/** The harness's files as the app's own store gives them: with the data folder's path, named in notices. */
const located = (h: Harness): Parameters<Harness['engine']>[0] => ({ files: { ...h.files, location: h.dir } });

const copiesOf = async (h: Harness, name: string): Promise<string[]> =>
  (await readdir(h.dir)).filter((n) => n.startsWith(`${name}.bad-`));

/** Starts an engine on the folder, lets its first reads settle and gives back its notices (then stops it). */
async function noticesAtStart(h: Harness): Promise<string[]> {
  const c = h.engine(located(h));
  await h.clock.runWhileAdvancing(c.start(), 1000, 60);
  await h.clock.advance(2 * MIN);
  const said = c.getState().notices.map((n) => n.message);
  await c.stop();
  return said;
}

async function damageThenQuit(h: Harness, a: Engine, name: string, damage: (t: string) => string): Promise<string[]> {
  await h.clock.advance(5 * MIN);
  await writeFile(join(h.dir, name), damage(await readFile(join(h.dir, name), 'utf8')));
  await h.clock.advance(20 * MIN);
  const running = a.getState().notices.map((n) => n.message);
  await a.stop();
  return running;
}

describe('a cache kept aside as the app quits is said by the next start, once', () => {
  for (const [kind, damage] of Object.entries(DAMAGE)) {
    it(`cache.json ${kind} while the app ran, nothing changed at the service`, async () => {
      const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
      const a = h.engine(located(h));
      await h.clock.runWhileAdvancing(a.start(), 1000, 60);
      const running = await damageThenQuit(h, a, 'cache.json', damage);
      const kept = await copiesOf(h, 'cache.json');
      expect(kept).toHaveLength(1);
      const next = await noticesAtStart(h);
      expect([...running, ...next].filter((m) => m.includes(`${join(h.dir, kept[0]!)}.`))).toHaveLength(1);
      // Said once: the start after that says nothing of it.
      expect((await noticesAtStart(h)).filter((m) => m.includes(kept[0]!))).toEqual([]);
    }, 120_000);
  }

  it("a second account's cache cut while the app ran", async () => {
    const w = await twoServices(START);
    const h = w.harness;
    const a = h.engine({ alarms: false, ...located(h) });
    await h.clock.runWhileAdvancing(a.start(), 1000, 60);
    const name = cacheFileName(accountIdOf('acme'));
    expect(name).not.toBe('cache.json');
    await damageThenQuit(h, a, name, DAMAGE['cut in half']!);
    const kept = await copiesOf(h, name);
    expect(kept).toHaveLength(1);
    const next = await noticesAtStart(h);
    expect(next.filter((m) => m.includes(`${join(h.dir, kept[0]!)}.`))).toHaveLength(1);
  }, 120_000);

  it('two instances on one folder, nothing tampered: every copy their quits keep is said by the next start', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const a = h.engine(located(h));
    await h.clock.runWhileAdvancing(a.start(), 1000, 60);
    const b = h.engine(located(h));
    await h.clock.runWhileAdvancing(b.start(), 1000, 60);
    await h.clock.advance(25 * MIN);
    await a.stop();
    await b.stop();
    const kept = await copiesOf(h, 'cache.json');
    // Each quit found the other's cache where its own was: both kept aside (the case this is about).
    expect(kept.length).toBeGreaterThan(0);
    const next = await noticesAtStart(h);
    for (const copy of kept) expect(next.filter((m) => m.includes(`${join(h.dir, copy)}.`))).toHaveLength(1);
  }, 120_000);

  it('a record naming a copy that is not there, or one outside the folder, says nothing', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    // Stamped half a minute before now: inside the app's last run (each start below is one), so only where the
    // copy is decides (said-later-claims.test.ts checks the stamps).
    const forged = (): { name: string; kept: string; json: boolean; wrote: boolean }[] => {
      const stamp = new Date(h.clock.now() - 30_000)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
      const base = `cache.json.bad-${stamp}`;
      return [
        { name: 'cache.json', kept: join(h.dir, base), json: false, wrote: true },
        { name: 'cache.json', kept: `/etc/${base}`, json: false, wrote: true },
      ];
    };
    // A copy of that name is in the folder, but the record names one elsewhere.
    const elsewhere = forged();
    await writeFile(elsewhere[0]!.kept, 'x');
    await writeFile(join(h.dir, 'said-later.json'), JSON.stringify({ version: 1, kept: [elsewhere[1]] }));
    expect((await noticesAtStart(h)).filter((m) => m.includes('bad-'))).toEqual([]);
    // The record names a copy in the folder that is not there.
    const gone = forged();
    await writeFile(join(h.dir, 'said-later.json'), JSON.stringify({ version: 1, kept: [gone[0]] }));
    expect((await noticesAtStart(h)).filter((m) => m.includes('bad-'))).toEqual([]);
    // The control: the same record with the copy there is said.
    const there = forged();
    await writeFile(there[0]!.kept, 'x');
    await writeFile(join(h.dir, 'said-later.json'), JSON.stringify({ version: 1, kept: [there[0]] }));
    expect((await noticesAtStart(h)).filter((m) => m.includes(there[0]!.kept))).toHaveLength(1);
  }, 120_000);
});
