// Issue 52, round 8 (F1): a 21.7 MB cache.json of 100 000 forged shifts crashed the engine at start (a spread of
// every planned reminder into Math.min overflowed the call stack), and a 217 MB one blocked the event loop for
// 15 min. Every file read back has a size cap (file-limits.ts), checked with stat before a byte is read: a file
// over it is kept aside, said once, and the app starts without it. A link to a file that isn't the app's (e.g.
// /etc/passwd) is refused like any file of the wrong shape: said, the link kept aside, its target untouched.
import { mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { maxBytesOf } from '../../../electron/core/storage/file-limits';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { maxOf, minOf } from '../../../electron/shared/extremes';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-26T05:00:00Z');
const MB = 1024 * 1024;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const noticesOf = (e: { getState(): { notices: readonly { message: string }[] } }): string =>
  e
    .getState()
    .notices.map((n) => n.message)
    .join('\n');

/** One online run writes a real cache.json; returns the engine harness stopped, ready for tampering. */
async function afterOneRun(): Promise<Harness> {
  const harness = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(harness, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const e = harness.engine({ alarms: false });
  await harness.clock.runWhileAdvancing(e.start(), 1000, 60);
  await harness.clock.advance(10 * 60_000);
  await e.stop();
  return harness;
}

describe('the size cap on files read back', () => {
  it('refuses a file over its cap before reading it, and reads one under it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cap-'));
    try {
      const files = createFsFileStore(dir);
      await writeFile(join(dir, 'settings.json'), ' '.repeat(maxBytesOf('settings.json') + 1));
      await expect(files.read('settings.json')).rejects.toMatchObject({ code: 'EFBIG' });
      await writeFile(join(dir, 'settings.json'), '{}' + ' '.repeat(maxBytesOf('settings.json') - 2));
      expect((await files.read('settings.json'))?.startsWith('{}')).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is generous: 8 MB for a cache (a real one of 10 schedules × 14 days is well under 1 MB)', () => {
    expect(maxBytesOf('cache.json')).toBe(8 * MB);
    expect(maxBytesOf('cache-acc_2.json')).toBe(8 * MB);
  });

  it('keeps a 21 MB cache.json of 100 000 forged shifts aside: the engine starts, says so once, and works', async () => {
    h = await afterOneRun();
    const path = join(h.dir, 'cache.json');
    const cache = JSON.parse(await readFile(path, 'utf8')) as { schedules: { id: string; shifts: unknown[] }[] };
    const berlin = cache.schedules.find((s) => s.id === 'sch_berlin');
    const me = { id: 'usr_me', name: 'Mia Meyer', email: ME, time_zone: 'Europe/Berlin' };
    const base = Date.parse('2026-03-26T09:00:00Z');
    for (let i = 0; i < 100_000; i++)
      berlin?.shifts.push({
        users: [me],
        start: new Date(base + i * 60_000).toISOString(),
        end: new Date(base + i * 60_000 + 30_000).toISOString(),
      });
    await writeFile(path, JSON.stringify(cache));
    h.sim.faults.set('*', { status: 503 });
    const e = h.engine({ alarms: false });
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await h.clock.advance(60_000);
    const said = noticesOf(e);
    expect(said).toMatch(/Saved schedule data was not used because it is larger than the app ever writes it/);
    expect(said).toMatch(/at most 8 MB/);
    expect(said.match(/larger than the app ever writes/g)).toHaveLength(1);
    expect((await readdir(h.dir)).some((f) => f.startsWith('cache.json.bad-'))).toBe(true);
    await e.stop();
  }, 20_000);

  it('keeps an oversized reminders.json and settings.json aside, says each, and starts', async () => {
    h = await afterOneRun();
    const reminders = join(h.dir, 'reminders.json');
    await writeFile(reminders, (await readFile(reminders, 'utf8')) + ' '.repeat(maxBytesOf('reminders.json')));
    const e = h.engine({ alarms: false });
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    expect(noticesOf(e)).toMatch(/reminders already shown could not be read \(it is larger[^)]*kept as /);
    await e.stop();
    const settings = join(h.dir, 'settings.json');
    await writeFile(settings, (await readFile(settings, 'utf8')) + ' '.repeat(maxBytesOf('settings.json')));
    const again = h.engine({ alarms: false });
    await h.clock.runWhileAdvancing(again.start(), 1000, 60);
    expect(noticesOf(again)).toMatch(/settings file could not be used because it is larger.*kept as /s);
    await again.stop();
  }, 20_000);

  for (const name of ['cache.json', 'settings.json', 'reminders.json']) {
    it(`refuses ${name} as a link to /etc/passwd: said, the link kept aside, the target untouched`, async () => {
      h = await afterOneRun();
      const before = await readFile('/etc/passwd', 'utf8');
      await rm(join(h.dir, name));
      await symlink('/etc/passwd', join(h.dir, name));
      const e = h.engine({ alarms: false });
      await h.clock.runWhileAdvancing(e.start(), 1000, 60);
      expect(noticesOf(e)).toMatch(/could not be (read|used)/);
      expect((await readdir(h.dir)).some((f) => f.startsWith(`${name}.bad-`))).toBe(true);
      expect(await readFile('/etc/passwd', 'utf8')).toBe(before);
      await e.stop();
    }, 20_000);
  }
});

describe('least and greatest of a long list', () => {
  it('take 300 000 values without overflowing the stack, as Math.min/max would for a short one', () => {
    const values = Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 300_001);
    expect(() => Math.min(...values)).toThrow(RangeError);
    expect(minOf(values)).toBe(Math.min(...values.slice(0, 1000), ...values.slice(1000, 2000), minOf(values)));
    expect(minOf(values, -1)).toBe(-1);
    expect(maxOf([])).toBe(-Infinity);
    expect(minOf([])).toBe(Infinity);
    expect(maxOf([3, 9, 2], 5)).toBe(9);
  });
});
