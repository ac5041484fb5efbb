// adv52 r49: one hand-off file the app can't write, move or remove (left immutable, or locked by a sync tool) while
// the rest of the data folder takes writes. Locked here as the disk refuses an immutable file (EPERM on write, keep
// aside and removal), so it works on any file system. #1: handoff.json emptied and locked after a finished hand-off;
// Close said the next start would resume that copy and might send from it, yet the app had said it was damaged and
// the next start refused it. #2: the mark (handoff-current.json) emptied and locked: its rewrite failed, yet the
// notice said "the app wrote what it holds". What the next start does and what the disk holds are looked at, not
// taken from the app.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { oneService } from './support/one-service';

const START = Date.parse('2026-03-04T12:00:00Z');
const FOLDER = '/home/me/.config/OnCall Tray';

let current: Awaited<ReturnType<typeof oneService>> | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** `inner` with `name` refused as an immutable file is: read works, write, keep-aside and removal are EPERM. */
function locking(inner: FileStore) {
  const state = { locked: undefined as string | undefined };
  const refuse = () => Promise.reject(Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' }));
  const files: FileStore = {
    location: FOLDER,
    read: (n) => inner.read(n),
    writeAtomic: (n, t) => (n === state.locked ? refuse() : inner.writeAtomic(n, t)),
    backup: (n) => (n === state.locked ? refuse() : inner.backup(n)),
    remove: (n) => (n === state.locked ? refuse() : inner.remove(n)),
  };
  return { files, state };
}

/** One service, one finished hand-off (5 Mar, handed off: its files removed); then `name` emptied and locked. */
async function finishedThenLocked(name: string) {
  current = await oneService(START, () => 'pass');
  const { harness, proxy } = current;
  const folder = locking(harness.files);
  const engine = harness.engine({ client: { timeoutMs: 1_000 }, files: folder.files });
  await engine.start();
  await harness.clock.advance(5_000);
  const plan = async (from: string, to: string) => {
    const p = await harness.clock.runWhileAdvancing(engine.handlers['handoff:plan']({ range: { from, to } }));
    if (!p.ok) throw new Error(p.error.message);
    return p.value.rows.map((r) => ({ ...r, email: 'bob@example.com' }));
  };
  const c = await harness.clock.runWhileAdvancing(
    engine.handlers['handoff:create']({ items: await plan('2026-03-05', '2026-03-05') }),
  );
  expect(c.ok && c.value.run?.items.map((i) => i.state)).toEqual(['handed_off']);
  expect(proxy.posts).toHaveLength(1);
  await writeFile(join(harness.dir, name), '');
  folder.state.locked = name;
  return { harness, proxy, engine, folder, plan };
}

describe('a hand-off file the disk will not let the app write or remove', () => {
  it('handoff.json emptied and locked: Close says the next start sends nothing of it, and it sends nothing', async () => {
    const { harness, proxy, engine, folder } = await finishedThenLocked('handoff.json');
    const closed = await engine.handlers['handoff:dismiss'](null);
    if (!closed.ok) throw new Error(closed.error.message);
    await engine.stop();
    expect(await readFile(join(harness.dir, 'handoff.json'), 'utf8')).toBe('');
    // The next start, the file unlocked: what it does with that file is what Close may promise.
    folder.state.locked = undefined;
    const again = harness.engine({ client: { timeoutMs: 1_000 }, files: folder.files });
    await harness.clock.runWhileAdvancing(again.start(), 1000, 30);
    await harness.clock.advance(60_000);
    const got = await again.handlers['handoff:get'](null);
    const notices = again.getState().notices.map((n) => n.message);
    await again.stop();
    expect(got.ok && got.value.run).toBeNull();
    expect(proxy.posts).toHaveLength(1);
    expect(notices.some((m) => m.includes('was damaged, so nothing of it was sent again'))).toBe(true);
    expect(closed.value.notice).toBe(
      `Closed: nothing more of it is sent. The hand-off's file handoff.json in ${FOLDER} couldn't be removed ` +
        '(permission denied); it is not a copy the app would resume (it was damaged), so nothing of it is sent at ' +
        'the next start.',
    );
  });

  it('the mark emptied and locked: its failed rewrite is said as not written, as the disk shows', async () => {
    const { harness, proxy, engine, plan } = await finishedThenLocked('handoff-current.json');
    const items = await plan('2026-03-07', '2026-03-08');
    const c = await harness.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
    expect(c.ok && c.value.run?.items.map((i) => i.state)).toEqual(['not_sent', 'not_sent']);
    expect(proxy.posts).toHaveLength(1);
    await harness.clock.advance(60_000);
    const said = engine.getState().notices.find((n) => n.id === 'changed-outside:handoff-current.json');
    await engine.stop();
    // The disk's answer: the mark was never written (still empty), so no notice may say it was.
    expect(await readFile(join(harness.dir, 'handoff-current.json'), 'utf8')).toBe('');
    expect(said?.message).toBe(
      'handoff-current.json could not be read (it was damaged while the app ran: it is no longer what the app ' +
        'saved), so the app could not write its own yet. Keeping it aside failed.',
    );
  });
});
