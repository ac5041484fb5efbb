// adv52 r34 #3: handoff.json is a link into a synced folder, its target missing at start; another install's saved
// hand-off appears at the target while the app runs; the user then plans and creates a hand-off. The file the app never
// read is not written over nor its link removed (read-first.ts): the hand-off can't be recorded, so nothing is sent,
// and the notice says why.
import { mkdir, readdir, readFile, rm, symlink, writeFile, lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { oneService } from '../handoff/support/one-service';

it('a hand-off that appears behind a link missing at start is never written over, nor its link removed', async () => {
  const s = await oneService(Date.parse('2026-03-04T12:00:00Z'), () => 'pass');
  const { harness, engine } = s;
  const synced = `${harness.dir}-sync`;
  await mkdir(synced);
  await symlink(join(synced, 'handoff.json'), join(harness.dir, 'handoff.json'));
  await s.start();
  const theirs = '{"version":3,"marker":"another install\'s open hand-off","items":[]}\n';
  await writeFile(join(synced, 'handoff.json'), theirs);
  await harness.clock.advance(60_000);
  const plan = await harness.clock.runWhileAdvancing(
    engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-08' } }),
  );
  if (!plan.ok) throw new Error(plan.error.message);
  const items = plan.value.rows.map((r) => ({ ...r, email: 'bob@example.com' }));
  await harness.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
  await harness.clock.advance(60_000);
  const now = await readFile(join(synced, 'handoff.json'), 'utf8').catch(() => '(missing)');
  const keptAny = [...(await readdir(harness.dir)), ...(await readdir(synced))].filter((n) => n.includes('.bad'));
  const link = await lstat(join(harness.dir, 'handoff.json')).then(
    (x) => x.isSymbolicLink(),
    () => false,
  );
  const told = engine.getState().notices.map((n) => n.message);
  await harness.clock.runWhileAdvancing(engine.stop());
  await s.close();
  await rm(synced, { recursive: true, force: true });
  // The other install's hand-off is as it came (or kept aside), the link stays, nothing was sent unrecorded, and
  // the notice says the file was not written over.
  expect(now === theirs || keptAny.length > 0).toBe(true);
  expect(link).toBe(true);
  expect(s.proxy.posts).toEqual([]);
  expect(told.join('\n')).toContain('handoff.json could not be read (handoff.json was a link to');
}, 60_000);
