// Issue 34 (case 8 and a small one): `status` never drops what the settings' repair said (an account with an invalid
// or repeated id is named, and the exit code is not 0), and a key variable no account reads is named with the one
// meant (ONCALL_API_KEY_acme, _ACME-EU), never ignored silently.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/server';
import { serviceSeed } from '../support/two-service-seeds';
import { jsonState, runStatus as status } from './support/run-status';

const KEY_WORK = 'ocs_cli_work_key_1';
let work: RunningSimulator;
const dirs: string[] = [];

beforeAll(async () => {
  work = await startSimulator({ seed: serviceSeed(KEY_WORK, ['alice', 'bob']) });
});
afterAll(async () => {
  await work.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function dataDir(accounts: object[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'oncall-notices-'));
  dirs.push(dir);
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 2, accounts }));
  return dir;
}

const account = (id: string, label: string) => ({
  id,
  label,
  baseUrl: work.url,
  email: 'alice@example.com',
  schedules: [{ id: 'sch_primary' }],
});

describe('npm run status: what the settings and the environment need said', () => {
  it('an account with a repeated id or an invalid one: named in the notices, and the exit code is not 0', async () => {
    const dir = await dataDir([account('work', 'Work'), account('work', 'Work again'), account('Bad Id', 'Bad')]);
    const run = await status(['--data-dir', dir, '--json'], { ONCALL_API_KEY_WORK: KEY_WORK });
    const state = jsonState(run);
    expect(state.accounts.map((a) => a.id)).toEqual(['work']);
    const notices = state.notices.map((n) => n.message).join('\n');
    expect(notices).toContain('accounts.1');
    expect(notices).toContain('accounts.2');
    expect(run.code).toBe(4);
  }, 90_000);

  it('a key variable no account reads is named, with the spelling meant', async () => {
    const dir = await dataDir([account('work', 'Work'), { ...account('acme-eu', 'Acme EU') }]);
    // (A name with a dash, ONCALL_API_KEY_ACME-EU, never reaches the command through npm's shell; keyHints names it
    // too: test/shared/accounts.test.ts.)
    const run = await status(['--data-dir', dir], { ONCALL_API_KEY_work: KEY_WORK, ONCALL_API_KEY_acme_eu: KEY_WORK });
    expect(run.stderr).toContain('ONCALL_API_KEY_work is not read: the variable is spelled ONCALL_API_KEY_WORK.');
    expect(run.stderr).toContain('ONCALL_API_KEY_acme_eu is not read: the variable is spelled ONCALL_API_KEY_ACME_EU.');
  }, 90_000);

  it('a folder where settings.json should be: said as a settings file that can not be read, never "add your key"', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'oncall-notices-'));
    dirs.push(dir);
    await mkdir(join(dir, 'settings.json'));
    const run = await status(['--data-dir', dir, '--json'], { ONCALL_API_KEY: KEY_WORK });
    const said = run.stdout + run.stderr;
    expect(said).toMatch(/settings file can't be read/);
    expect(said).not.toMatch(/Add your API key/);
  }, 90_000);

  it('a pause far ahead in the settings file is said once, and its date names the year', async () => {
    const dir = await dataDir([{ ...account('work', 'Work'), pausedUntil: '2999-01-01T00:00:00Z' }]);
    const run = await status(['--data-dir', dir], { ONCALL_API_KEY_WORK: KEY_WORK });
    const said = run.stdout + run.stderr;
    expect(said.match(/paused much further ahead than the app ever pauses them/g)).toHaveLength(1);
    expect(said).toMatch(/2999/);
  }, 90_000);
});
