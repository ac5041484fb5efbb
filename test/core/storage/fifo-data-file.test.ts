// Issue 52, round 3: a data file that is a named pipe (or any file that isn't a regular one) hung every read of it
// forever: the CLI printed nothing and ignored SIGTERM, and the engine's start() never finished. The file store
// reads regular files only; anything else is "can't be read: not a regular file", left in place.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-24T10:00:00Z');
const mkfifo = (path: string): void => void execFileSync('mkfifo', [path]);
const within = <T>(p: Promise<T>, ms: number): Promise<T | 'hung'> =>
  Promise.race([p, new Promise<'hung'>((r) => setTimeout(() => r('hung'), ms).unref())]);

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a data file that is a named pipe', () => {
  it('is refused by the file store at once (not a regular file), and left in place', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fifo-'));
    try {
      mkfifo(join(dir, 'cache.json'));
      const files = createFsFileStore(dir);
      const read = await within(
        files.read('cache.json').catch((e: unknown) => (e instanceof Error ? e.message : 'error')),
        2_000,
      );
      expect(read).toMatch(/not a regular file/);
      expect((await stat(join(dir, 'cache.json'))).isFIFO()).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  for (const name of ['reminders.json', 'handoff.json', 'cache.json', 'calendar-export.json']) {
    it(`as ${name} does not stop the engine from starting`, async () => {
      h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
      mkfifo(join(h.dir, name));
      const e = h.engine();
      const started = within(
        h.clock.runWhileAdvancing(e.start(), 1000, 60).then(() => 'started'),
        4_000,
      );
      expect(await started).toBe('started');
      await h.clock.advance(5_000);
      // Said where the user looks for that file (the hand-off's and the calendar's in their own views).
      if (name === 'reminders.json' || name === 'cache.json')
        expect(
          e
            .getState()
            .notices.map((n) => n.message)
            .join(' '),
        ).toContain('(not a regular file)');
      // Not moved aside (the cache and the reminders record are saved anew over it, as over any unreadable one).
      if (name === 'handoff.json' || name === 'calendar-export.json')
        expect((await stat(join(h.dir, name))).isFIFO()).toBe(true);
      await e.stop();
    });
  }
});
