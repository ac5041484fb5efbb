// adv52 r28: Close ("Close this hand-off") deleted handoff.json whatever it held by then: a record another install
// on a synced folder (or a hand edit) had put there was lost, nothing kept, nothing said, while a write of the same
// file (Retry) kept it aside and said so. Now a removal gets the same check as a write (storage/outside-edits.ts).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, oneService } from './support/one-service';

const START = Date.parse('2026-03-04T12:00:00Z');
let current: Awaited<ReturnType<typeof oneService>> | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** An open hand-off (the first POST passes, the next two fail), `name` then rewritten by another writer when
 *  `outside` is set, then Close. What the folder and the notices hold after. */
async function closeAfter(name: 'handoff.json' | 'handoff-current.json', outside: boolean) {
  current = await oneService(START, (n) => (n === 0 ? 'pass' : 'fail_500'));
  const { harness, engine } = current;
  await current.start();
  const plan = await harness.clock.runWhileAdvancing(
    engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-08' } }),
  );
  if (!plan.ok) throw new Error(plan.error.message);
  const items = plan.value.rows.map((r) => ({ ...r, email: 'bob@example.com' }));
  await harness.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
  await harness.clock.advance(30_000);
  const mine = await harness.files.read(name);
  expect(mine, `${name} is on disk while the hand-off is open`).toBeDefined();
  // Another install's record: the same shape, another cover (and the key pasted in by a careless hand edit).
  const theirs = `${(mine ?? '').replace(/bob@example\.com/g, 'carol@example.com')}\n`;
  const written = name === 'handoff.json' ? theirs.replace(/}\s*$/, `,"apiKey":"${KEY}"}\n`) : theirs;
  if (outside) await harness.files.writeAtomic(name, written);
  const closed = await harness.clock.runWhileAdvancing(engine.handlers['handoff:dismiss'](null));
  expect(closed.ok).toBe(true);
  await harness.clock.advance(10_000);
  const kept = (await readdir(harness.dir)).filter((n) => n.startsWith(`${name}.bad-`));
  const said = engine.getState().notices.filter((n) => n.id.startsWith('changed-outside'));
  const copy = kept[0] === undefined ? undefined : await readFile(join(harness.dir, kept[0]), 'utf8');
  const left = await harness.files.read(name);
  await harness.clock.runWhileAdvancing(engine.stop());
  return { theirs, copy, kept, said, left, dir: harness.dir };
}

describe('Close of a hand-off whose files were changed outside the app (failed before)', () => {
  it('keeps a changed handoff.json aside, masked, and says so once before removing it', async () => {
    const r = await closeAfter('handoff.json', true);
    expect(r.left).toBeUndefined();
    expect(r.kept).toHaveLength(1);
    // The other writer's cover is what was kept; the key pasted in is not.
    expect(r.copy).toContain('carol@example.com');
    expect(r.copy).not.toContain(KEY);
    expect(r.said.map((n) => n.message)).toEqual([
      `handoff.json was changed outside the app while it ran (another install's, or a hand edit). It was kept as ${join(r.dir, r.kept[0] ?? '')}.`,
    ]);
    expect(JSON.stringify(r.said)).not.toContain(KEY);
  }, 60_000);

  it('keeps a changed hand-off mark (handoff-current.json) aside as it was and says so once', async () => {
    const r = await closeAfter('handoff-current.json', true);
    expect(r.left).toBeUndefined();
    expect(r.kept).toHaveLength(1);
    expect(r.copy).toBe(r.theirs);
    expect(r.said.map((n) => n.id)).toEqual(['changed-outside:handoff-current.json']);
    expect(r.said[0]?.message).toContain(join(r.dir, r.kept[0] ?? ''));
  }, 60_000);

  it('control: unchanged, Close removes the files and says nothing about them', async () => {
    const r = await closeAfter('handoff.json', false);
    expect(r.left).toBeUndefined();
    const names = await readdir(r.dir);
    // The record of closed runs stays (closed-runs.ts): only the run's own files are gone.
    expect(names.filter((n) => n.startsWith('handoff') && n !== 'handoff-closed.json')).toEqual([]);
    expect(r.said).toEqual([]);
  }, 60_000);
});
