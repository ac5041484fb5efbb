// The headless status command, spawned as a user would run it: the first test through `npm run status -- …` itself,
// the rest through the command's bundle (the same code, see support/status-bundle.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demoSeed from '../../electron/simulator/demo-seed.json';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/server';
import { AppStateSchema } from '../../electron/shared/view-state';
import { defaultSettings } from '../../electron/shared/settings';
import { z } from 'zod';
import { runStatus as status } from './support/run-status';

let emptyDir = '';
beforeAll(async () => {
  emptyDir = await mkdtemp(join(tmpdir(), 'oncall-status-'));
});
afterAll(async () => {
  await rm(emptyDir, { recursive: true, force: true });
});

describe('npm run status', () => {
  it('--demo prints who is on call on each demo schedule, my next shift and the coverage requests', async () => {
    const run = await status(['--demo'], {}, { via: 'npm' });
    expect(run.code).toBe(0);
    // Issue 47: a zone is worded by its place, as on every surface (failed before: "(Europe/Berlin)").
    expect(run.stdout).toMatch(/^OnCall Tray — .* \(Berlin\) — demo data$/m);
    expect(run.stdout).toMatch(/^Sync: ok/m);
    for (const s of demoSeed.schedules)
      expect(run.stdout).toContain(`${s.name} [${s.id}] (${s.time_zone.split('/').pop()?.replace(/_/g, ' ')}) — fresh`);
    expect(run.stdout).toMatch(/^ {2}now: {2}\S.* until /m);
    expect(run.stdout).toMatch(/^Your next shift: Platform primary .*\(in /m);
    // The demo user (Alice) asked for one request; others on her schedules ask her.
    expect(run.stdout).toMatch(/yours \(1\):\n {2}Alice Doe: Giving a conference talk/);
    expect(run.stdout).toContain('Frank Ortiz: Family wedding');
    expect(run.stdout).not.toContain('ocs_demo_k1');
  });

  it('--demo --json prints the state as machine-readable JSON', async () => {
    const run = await status(['--demo', '--json']);
    expect(run.code).toBe(0);
    const out = z.object({ exitCode: z.number(), state: AppStateSchema }).parse(JSON.parse(run.stdout));
    expect(out.state.setup.demo).toBe(true);
    expect(out.state.schedules).toHaveLength(demoSeed.schedules.length);
    expect(out.state.schedules.every((s) => s.now !== null && s.status.kind === 'fresh')).toBe(true);
    expect(out.state.me.nextShift?.scheduleId).toBe('sch_platform_primary');
  });

  it('exits 2 on bad arguments, with the usage', async () => {
    const run = await status(['--schedule', 'not-an-id']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--schedule: must look like sch_');
    expect(run.stderr).toContain('Usage: npm run status');
  });

  for (const address of [
    'http://oncall.example.com',
    'notaurl',
    'ftp://oncall.example.com',
    'https://me:hunter2@oncall.example.com',
  ]) {
    it(`exits 2 for --base-url ${address}, naming the address and the https-only rule`, async () => {
      const run = await status(
        ['--data-dir', emptyDir, '--base-url', address, '--schedule', 'sch_x', '--email', 'me@x.io'],
        { ONCALL_API_KEY: 'ocs_any' },
      );
      expect(run.code).toBe(2);
      expect(run.stdout).not.toContain('Sync: ok');
      // User info is dropped, not masked: the name or password could be the key itself (issue 19).
      const shown = address.replace('me:hunter2@', '');
      expect(run.stderr).toContain(`--base-url: The service address “${shown}`);
      expect(run.stderr).toContain('Only https:// addresses are accepted, except http:// on this machine');
      expect(run.stderr).not.toContain('hunter2');
    });
  }

  it('says a stored unusable address is the problem, not a missing key (exit 3)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'oncall-status-badurl-'));
    try {
      const account = {
        id: 'main',
        label: 'Work',
        baseUrl: 'http://oncall.example.com',
        email: 'me@x.io',
        schedules: [{ id: 'sch_x' }],
      };
      const settings = { ...defaultSettings(), accounts: [account] };
      await writeFile(join(dir, 'settings.json'), JSON.stringify(settings));
      const run = await status(['--data-dir', dir], { ONCALL_API_KEY: '' });
      expect(run.code).toBe(3);
      expect(run.stdout).toMatch(
        /^Sync: needs setup: The service address “http:\/\/oncall\.example\.com\/?” can't be used: it must use https:\/\//m,
      );
      expect(run.stdout).not.toContain('Add your API key');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 3 when there is no key and nothing set up', async () => {
    const run = await status(['--data-dir', emptyDir, '--json'], { ONCALL_API_KEY: '' });
    expect(run.code).toBe(3);
    expect(z.object({ state: AppStateSchema }).parse(JSON.parse(run.stdout)).state.sync.kind).toBe('needs_setup');
  });

  describe('against a service given on the command line', () => {
    let sim: RunningSimulator;
    beforeAll(async () => {
      sim = await startSimulator({});
    });
    afterAll(async () => {
      await sim.close();
    });

    it('uses --base-url, --schedule, --email and ONCALL_API_KEY instead of settings and keychain', async () => {
      const run = await status(
        ['--data-dir', emptyDir, '--base-url', sim.url, '--schedule', 'sch_data_tokyo', '--email', 'hiro@example.com'],
        { ONCALL_API_KEY: sim.apiKey },
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Data Tokyo [sch_data_tokyo] (Tokyo) — fresh');
      expect(run.stdout).not.toContain('Platform primary [');
    });

    it('exits 4 when the key is rejected', async () => {
      const run = await status(['--data-dir', emptyDir, '--base-url', sim.url, '--schedule', 'sch_data_tokyo'], {
        ONCALL_API_KEY: 'ocs_wrong_key',
      });
      expect(run.code).toBe(4);
      expect(run.stdout).toMatch(/Sync: key rejected/);
    });
  });
});
