// adv52 r24 #1: the hand-off's mark (handoff-current.json, run-current.ts) is a file read back like any other. The app
// dies right after its first save of handoff.json (3 shifts "pending", the mark on disk, nothing sent); between runs
// the mark is cut short, emptied (a power loss), made not JSON, or replaced by a folder. The restart used to tell
// every shift "it could not be saved first" (it was saved: the disk is fine), said nothing of the file, kept no copy,
// and Retry wrote over it. Now: nothing is sent unasked, the reason given is the mark's, the file is named once at
// start and kept aside as it was, and Retry sends each shift once. A folder in its place is named at start and in
// every refused save, with a way out that can come true.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FileStore } from '../../../electron/core/ports';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { oneService } from './support/one-service';

const START = Date.parse('2026-03-04T12:00:00Z');
const MARK = 'handoff-current.json';
const SavedSchema = z.object({ marked: z.boolean().optional(), items: z.array(z.object({ state: z.string() })) });
const NOT_SAVED = "it could not be saved first, so it wasn't sent";

let current: Awaited<ReturnType<typeof oneService>> | undefined;
const crashed: (() => void)[] = [];
let over = false;
afterEach(async () => {
  over = true;
  crashed.splice(0).forEach((f) => f());
  await current?.close();
  current = undefined;
});

/** The real files of the data folder, as the app opens them (named by their path in what is said). */
const real = () => createFsFileStore(current!.harness.dir, { now: () => current!.harness.clock.now() });

/** The app as it dies right after its first save of handoff.json: nothing of it touches the disk again. */
function diesAfterFirstSave(inner: FileStore): FileStore {
  let dead = false;
  const hang = () =>
    new Promise<never>((_, reject) =>
      over ? reject(new Error('crashed')) : crashed.push(() => reject(new Error('crashed'))),
    );
  return {
    location: inner.location,
    read: (n) => (dead ? hang() : inner.read(n)),
    backup: (n) => (dead ? hang() : inner.backup(n)),
    remove: (n) => (dead ? hang() : inner.remove(n)),
    async writeAtomic(n, t) {
      if (dead) return hang();
      await inner.writeAtomic(n, t);
      if (n === 'handoff.json') dead = true;
    },
  };
}

async function planned(engine: ReturnType<NonNullable<typeof current>['harness']['engine']>) {
  const plan = await current!.harness.clock.runWhileAdvancing(
    engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-08' } }),
  );
  if (!plan.ok) throw new Error(plan.error.message);
  return plan.value.rows.map((r) => ({ ...r, email: 'bob@example.com' }));
}

const DAMAGES: Record<string, string> = {
  'cut short': '{"run":"',
  'empty (power loss)': '',
  'not JSON': '\u0000\u0000',
};

describe('away mode: a damaged mark after a crash right after the first save', () => {
  it.each(Object.entries(DAMAGES))(
    '%s: kept aside, said once, nothing sent unasked, Retry sends each once',
    async (_, text) => {
      over = false;
      current = await oneService(START, () => 'pass');
      const { harness, proxy } = current;
      const first = harness.engine({ client: { timeoutMs: 1_000 }, files: diesAfterFirstSave(real()) });
      await first.start();
      await harness.clock.advance(5_000);
      const items = await planned(first);
      expect(items).toHaveLength(3);
      void first.handlers['handoff:create']({ items });
      for (let i = 0; i < 50 && (await readFile(join(harness.dir, MARK), 'utf8').catch(() => '')) === ''; i++)
        await new Promise((r) => setTimeout(r, 20));
      for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 20));
      const saved = SavedSchema.parse(JSON.parse(await readFile(join(harness.dir, 'handoff.json'), 'utf8')));
      expect([saved.marked, saved.items.map((i) => i.state), proxy.posts.length]).toEqual([
        true,
        ['pending', 'pending', 'pending'],
        0,
      ]);
      await writeFile(join(harness.dir, MARK), text);

      const engine = harness.engine({ client: { timeoutMs: 1_000 }, files: real() });
      await engine.start();
      await harness.clock.advance(30_000);
      // Each shift is read on the service before it is said (resume-check.ts): its first read settles it. Polled
      // (the first app, dead, still holds its own operations, so the hand-off's queue can't be waited on whole).
      const checking = async () => {
        const now = await engine.handlers['handoff:get'](null);
        return !now.ok || now.value.run?.items.some((i) => i.state === 'unknown') === true;
      };
      for (let i = 0; i < 200 && (await checking()); i++) {
        await new Promise((r) => setTimeout(r, 20));
        await harness.clock.advance(500);
      }
      const got = await engine.handlers['handoff:get'](null);
      if (!got.ok) throw new Error(got.error.message);
      // Nothing sent unasked, and never the false "could not be saved first".
      expect(proxy.posts).toHaveLength(0);
      expect(got.value.run?.items.map((i) => i.state)).toEqual(['not_sent', 'not_sent', 'not_sent']);
      expect(got.value.said?.summary).not.toContain(NOT_SAVED);
      // Told once, the file named; kept aside as it was.
      const notices = engine.getState().notices.map((n) => n.message);
      expect(notices.filter((n) => n.includes(join(harness.dir, MARK)))).toHaveLength(1);
      const copies = (await readdir(harness.dir)).filter((f) => f.startsWith(`${MARK}.bad-`));
      expect(copies).toHaveLength(1);
      expect(await readFile(join(harness.dir, copies[0]!), 'utf8')).toBe(text);
      expect(notices.join(' ')).toContain(join(harness.dir, copies[0]!));

      const retried = await harness.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
      if (!retried.ok) throw new Error(retried.error.message);
      expect(retried.value.said?.summary).toBe('3 of 3 handed off');
      expect(proxy.posts).toHaveLength(3);
      // The copy is still there after Retry wrote a new mark.
      expect((await readdir(harness.dir)).filter((f) => f.startsWith(`${MARK}.bad-`))).toEqual(copies);
      await engine.stop();
    },
    60_000,
  );
});

describe('away mode: a folder where the mark should be', () => {
  it('is named at start and in the refused save, with a way out that can come true', async () => {
    current = await oneService(START, () => 'pass');
    const { harness, proxy } = current;
    await mkdir(join(harness.dir, MARK));
    const engine = harness.engine({ client: { timeoutMs: 1_000 }, files: real() });
    await engine.start();
    await harness.clock.advance(5_000);
    const atStart = engine.getState().notices.map((n) => n.message);
    expect(atStart.filter((n) => n.includes(join(harness.dir, MARK)) && n.includes('a folder'))).toHaveLength(1);

    const created = await harness.clock.runWhileAdvancing(
      engine.handlers['handoff:create']({ items: await planned(engine) }),
    );
    if (!created.ok) throw new Error(created.error.message);
    expect(proxy.posts).toHaveLength(0);
    expect(created.value.notice).toContain(`a folder stands where ${MARK} should be`);
    expect(created.value.notice).not.toContain('Retry once the folder can be written');

    // Its way out: the folder moved away, Retry sends each shift once (the folder was never deleted by the app).
    await rm(join(harness.dir, MARK), { recursive: true });
    const retried = await harness.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
    if (!retried.ok) throw new Error(retried.error.message);
    expect(retried.value.said?.summary).toBe('3 of 3 handed off');
    expect(proxy.posts).toHaveLength(3);
    await engine.stop();
  });
});
