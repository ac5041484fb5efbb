// adv52 r41 #1: I'm away, 3 shifts to Bob, Create all: 3 POSTs land and the window says "3 of 3 handed off". The app
// quits without Close; handoff.json is put back as one of the app's own earlier saves (a sync conflict copy, a backup
// restore). The restart said "1 of 3 handed off · 2 not sent: it could not be saved first" (0 of 3 from the first
// save), though the disk was fine and the service held all 3 as Bob's. Now each shift the copy holds as not yet sent
// is checked on the service before anything is said of it: while its schedule can't be read it says it is being
// checked; once read, what the service holds. Nothing is sent. The oracle is the simulator's own override list.
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { oneService } from '../handoff/support/one-service';
import { RECHECK_MS } from '../../../electron/core/handoff/controller';

const START = Date.parse('2026-03-04T12:00:00Z');
const FILE = 'handoff.json';
type World = Awaited<ReturnType<typeof oneService>>;
let current: World | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** Create all for the 3 shifts of 5–8 March to Bob, every save of handoff.json copied as it was written. */
async function handedOffWithCopies(w: World) {
  const { harness } = w;
  const copies: string[] = [];
  const inner = harness.files;
  const files: FileStore = {
    location: inner.location,
    read: (n) => inner.read(n),
    backup: (n) => inner.backup(n),
    remove: (n) => inner.remove(n),
    async writeAtomic(n, t) {
      await inner.writeAtomic(n, t);
      if (n === FILE) copies.push(t);
    },
  };
  const engine = harness.engine({ client: { timeoutMs: 1_000 }, files });
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
  await engine.stop();
  return { copies, items };
}

async function restartOn(w: World, copy: string) {
  await w.harness.files.writeAtomic(FILE, copy);
  const again = w.harness.engine({ client: { timeoutMs: 1_000 } });
  await again.start();
  return again;
}

describe('a saved hand-off put back as an older copy of the app’s own save', () => {
  it.each([1, 2, 3])(
    'copy of save %i: kept aside as a run that ended, nothing resumed or sent',
    async (nth) => {
      current = await oneService(START, () => 'pass');
      const w = current;
      const { harness, proxy } = w;
      const { copies, items } = await handedOffWithCopies(w);
      const sent = proxy.posts.length;
      expect(sent).toBe(items.length);
      const copy = copies[nth - 1];
      if (copy === undefined) throw new Error(`only ${copies.length} saves`);
      // The run had ended (every shift handed off) and its end is recorded (handoff/closed-runs.ts, adv52 r57 #1):
      // a copy of any of its saves put back is kept aside and said once, nothing of it resumed, looked for or sent.
      harness.sim.faults.set('listShifts', { status: 500 });
      const again = await restartOn(w, copy);
      await harness.clock.advance(RECHECK_MS + 5_000);
      await harness.clock.runWhileAdvancing(again.handoffIdle());
      const got = await again.handlers['handoff:get'](null);
      if (!got.ok) throw new Error(got.error.message);
      expect(proxy.posts).toHaveLength(sent);
      expect(got.value.run).toBeNull();
      expect(got.value.notice).toMatch(/hand-off that had already ended was put back: nothing of it is sent/);
      expect(again.getState().halfHandoff ?? '').not.toMatch(/\d not sent/);
      await again.stop();
    },
    90_000,
  );

  it('the app’s latest save put back: kept aside as a run that ended, nothing sent', async () => {
    current = await oneService(START, () => 'pass');
    const w = current;
    const { copies, items } = await handedOffWithCopies(w);
    const sent = w.proxy.posts.length;
    const latest = copies.at(-1);
    if (latest === undefined) throw new Error('no save');
    const again = await restartOn(w, latest);
    await w.harness.clock.advance(10_000);
    await w.harness.clock.runWhileAdvancing(again.handoffIdle());
    const got = await again.handlers['handoff:get'](null);
    if (!got.ok) throw new Error(got.error.message);
    expect(w.proxy.posts).toHaveLength(sent);
    // Its latest save held the run as ended: not resumed (closed-runs.ts), said once.
    expect(got.value.run).toBeNull();
    expect(got.value.notice).toMatch(/had already ended was put back/);
    expect(items.length).toBeGreaterThan(0);
    await again.stop();
  }, 90_000);
});
