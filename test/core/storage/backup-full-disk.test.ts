// adv52 round 22 #2: on a full disk each failed backup left another `<file>.bad-<time>`, cut short or empty, past
// the copies kept: one more empty settings.json.bad-… at every start, one more calendar-export.json.bad-… at every
// export, while the notice said truthfully that keeping the file aside failed. Now a copy that fails is removed, never
// counted as kept, and the same bytes failing again are not tried again in the run. The disk is the real folder
// through the real file store; only its writes are made to fail as a full disk fails them (ENOSPC once the little
// room left is written), so no mount or root is needed.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const disk = vi.hoisted(() => ({ full: false, room: 0, copiesTried: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open = async (...args: Parameters<typeof real.open>) => {
    const handle = await real.open(...args);
    if (String(args[0]).includes('.bad-')) disk.copiesTried++;
    // A full disk: what fits in the room left is written, then ENOSPC (a cut-short file, then empty ones).
    const writeFile = async (data: string | Uint8Array, options?: BufferEncoding) => {
      if (!disk.full) return handle.writeFile(data, options);
      const bytes = Buffer.from(data);
      const fits = Math.min(disk.room, bytes.length);
      if (fits > 0) await handle.write(bytes.subarray(0, fits), 0, fits, 0);
      disk.room -= fits;
      if (fits < bytes.length) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    return new Proxy(handle, {
      get: (target, prop): unknown => {
        if (prop === 'writeFile') return writeFile;
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (...a: unknown[]): unknown => Reflect.apply(value, target, a) : value;
      },
    });
  };
  return { ...real, open, default: { ...real, open } };
});

// The store loaded afresh over the mocked module (test files may share a worker's module cache).
vi.resetModules();
const { createFsFileStore } = await import('../../../electron/core/storage/fs-file-store');

const dirs: string[] = [];
afterEach(async () => {
  disk.full = false;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const copiesIn = async (dir: string, name: string) => (await readdir(dir)).filter((f) => f.startsWith(`${name}.bad-`));

describe('a refused file on a full disk', () => {
  it('leaves no cut-short or empty copy, start after start, and tries the same bytes once per run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'oncall-full-'));
    dirs.push(dir);
    // A settings file holding a token (so it is copied masked, never moved) that each start refuses.
    const refused = JSON.stringify({ version: 2, calendarFeed: { token: 'ocs_test_key_1' }, pad: 'x'.repeat(20_000) });
    await writeFile(join(dir, 'settings.json'), refused);
    disk.full = true;
    disk.room = 4096;
    let nowMs = Date.parse('2026-03-10T06:00:00Z');
    for (let start = 0; start < 7; start++) {
      const files = createFsFileStore(dir, { now: () => nowMs });
      disk.copiesTried = 0;
      // Read back three times in one run (an export every few minutes): tried once, failing each time.
      for (let read = 0; read < 3; read++) await expect(files.backup('settings.json')).rejects.toThrow(/ENOSPC/);
      expect(disk.copiesTried).toBe(1);
      expect(await copiesIn(dir, 'settings.json')).toEqual([]);
      nowMs += 60_000;
    }
    // The original is where it was, as it was.
    expect((await readdir(dir)).includes('settings.json')).toBe(true);
    // Room again: the copy is made, once, with all its bytes.
    disk.full = false;
    const files = createFsFileStore(dir, { now: () => nowMs });
    const kept = await files.backup('settings.json');
    expect(await copiesIn(dir, 'settings.json')).toEqual([kept.slice(dir.length + 1)]);
  });
});
