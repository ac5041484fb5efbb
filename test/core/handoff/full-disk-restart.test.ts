// adv52 round 22 #1: the disk fills during Create all, right after one of the app's saves of handoff.json. The
// window says truthfully which shifts were not sent ("it could not be saved first"); the user quits without Close;
// the disk is freed and the app starts again. The file still held those shifts as "pending" (or one as "sending",
// though the write path had refused to send it), and the restart sent them, unasked, or said "its answer never came"
// of a write that never left. Now the restart resumes the hand-off as the user last left it: no request leaves, the
// shifts told "not sent" are still not sent, with Retry, and Retry sends each of them once.
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { oneService } from './support/one-service';

const START = Date.parse('2026-03-04T12:00:00Z');

let current: Awaited<ReturnType<typeof oneService>> | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** The folder as a full disk is: once `full`, every write fails with ENOSPC (removals still work). It fills right
 *  after the `nth` write of handoff.json that succeeds. */
function fillsAfter(inner: FileStore, nth: number) {
  let writes = 0;
  let full = false;
  const files: FileStore = {
    location: inner.location,
    read: (n) => inner.read(n),
    backup: (n) => inner.backup(n),
    remove: (n) => inner.remove(n),
    async writeAtomic(n, t) {
      if (full) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      await inner.writeAtomic(n, t);
      if (n === 'handoff.json' && ++writes === nth) full = true;
    },
  };
  return files;
}

describe('away mode: the disk fills during Create all, and the app is restarted without Close', () => {
  it.each([1, 2, 3, 4])(
    'after save %i of handoff.json: nothing told "not sent" is sent without a press',
    async (nth) => {
      current = await oneService(START, () => 'pass');
      const { harness, proxy } = current;
      const engine = harness.engine({ client: { timeoutMs: 1_000 }, files: fillsAfter(harness.files, nth) });
      await engine.start();
      await harness.clock.advance(5_000);
      const plan = await harness.clock.runWhileAdvancing(
        engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-08' } }),
      );
      if (!plan.ok) throw new Error(plan.error.message);
      const items = plan.value.rows.map((r) => ({ ...r, email: 'bob@example.com' }));
      expect(items).toHaveLength(3);
      const created = await harness.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
      await harness.clock.advance(10_000);
      if (!created.ok) throw new Error(created.error.message);
      // What the window told, item by item, before the quit.
      const told = Object.entries(created.value.said?.items ?? {});
      const notSent = told.filter(([, t]) => t.startsWith('Not sent: ')).map(([id]) => id);
      const sentBefore = proxy.posts.length;
      expect(notSent.length + sentBefore).toBe(items.length);
      expect(notSent.length).toBeGreaterThan(0);
      await engine.stop();

      // The disk freed; the app starts again on the same folder.
      const again = harness.engine({ client: { timeoutMs: 1_000 } });
      await again.start();
      await harness.clock.advance(10_000);
      await harness.clock.runWhileAdvancing(again.handoffIdle());
      expect(proxy.posts).toHaveLength(sentBefore);
      const after = await again.handlers['handoff:get'](null);
      if (!after.ok) throw new Error(after.error.message);
      // The save failed in the run before, not in this one: the reason is what holds now (the schedule read after
      // the restart still shows it as mine), never "could not be saved first" (adv52 r41 #1).
      for (const id of notSent)
        expect(after.value.said?.items[id]).toBe(
          'Not sent: nothing of it was sent at this start; it may have been sent before the app stopped, and the schedule still shows it as yours',
        );
      expect(after.value.said?.canRetry).toBe(true);

      // Retry, pressed: each of them is sent once.
      const retried = await harness.clock.runWhileAdvancing(again.handlers['handoff:retry'](null));
      if (!retried.ok) throw new Error(retried.error.message);
      expect(proxy.posts).toHaveLength(items.length);
      expect(retried.value.run?.items.map((i) => i.state)).toEqual(items.map(() => 'handed_off'));
      await again.stop();
    },
    60_000,
  );
});
