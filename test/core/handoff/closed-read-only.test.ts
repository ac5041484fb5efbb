// adv52 round 19 #1: a hand-off the user closed while the data folder was read-only was sent at the next start with
// nothing said (2 more overrides for blocks the user withdrew). The Close is what the app knows from then on: its
// copy is removed, or marked closed when only the removal is refused, or the Close is kept in memory and put on
// disk as soon as the folder can be written (on a beat, and at stop). Nothing of a closed plan is ever sent again.
// What the service receives is counted by the fault proxy in front of it, not by the app.
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { CLOSE_RETRY_MS } from '../../../electron/core/handoff/controller';
import { oneService } from './support/one-service';

const START = Date.parse('2026-03-04T12:00:00Z');
const FOLDER = '/home/me/.config/OnCall Tray';

let current: Awaited<ReturnType<typeof oneService>> | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

type Mode = 'all' | 'remove-only';

/** The harness's folder: once `armed` and the first override has left, it refuses writes and removals until
 *  `readOnly` is cleared (`writes` lets writes through again while removals are still refused). */
function turning(inner: FileStore, posts: () => number) {
  const state = { readOnly: false, armed: true, writes: false };
  const refuse = () => Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
  const files: FileStore = {
    location: FOLDER,
    read: (n) => inner.read(n),
    backup: (n) => (state.readOnly ? refuse() : inner.backup(n)),
    writeAtomic: (n, t) => {
      if (state.armed && posts() >= 1) state.readOnly = true;
      return state.readOnly && !state.writes ? refuse() : inner.writeAtomic(n, t);
    },
    remove: (n) => (state.readOnly ? refuse() : inner.remove(n)),
  };
  return { files, state };
}

/** Create over three blocks; the folder turns read-only after the first POST; then the user closes the hand-off. */
async function closedWhileReadOnly(mode: Mode) {
  current = await oneService(START, () => 'pass');
  const { harness, proxy } = current;
  const folder = turning(harness.files, () => proxy.posts.length);
  const engine = harness.engine({ client: { timeoutMs: 1_000 }, files: folder.files });
  await engine.start();
  await harness.clock.advance(5_000);
  const plan = await harness.clock.runWhileAdvancing(
    engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-08' } }),
  );
  if (!plan.ok) throw new Error(plan.error.message);
  const items = plan.value.rows.map((r) => ({ ...r, email: 'bob@example.com' }));
  expect(items).toHaveLength(3);
  await harness.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
  await harness.clock.advance(10_000);
  expect(proxy.posts).toHaveLength(1);
  folder.state.readOnly = true;
  folder.state.writes = mode === 'remove-only';
  const closed = await engine.handlers['handoff:dismiss'](null);
  if (!closed.ok) throw new Error(closed.error.message);
  expect(closed.value.run).toBeNull();
  return { harness, proxy, folder, engine, notice: closed.value.notice };
}

/** A new engine on the same folder, run for 3 minutes: what it sends, shows and says. */
async function restart(h: Awaited<ReturnType<typeof closedWhileReadOnly>>) {
  h.folder.state.armed = false;
  h.folder.state.readOnly = false;
  h.folder.state.writes = false;
  const again = h.harness.engine({ client: { timeoutMs: 1_000 }, files: h.folder.files });
  await h.harness.clock.runWhileAdvancing(again.start(), 1000, 30);
  await h.harness.clock.advance(180_000);
  const got = await again.handlers['handoff:get'](null);
  const notices = again.getState().notices.map((n) => n.message);
  await again.stop();
  return { run: got.ok ? got.value.run : 'error', notices };
}

describe('a hand-off closed while the data folder is read-only', () => {
  it('is removed once the folder is writable while the app runs, and the next start sends nothing of it', async () => {
    const h = await closedWhileReadOnly('all');
    expect(h.notice).toBe(
      `Closed: nothing more of it is sent while the app runs. Its saved copy in ${FOLDER} couldn't be removed ` +
        '(the disk is read-only); the app removes it as soon as the folder can be written. If the app is quit ' +
        'before then, the next start finds that copy and resumes it: shifts of it not yet handed off may then be sent.',
    );
    await h.harness.clock.advance(CLOSE_RETRY_MS * 2);
    expect(await h.harness.files.read('handoff.json')).not.toBeNull();
    h.folder.state.readOnly = false;
    h.folder.state.armed = false;
    await h.harness.clock.advance(CLOSE_RETRY_MS + 1_000);
    expect(await h.harness.files.read('handoff.json')).toBeUndefined();
    const got = await h.engine.handlers['handoff:get'](null);
    expect(got.ok && got.value.notice).toBeNull();
    await h.engine.stop();
    const after = await restart(h);
    expect(h.proxy.posts).toHaveLength(1);
    expect(after.run).toBeNull();
  });

  it('is removed at stop when the folder is writable again by then (the round-19 sequence)', async () => {
    const h = await closedWhileReadOnly('all');
    h.folder.state.readOnly = false;
    h.folder.state.armed = false;
    await h.engine.stop();
    expect(await h.harness.files.read('handoff.json')).toBeUndefined();
    const after = await restart(h);
    expect(h.proxy.posts).toHaveLength(1);
    expect(after.run).toBeNull();
  });

  it('is marked closed when only its removal is refused, and the next start removes it and sends nothing', async () => {
    const h = await closedWhileReadOnly('remove-only');
    expect(h.notice).toBe(
      `Closed: nothing more of it will be sent. Its saved copy in ${FOLDER} couldn't be removed, so it was marked ` +
        'closed: the next start removes it and sends nothing of it.',
    );
    await h.engine.stop();
    expect(await h.harness.files.read('handoff.json')).toContain('"closed":true');
    const after = await restart(h);
    expect(h.proxy.posts).toHaveLength(1);
    expect(after.run).toBeNull();
    expect(after.notices.filter((n) => /hand-off/i.test(n))).toEqual([]);
    expect(await h.harness.files.read('handoff.json')).toBeUndefined();
  });
});
