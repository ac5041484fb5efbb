// `status` with a link higher up the data folder's path (~/.config a link to a synced folder not mounted yet; adv52 r34
// #1): before, the folder read as a first start ("Sync: needs setup: Add your API key to start.", exit 3), though the
// user's settings sit at the link's target. Now it names that link, like a data folder that is itself such a link
// (status-folder-link-missing.test.ts), and makes nothing through it.
import { mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runStatus } from './support/run-status';

const KEY = 'ocs_cli_above_key';

it('status under a link to a missing folder higher up the path names that link, never a first start', async () => {
  const base = await mkdtemp(join(tmpdir(), 'oncall-status-above-'));
  const synced = join(base, 'synced-config');
  const config = join(base, 'config');
  await mkdir(join(synced, 'OnCall Tray'), { recursive: true });
  const account = { id: 'main', label: 'Work', baseUrl: 'http://127.0.0.1:9', email: 'alice@example.com' };
  const settings = { version: 2, accounts: [{ ...account, schedules: [{ id: 'sch_a' }] }] };
  await writeFile(join(synced, 'OnCall Tray', 'settings.json'), JSON.stringify(settings));
  await symlink(synced, config);
  await rename(synced, join(base, 'away'));
  const run = await runStatus(['--data-dir', join(config, 'OnCall Tray')], { ONCALL_API_KEY: KEY });
  const said = `${run.stdout}\n${run.stderr}`;
  expect(said).toContain(`${config} is a link to ${synced}, which is missing`);
  expect(said).not.toMatch(/needs setup|Add your API key/);
  expect(run.code).not.toBe(3);
  expect(said).not.toContain(KEY);
  // Nothing made through the link, nothing in its place.
  expect((await readdir(base)).sort()).toEqual(['away', 'config']);
  await rm(base, { recursive: true, force: true });
});
