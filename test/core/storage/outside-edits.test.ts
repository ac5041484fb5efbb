// The data folder swapped under the running app (adv52 r9 #3): a symlink to another install's folder. Before, that
// install's reminders.json and cache were rewritten from the app's memory, nothing kept, nothing said. Now every
// file the app writes back is compared with what it last read or wrote: one changed outside is kept aside and said
// once before the app writes its own.
import { cp, mkdtemp, readdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-26T05:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a data folder swapped while the app runs (failed before)', () => {
  it("keeps the other install's reminders and cache aside and says so once each", async () => {
    h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
    const e = h.engine({});
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await h.clock.advanceTo(T0 + 10 * 60_000);
    const other = await mkdtemp(join(tmpdir(), 'oncall-other-'));
    await cp(h.dir, other, { recursive: true });
    const caches = (await readdir(other)).filter((n) => /^cache.*\.json$/.test(n));
    expect(caches.length).toBeGreaterThan(0);
    const theirs: Record<string, string> = {};
    const rem = JSON.parse(await readFile(join(other, 'reminders.json'), 'utf8')) as {
      origins: Record<string, { email: string }>;
      fired: Record<string, number>;
    };
    for (const o of Object.values(rem.origins)) o.email = 'alice@example.com';
    rem.fired['shift:sch_berlin:2026-03-27T08:00:00Z:start'] = Date.parse('2026-03-26T05:05:00Z');
    theirs['reminders.json'] = JSON.stringify(rem);
    for (const c of caches) theirs[c] = (await readFile(join(other, c), 'utf8')) + '\n';
    for (const [name, text] of Object.entries(theirs)) await writeFile(join(other, name), text);
    await rename(h.dir, `${h.dir}.mine`);
    await symlink(other, h.dir);
    await h.clock.advanceTo(Date.parse('2026-03-26T08:05:00Z'));
    const names = await readdir(other);
    for (const [name, text] of Object.entries(theirs)) {
      const kept = names.filter((n) => n.startsWith(`${name}.bad-`));
      expect(kept, name).toHaveLength(1);
      expect(await readFile(join(other, kept[0]!), 'utf8')).toBe(text);
    }
    const said = e.getState().notices.filter((n) => n.id.startsWith('changed-outside'));
    expect(said.map((n) => n.id).sort()).toEqual(
      Object.keys(theirs)
        .map((n) => `changed-outside:${n}`)
        .sort(),
    );
    expect(said[0]!.message).toMatch(/was changed outside the app while it ran.*kept as/);
    await e.stop();
    await rename(`${h.dir}.mine`, h.dir).catch(() => undefined);
  });
});
