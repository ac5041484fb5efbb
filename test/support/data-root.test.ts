// The engine harness's data folder is made where writes are cheap (data-root.ts), and is still a real folder the
// app's file store writes into.
import { accessSync, constants } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../core/support/engine-harness';
import { opsSeed } from '../core/support/seeds';

/** Worked out here, not by data-root.ts: Linux with a writable /dev/shm. */
function memoryFsHere(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    accessSync('/dev/shm', constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

describe('the test data folders', () => {
  it('are on the memory file system where there is one, and hold what the app writes', async () => {
    const h = await createHarness({ startMs: Date.parse('2026-03-02T08:00:00Z'), seed: opsSeed, files: 'fs' });
    const chosen = process.env['TEST_DATA_ROOT'];
    const root = chosen !== undefined && chosen !== '' ? chosen : memoryFsHere() ? '/dev/shm' : tmpdir();
    expect(h.dir.startsWith(`${root}/`)).toBe(true);
    await h.files.writeAtomic('settings.json', '{"version":1}');
    expect(await readFile(join(h.dir, 'settings.json'), 'utf8')).toBe('{"version":1}');
    await h.close();
  });
});
