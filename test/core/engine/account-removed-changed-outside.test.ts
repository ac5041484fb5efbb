// adv52 r28: removing an account deletes its files (its cache, who I am there, its lost answers: adv52 r15 #1)
// whatever they held by then. One another install on a synced folder (or a hand edit) had rewritten was lost,
// nothing kept, nothing said, while a save of the same file kept it aside and said so. Now a removal gets the same
// check as a write (storage/outside-edits.ts).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_ACME, KEY_WORK, twoServices } from './support/two-services';

const START = Date.parse('2026-03-04T12:00:00Z');

/** Both accounts started; `change` rewrites some of Acme's files as another writer would; then Acme is removed. */
async function removeAcmeAfter(change: (name: string) => boolean) {
  const w = await twoServices(START);
  await w.engine.start();
  await w.harness.clock.advance(5_000);
  await w.harness.clock.advance(60_000);
  const acmeFiles = (await readdir(w.harness.dir)).filter((n) => /^[a-z-]+-acme\.json$/.test(n)).sort();
  const theirs = new Map<string, string>();
  for (const name of acmeFiles.filter(change)) {
    const mine = (await w.harness.files.read(name)) ?? '';
    // Another install's version: its own people, and (a careless hand edit) a key pasted in.
    const text = `${mine.replace(/erin@example\.com/g, 'grace@example.com').replace(/}\s*$/, `,"apiKey":"${KEY_ACME}"}`)}\n`;
    await w.harness.files.writeAtomic(name, text);
    theirs.set(name, text);
  }
  const work = w.engine.getState().settings.accounts.filter((a) => a.id === 'work');
  const removed = await w.harness.clock.runWhileAdvancing(w.engine.handlers['settings:update']({ accounts: work }));
  expect(removed.ok).toBe(true);
  await w.harness.clock.advance(5_000);
  const names = await readdir(w.harness.dir);
  const said = w.engine.getState().notices.filter((n) => n.id.startsWith('changed-outside'));
  const copies = new Map<string, string>();
  for (const n of names.filter((x) => x.includes('.bad-')))
    copies.set(n, await readFile(join(w.harness.dir, n), 'utf8'));
  await w.harness.clock.runWhileAdvancing(w.engine.stop());
  return { acmeFiles, theirs, names, said, copies, dir: w.harness.dir };
}

describe('removing an account whose files were changed outside the app (failed before)', () => {
  it('keeps each changed file aside, masked, and says so once per file; none of them stays', async () => {
    const r = await removeAcmeAfter(() => true);
    expect(r.acmeFiles).toEqual(expect.arrayContaining(['cache-acme.json', 'identity-acme.json']));
    expect(r.names.filter((n) => r.acmeFiles.includes(n))).toEqual([]);
    for (const name of r.theirs.keys()) {
      const kept = [...r.copies.keys()].filter((n) => n.startsWith(`${name}.bad-`));
      expect(kept, name).toHaveLength(1);
      const copy = r.copies.get(kept[0] ?? '') ?? '';
      expect(copy, name).toContain('grace@example.com');
      const said = r.said.filter((n) => n.id === `changed-outside:${name}`);
      expect(said.map((n) => n.message)).toEqual([
        `${name} was changed outside the app while it ran (another install's, or a hand edit). It was kept as ${join(r.dir, kept[0] ?? '')}.`,
      ]);
    }
    expect(r.said).toHaveLength(r.theirs.size);
    // Neither key in a backup or a notice.
    const out = JSON.stringify([...r.copies.values(), r.said]);
    for (const key of [KEY_ACME, KEY_WORK]) expect(out).not.toContain(key);
  }, 60_000);

  it('control: unchanged files are removed and nothing is said about them', async () => {
    const r = await removeAcmeAfter(() => false);
    expect(r.acmeFiles.length).toBeGreaterThan(0);
    expect(r.names.filter((n) => r.acmeFiles.includes(n) || n.includes('.bad-'))).toEqual([]);
    expect(r.said).toEqual([]);
  }, 60_000);
});
