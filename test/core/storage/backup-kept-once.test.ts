// A refused file is kept aside once (adv52 round 17 #3): one that can't be renamed or removed (immutable here; in use
// a file locked by a sync client or antivirus) is refused again at every read, and each read made another masked
// `.bad-` copy of it (five exports, five copies of up to 2 MB). Now the same bytes are kept once, and at most
// MAX_BACKUPS_PER_FILE copies of a file are kept, the newest. Real file store and folder; the engine case is the real
// engine with the simulator and a fake clock, five exports a minute apart. Failed before: 2, 8 and 5 copies.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BACKUPS_PER_FILE } from '../../../electron/core/storage/backup-copies';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const RECORD = 'calendar-export.json';
const SECRET_RECORD = '{"version":1,"token":"ocs_test_key_1","entries":[';
const locked: string[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const path of locked.splice(0)) execFileSync('chattr', ['-i', path]);
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'oncall-kept-once-'));
  dirs.push(dir);
  return dir;
}
const lock = (path: string): void => {
  execFileSync('chattr', ['+i', path]);
  locked.push(path);
};
const copiesOf = async (dir: string, name: string): Promise<string[]> =>
  (await readdir(dir)).filter((f) => f.startsWith(`${name}.bad-`)).sort();

describe('a refused file is kept aside once', () => {
  it('the same bytes refused again are not copied again, masked or moved', async () => {
    const dir = await folder();
    let nowMs = Date.parse('2026-03-02T08:00:00Z');
    const files = createFsFileStore(dir, { now: () => nowMs });
    for (const text of [SECRET_RECORD, '{"version":1,"entries":[']) {
      const name = text === SECRET_RECORD ? RECORD : 'handoff.json';
      const kept: string[] = [];
      for (let i = 0; i < 3; i++) {
        await writeFile(join(dir, name), text);
        kept.push(await files.backup(name));
        nowMs += 60_000;
      }
      expect(new Set(kept).size).toBe(1);
      expect(await copiesOf(dir, name)).toHaveLength(1);
      expect((await readdir(dir)).includes(name)).toBe(false);
    }
    expect(await readFile(join(dir, (await copiesOf(dir, RECORD))[0] ?? ''), 'utf8')).not.toContain('ocs_test_key_1');
  });

  it('keeps at most the newest few copies of one file', async () => {
    const dir = await folder();
    let nowMs = Date.parse('2026-03-02T08:00:00Z');
    const files = createFsFileStore(dir, { now: () => nowMs });
    const made: string[] = [];
    for (let i = 0; i < MAX_BACKUPS_PER_FILE + 3; i++) {
      await writeFile(join(dir, 'settings.json'), `damaged ${i}`);
      made.push(await files.backup('settings.json'));
      if (i % 2 === 1) nowMs += 1_000; // two per second: the `-2` names sort after their first
    }
    const left = await copiesOf(dir, 'settings.json');
    expect(left.map((f) => join(dir, f)).sort()).toEqual(made.slice(-MAX_BACKUPS_PER_FILE).sort());
    expect(await copiesOf(dir, 'cache.json')).toEqual([]);
  });

  it('a record that cannot be removed is copied once over five exports (real engine, simulator, fake clock)', async () => {
    const h = await createHarness({ startMs: Date.parse('2026-03-10T06:00:00Z'), seed: opsSeed, files: 'fs' });
    try {
      await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
      const engine = h.engine({ alarms: false });
      await engine.start();
      await h.clock.advance(60_000);
      expect(await h.clock.runWhileAdvancing(engine.calendar(30))).toContain('BEGIN:VEVENT');
      const target = join(h.dir, RECORD);
      await writeFile(target, SECRET_RECORD);
      lock(target);
      for (let i = 0; i < 5; i++) {
        const ics = await h.clock.runWhileAdvancing(engine.calendar(30));
        expect(ics).toContain('BEGIN:VEVENT');
        await h.clock.advance(60_000);
      }
      const copies = await copiesOf(h.dir, RECORD);
      expect(copies).toHaveLength(1);
      expect(await readFile(join(h.dir, copies[0] ?? ''), 'utf8')).not.toContain('ocs_test_key_1');
      await engine.stop();
    } finally {
      for (const path of locked.splice(0)) execFileSync('chattr', ['-i', path]);
      await h.close();
    }
  });
});
