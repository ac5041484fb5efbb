// `status --ack` reads alarms.json back as a claim (issue 52). Each case failed before: a record that could never
// have rung was acknowledged; a read-only folder gave only "unexpected failure (Error)"; a refused file was moved
// aside without a word, so "No shift-start alarm is waiting" read as the whole truth.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptySnapshot } from '../../electron/core/model/snapshot';
import { runStatus } from './support/run-status';

const HOUR = 3_600_000;
const YEAR = 365 * 24 * HOUR;
const dataDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'status-ack-'));
const seed = (dir: string, alarms: unknown): Promise<void> =>
  writeFile(join(dir, 'alarms.json'), typeof alarms === 'string' ? alarms : JSON.stringify({ version: 1, alarms }));

/** settings.json watching `sch_x` on https://x as me, and a cache where my block starts at `startMs` (the ack checks
 *  a record against both). */
async function seedMine(dir: string, startMs: number): Promise<void> {
  const account = {
    id: 'main',
    label: 'Work',
    baseUrl: 'https://x',
    email: 'me@example.com',
    schedules: [{ id: 'sch_x' }],
  };
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 2, accounts: [account] }));
  const me = { id: 'usr_me', name: 'Me', email: 'me@example.com' };
  const iso = (ms: number): string => new Date(ms).toISOString();
  const shifts = [{ start: iso(startMs), end: iso(startMs + 8 * HOUR), users: [me] }];
  const schedule = {
    id: 'sch_x',
    details: null,
    detailsFetchedAt: null,
    shifts,
    shiftsFrom: iso(startMs - HOUR),
    shiftsTo: iso(startMs + 8 * HOUR),
    shiftsFetchedAt: iso(startMs),
    shiftHoles: [],
    problem: null,
    notFound: false,
  };
  await writeFile(join(dir, 'cache.json'), JSON.stringify({ ...emptySnapshot(), schedules: [schedule] }));
}

let locked: string | undefined;
afterEach(() => {
  if (locked) execFileSync('chattr', ['-i', locked]);
  locked = undefined;
});

describe('status --ack reads the alarm records as claims', () => {
  it('does not acknowledge a record that could never have rung, and says it was dropped', async () => {
    const dir = await dataDir();
    const now = Date.now();
    await seed(dir, { x: { startMs: now + 10 * YEAR, endMs: now + 10 * YEAR + HOUR, rungAtMs: now - 60_000 } });
    const run = await runStatus(['--ack', '--data-dir', dir]);
    expect(run.stdout).not.toMatch(/Acknowledged/);
    expect(run.stderr).toMatch(/1 entry of the shift-start alarm records was not used/);
    const kept = (await readdir(dir)).filter((n) => n.startsWith('alarms.json.bad'));
    expect(kept).toHaveLength(1);
    expect(run.stderr).toContain(kept[0]);
    expect(await readFile(join(dir, 'alarms.json'), 'utf8')).not.toContain('ackedAtMs');
  });

  it('in a read-only data folder says the acknowledgement couldn’t be saved and why, exit 4', async () => {
    const dir = await dataDir();
    const start = Math.floor((Date.now() - 60_000) / 1000) * 1000;
    await seedMine(dir, start);
    await seed(dir, {
      [`alarm:https://x:sch_x:${new Date(start).toISOString().replace('.000Z', 'Z')}`]: {
        startMs: start,
        endMs: start + 8 * HOUR,
        rungAtMs: start,
      },
    });
    execFileSync('chattr', ['+i', dir]);
    locked = dir;
    const run = await runStatus(['--ack', '--data-dir', dir]);
    expect(await readFile(join(dir, 'alarms.json'), 'utf8')).not.toContain('ackedAtMs');
    expect(run.stdout).not.toMatch(/Acknowledged/);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain("The acknowledgement couldn't be saved");
    expect(run.stderr).toContain('permission denied');
    expect(run.stderr).not.toContain('unexpected failure');
  });

  it('says that a refused records file was kept aside, and where', async () => {
    const dir = await dataDir();
    await seed(dir, '{"version":1,"alarms":{"k":{"startMs":"x"}}}');
    const run = await runStatus(['--ack', '--data-dir', dir]);
    const kept = (await readdir(dir)).filter((n) => n.startsWith('alarms.json.bad'));
    expect(kept).toHaveLength(1);
    expect(run.stderr).toContain(kept[0]);
    expect(run.stderr).toContain('could not be read');
    expect(run.stderr).not.toContain("not the app's");
  });

  it('a backup it makes masks the key from the environment by value, whatever field holds it (F3: failed before)', async () => {
    const dir = await dataDir();
    const now = Date.now();
    const key = 'ocs_secret_k1_from_env';
    const rec = { startMs: now, endMs: now + HOUR, rungAtMs: now, note: key, comment: `key ${key}` };
    // A key that isn't an alarm's is dropped and kept aside (one for a schedule not watched is parked, not backed up).
    await seed(dir, { [`alarm:https://x:${new Date(now).toISOString()}`]: rec });
    const run = await runStatus(['--ack', '--data-dir', dir], { ONCALL_API_KEY: key });
    const kept = (await readdir(dir)).filter((n) => n.startsWith('alarms.json.bad'));
    expect(kept).toHaveLength(1);
    const backup = await readFile(join(dir, kept[0]!), 'utf8');
    expect(backup).not.toContain(key);
    expect(backup).toContain('removed: a secret is never kept in a backup');
    expect(run.stderr).not.toContain(key);
  });
});
