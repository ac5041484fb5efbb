// Issue 30, headless: `npm run status` over two services on loopback, each with its own key (given as
// ONCALL_API_KEY_<ID>) and the same schedule id with different people. Every account is shown and named; --json
// carries state.accounts[] and accountId on every entry; --account limits the run to one; one service down makes
// the exit code 4 and the text names that account; the .ics export's UIDs differ between the accounts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../electron/api/client';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/server';
import { serviceSeed } from '../support/two-service-seeds';
import { jsonState, runStatus as status } from './support/run-status';

const KEY_WORK = 'ocs_cli_work_key_1';
const KEY_ACME = 'ocs_cli_acme_key_2';
const ENV = { ONCALL_API_KEY_WORK: KEY_WORK, ONCALL_API_KEY_ACME: KEY_ACME };

let work: RunningSimulator;
let acme: RunningSimulator;
let dir = '';

beforeAll(async () => {
  work = await startSimulator({ seed: serviceSeed(KEY_WORK, ['alice', 'bob']) });
  acme = await startSimulator({ seed: serviceSeed(KEY_ACME, ['erin', 'frank']) });
  dir = await mkdtemp(join(tmpdir(), 'oncall-accounts-'));
  const settings = {
    version: 2,
    accounts: [
      { id: 'work', label: 'Work', baseUrl: work.url, email: 'alice@example.com', schedules: [{ id: 'sch_primary' }] },
      { id: 'acme', label: 'Acme', baseUrl: acme.url, email: 'erin@example.com', schedules: [{ id: 'sch_primary' }] },
    ],
  };
  await writeFile(join(dir, 'settings.json'), JSON.stringify(settings));
});
afterAll(async () => {
  await work.close();
  await acme.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

async function onCallNow(sim: RunningSimulator, key: string): Promise<string[]> {
  const client = createClient({ baseUrl: sim.url, getApiKey: () => key });
  try {
    const s = await client.getSchedule('sch_primary');
    if (!s.ok) throw new Error(s.error.message);
    return s.value.current_oncall_shift?.users.map((u) => u.name) ?? [];
  } finally {
    client.close();
  }
}

describe('npm run status with two accounts', () => {
  it('--json: both accounts, each schedule and shift with its accountId and its own service’s people', async () => {
    const run = await status(['--data-dir', dir, '--json'], ENV);
    const state = jsonState(run);
    expect(run.code).toBe(0);
    expect(state.accounts.map((a) => [a.id, a.label, a.address, a.sync.kind])).toEqual([
      ['work', 'Work', work.url, 'ok'],
      ['acme', 'Acme', acme.url, 'ok'],
    ]);
    expect(state.schedules.map((s) => [s.accountId, s.scheduleId])).toEqual([
      ['work', 'sch_primary'],
      ['acme', 'sch_primary'],
    ]);
    const people = (id: string) => state.schedules.find((s) => s.accountId === id)?.now?.users.map((u) => u.name);
    expect(people('work')).toEqual(await onCallNow(work, KEY_WORK));
    expect(people('acme')).toEqual(await onCallNow(acme, KEY_ACME));
    expect(new Set(state.me.shifts.map((m) => m.accountId))).toEqual(new Set(['work', 'acme']));
    // Each account's load apart (over its own read span), its rows named by their account.
    const loadRows = (state.me.load?.byAccount ?? []).flatMap((a) => [
      ...(a.thisMonth?.schedules ?? []).map((r) => ({ ...r, of: a.accountId })),
      ...(a.lastMonth?.schedules ?? []).map((r) => ({ ...r, of: a.accountId })),
    ]);
    expect(loadRows.length).toBeGreaterThan(0);
    expect(loadRows.every((r) => r.accountId === r.of && (r.of === 'work' || r.of === 'acme'))).toBe(true);
    expect(state.me.readiness ? state.me.readiness.shift.accountId : 'work').toMatch(/^(work|acme)$/);
    expect(run.stdout).not.toContain(KEY_WORK);
    expect(run.stdout).not.toContain(KEY_ACME);
  });

  it('text: every schedule named with its account', async () => {
    const run = await status(['--data-dir', dir], ENV);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Work · Platform primary [sch_primary]');
    expect(run.stdout).toContain('Acme · Platform primary [sch_primary]');
  });

  it('--account limits the run to one account; an unknown one is refused naming the accounts', async () => {
    const one = jsonState(await status(['--data-dir', dir, '--account', 'acme', '--json'], ENV));
    expect(one.accounts.map((a) => a.id)).toEqual(['acme']);
    expect(one.schedules.map((s) => s.accountId)).toEqual(['acme']);
    const bad = await status(['--data-dir', dir, '--account', 'nope'], ENV);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('there is no account nope (accounts: work, acme)');
  });

  it('--ics: one calendar for both accounts, UIDs distinct though the schedule ids are equal', async () => {
    const run = await status(['--data-dir', dir, '--ics', '--days', '30'], ENV);
    expect(run.code).toBe(0);
    const uids = [...run.stdout.matchAll(/^UID:(.+)$/gm)]
      .map((m) => m[1]!.trim())
      .filter((u) => !u.includes('-alarm-'));
    const summaries = [...run.stdout.matchAll(/^SUMMARY:(.+)$/gm)];
    expect(uids.length).toBeGreaterThan(2);
    expect(uids.length).toBe(summaries.length);
    expect(new Set(uids).size).toBe(uids.length);
  });

  it('--summary and the .ics name each schedule with its account', async () => {
    const summary = await status(['--data-dir', dir, '--summary'], ENV);
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/^Work · Platform primary: /m);
    expect(summary.stdout).toMatch(/^Acme · Platform primary: /m);
    const ics = await status(['--data-dir', dir, '--ics', '--days', '30'], ENV);
    expect(ics.stdout).toContain('SUMMARY:On call: Work · Platform primary');
    expect(ics.stdout).toContain('SUMMARY:On call: Acme · Platform primary');
  });

  it('a rejected key names its own variable; ONCALL_API_KEY alone is not taken for several accounts, and says so', async () => {
    const wrong = await status(['--data-dir', dir, '--json'], { ...ENV, ONCALL_API_KEY_ACME: 'ocs_wrong_key_9' });
    expect(wrong.code).toBe(4);
    const acmeSync = jsonState(wrong).accounts.find((a) => a.id === 'acme')?.sync;
    expect(acmeSync?.kind).toBe('key_rejected');
    expect(acmeSync && 'message' in acmeSync ? acmeSync.message : '').toContain('ONCALL_API_KEY_ACME');
    const single = await status(['--data-dir', dir], { ONCALL_API_KEY: KEY_WORK });
    expect(single.code).toBe(3);
    expect(single.stderr).toContain(
      'ONCALL_API_KEY serves a single account; with several, give each its own: ONCALL_API_KEY_WORK, ONCALL_API_KEY_ACME.',
    );
    // With --account it serves that one account.
    const one = await status(['--data-dir', dir, '--account', 'work'], { ONCALL_API_KEY: KEY_WORK });
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('Account: Work (work, ');
  });

  it('a service’s address, e-mail or schedules need --account when there are several, and then apply to it', async () => {
    const vague = await status(['--data-dir', dir, '--schedule', 'sch_primary'], ENV);
    expect(vague.code).toBe(2);
    expect(vague.stderr).toContain(
      '--schedule: with several accounts, say which with --account (accounts: work, acme)',
    );
    const acmeAsFrank = jsonState(
      await status(['--data-dir', dir, '--account', 'acme', '--email', 'frank@example.com', '--json'], ENV),
    );
    expect(acmeAsFrank.accounts.map((a) => [a.id, a.email])).toEqual([['acme', 'frank@example.com']]);
  });

  it('one service down: exit 4, the other fresh, the failing account named', async () => {
    await acme.close();
    const run = await status(['--data-dir', dir, '--json'], ENV);
    const state = jsonState(run);
    expect(run.code).toBe(4);
    expect(state.accounts.find((a) => a.id === 'work')?.sync.kind).toBe('ok');
    expect(state.accounts.find((a) => a.id === 'acme')?.sync.kind).not.toBe('ok');
    expect(state.schedules.find((s) => s.accountId === 'work')?.status.kind).toBe('fresh');
    const text = await status(['--data-dir', dir], ENV);
    expect(text.code).toBe(4);
    // Acme's coverage list couldn't be read: said so, never "none pending", and Work's list is not hidden by it.
    expect(text.stdout).toMatch(/^Coverage requests: Acme's requests couldn't be loaded/m);
    expect(text.stdout).not.toContain('none pending');
    expect(text.stdout).toMatch(/^Sync: \w+: Acme: /m);
    expect(text.stdout).toMatch(/^ {2}Acme \(acme, .*\) — (offline|error)/m);
    expect(text.stdout).toMatch(/^ {2}Work \(work, .*\) — ok$/m);
  });
});
