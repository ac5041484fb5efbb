// Issue 52, end to end: the data folder turns read-only (a full disk, a synced folder, a permissions slip) while
// away mode is open. Create all answers at once: no request leaves, each shift says it was not sent and why, the
// form's notice names the folder and what still works, Close works, and Retry sends once the folder is writable.
// Before, the run stayed "Being sent…" / "Waiting to be sent" for good and the user could neither close it nor
// start another.
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { oneService } from './support/one-service';

const START = Date.parse('2026-03-04T12:00:00Z');

let current: Awaited<ReturnType<typeof oneService>> | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** The harness's folder, whose writes and removals fail while `readOnly` is set. */
function switchable(inner: FileStore) {
  const state = { readOnly: false };
  const refuse = () => Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
  const files: FileStore = {
    location: '/home/me/.config/OnCall Tray',
    read: (n) => inner.read(n),
    backup: (n) => inner.backup(n),
    writeAtomic: (n, t) => (state.readOnly ? refuse() : inner.writeAtomic(n, t)),
    remove: (n) => (state.readOnly ? refuse() : inner.remove(n)),
  };
  return { files, state };
}

describe('away mode with a data folder that turns read-only', () => {
  it('sends nothing, says so at once, can be closed, and sends on Retry once the folder is writable', async () => {
    current = await oneService(START, () => 'pass');
    const { harness, proxy } = current;
    const folder = switchable(harness.files);
    const engine = harness.engine({ client: { timeoutMs: 1_000 }, files: folder.files });
    await engine.start();
    await harness.clock.advance(5_000);
    const plan = await harness.clock.runWhileAdvancing(
      engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-08' } }),
    );
    if (!plan.ok) throw new Error(plan.error.message);
    const items = plan.value.rows.map((r) => ({ ...r, email: 'bob@example.com' }));
    expect(items.length).toBeGreaterThan(1);

    folder.state.readOnly = true;
    const before = harness.clock.now();
    const created = await harness.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
    expect(harness.clock.now() - before).toBeLessThan(5_000);
    expect(proxy.posts).toEqual([]);
    if (!created.ok) throw new Error(created.error.message);
    expect(created.value.run?.items.every((i) => i.state === 'not_sent')).toBe(true);
    expect(created.value.said?.summary).toBe(
      `0 of ${items.length} handed off · ${items.length} not sent: it could not be saved first, so it wasn't sent`,
    );
    expect(created.value.notice).toMatch(
      /^The hand-off couldn't be saved to \/home\/me\/\.config\/OnCall Tray \(the disk is read-only\)/,
    );
    // What is at risk is the hand-off, not reminders (none was saved or lost here).
    expect(engine.getState().notices.map((n) => n.message)).toEqual([
      "Can't save to /home/me/.config/OnCall Tray (the disk is read-only): an I'm away hand-off can't be recorded " +
        'before it is sent, so none of its shifts is sent.',
    ]);

    // Retry while still read-only sends nothing; once writable, each shift is sent once.
    await harness.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
    expect(proxy.posts).toEqual([]);
    folder.state.readOnly = false;
    const retried = await harness.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
    expect(proxy.posts).toHaveLength(items.length);
    expect(retried.ok && retried.value.run?.items.every((i) => i.state === 'handed_off')).toBe(true);
    await engine.stop();
  });

  it('can be closed while the folder is read-only', async () => {
    current = await oneService(START, () => 'pass');
    const { harness, proxy } = current;
    const folder = switchable(harness.files);
    const engine = harness.engine({ client: { timeoutMs: 1_000 }, files: folder.files });
    await engine.start();
    await harness.clock.advance(5_000);
    const plan = await harness.clock.runWhileAdvancing(
      engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-06' } }),
    );
    if (!plan.ok) throw new Error(plan.error.message);
    folder.state.readOnly = true;
    await harness.clock.runWhileAdvancing(
      engine.handlers['handoff:create']({ items: plan.value.rows.map((r) => ({ ...r, email: 'bob@example.com' })) }),
    );
    const closed = await engine.handlers['handoff:dismiss'](null);
    expect(closed.ok && closed.value.run).toBeNull();
    expect(proxy.posts).toEqual([]);
    await engine.stop();
  });
});
