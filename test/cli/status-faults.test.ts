// `npm run status` against a raw fake service (test/cli/support/fake-service.ts) that fails in the ways real
// services do. What it must never do: print "nobody on call", "none pending" or "Sync: ok" for data it never
// got, exit 0 when a source failed, or ask a source twice in one run.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schedule, user } from '../api/support/fixtures';
import { useFakeService } from './support/fake-service-runs';
import { jsonState, runStatus } from './support/run-status';

const KEY = 'ocs_cli_fault_key';
const IDS = ['sch_a', 'sch_b', 'sch_c'];
const rig = useFakeService('oncall-status-faults-');

const status = (extra: string[] = [], ids = IDS, dataDir = rig.dir) =>
  runStatus([...rig.args(ids, dataDir), ...extra], { ONCALL_API_KEY: KEY });

describe('status: one request per source, exit 0 only when all is fresh', () => {
  it('asks each schedule, its shifts and the coverage list exactly once (7 requests for 3 schedules)', async () => {
    const run = await status();
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Sync: ok/m);
    expect(run.stdout).toContain('Coverage requests: none pending');
    const expected: Record<string, number> = { coverage: 1 };
    for (const id of IDS) Object.assign(expected, { [`schedule ${id}`]: 1, [`shifts ${id}`]: 1 });
    expect(rig.svc.counts()).toEqual(expected);
  });
});

describe('status: a failing coverage list is visible, and fails the run', () => {
  const faults = {
    '503': { status: 503, json: { message: 'down' } },
    '500': { status: 500, json: { message: 'boom' } },
    'truncated JSON': { status: 200, text: '{"coverage_requests": [', headers: { 'content-type': 'application/json' } },
    'a body missing meta': { status: 200, json: { coverage_requests: [] } },
  };
  for (const [name, step] of Object.entries(faults)) {
    it(`says the coverage requests couldn't be loaded on ${name}, exits 4, and still shows the schedules`, async () => {
      rig.svc.fault('coverage', step);
      const run = await status(['--json']);
      expect(run.code).toBe(4);
      const state = jsonState(run);
      expect(state.coverage.status.kind).toBe('error');
      expect(state.sync.kind).toBe('partial');
      expect(state.schedules.every((s) => s.status.kind === 'fresh')).toBe(true);
      const text = await status();
      expect(text.stdout).not.toContain('none pending');
      expect(text.stdout).not.toMatch(/^Sync: ok/m);
      expect(text.stdout).toMatch(/^Coverage requests: couldn't load: /m);
      expect(text.code).toBe(4);
    });
  }

  it('on a 401 for the coverage list alone, says this key cannot read it and keeps the schedules, never "key rejected"', async () => {
    rig.svc.fault('coverage', { status: 401, json: { message: 'no scope' } });
    const run = await status();
    expect(run.code).toBe(4);
    expect(run.stdout).toContain("Coverage requests: couldn't load: Coverage requests can't be read with this key");
    expect(run.stdout).not.toMatch(/key rejected|rejected the API key|Check it in Settings/);
    expect(run.stdout).toMatch(/^Schedule sch_a \[sch_a\] \(Berlin\) — fresh/m);
    expect(run.stdout).toMatch(/^ {2}now: {2}User 1 until /m);
  });
});

describe('status: unknown schedules are unknown, not empty', () => {
  it('on 503 everywhere says "unknown" and "couldn\'t load", invents no zone, and claims no saved data', async () => {
    rig.svc.fault('schedule', { status: 503, json: { message: 'down' } });
    rig.svc.fault('coverage', { status: 503, json: { message: 'down' } });
    const run = await status();
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/^Sync: error: .*Nothing saved to show yet/m);
    // No zone is printed for a schedule never read (it used to be the local zone, made up).
    expect(run.stdout).toMatch(/^sch_a \[sch_a\] — couldn't load: /m);
    expect(run.stdout).toMatch(/^ {2}now: {2}unknown$/m);
    expect(run.stdout).toMatch(/^Your next shift: unknown \(couldn't load /m);
    for (const lie of [
      'nobody on call',
      'nothing scheduled',
      'none in the next 14 days',
      'none pending',
      'showing saved data',
    ]) {
      expect(run.stdout).not.toContain(lie);
    }
    expect(rig.svc.counts()).toEqual({ 'schedule sch_a': 1, 'schedule sch_b': 1, 'schedule sch_c': 1, coverage: 1 });
  });

  it('with a key rejected from ONCALL_API_KEY, points at the variable and never at Settings', async () => {
    rig.svc.fault('schedule', { status: 401, json: { message: 'bad key' } });
    rig.svc.fault('coverage', { status: 401, json: { message: 'bad key' } });
    const run = await status();
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/^Sync: key rejected: .*ONCALL_API_KEY/m);
    expect(run.stdout).not.toContain('Settings');
    expect(run.stdout).not.toMatch(/nobody on call|none in the next 14 days|none pending/);
  });
});

describe('status: a schedule the service no longer has', () => {
  it('keeps its saved data, marked "not found on the service since", and says it once', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'oncall-status-cache-'));
    try {
      await writeFile(join(cacheDir, 'cache.json'), JSON.stringify(savedCache()));
      rig.svc.fault('schedule', { status: 404, json: { message: 'Not found' } }, 'sch_a');
      const run = await status([], ['sch_a'], cacheDir);
      expect(run.code).toBe(4);
      // The saved data is an hour old: just after Berlin's midnight it is from the day before, and says which.
      expect(run.stdout).toMatch(
        /^Schedule sch_a \[sch_a\] \(Berlin\) — not found on the service since \d\d:\d\d; showing saved data from (?:\d{1,2} [A-Z][a-z]{2}, )?\d\d:\d\d/m,
      );
      expect(run.stdout).toMatch(/^ {2}now: {2}Cached Person until /m);
      expect(run.stdout).not.toMatch(/not found: Not found/i);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('when every request is answered 404, says the service address may be wrong', async () => {
    rig.svc.fault('schedule', { status: 404, json: { message: 'Not found' } });
    rig.svc.fault('coverage', { status: 404, json: { message: 'Not found' } });
    const run = await status();
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(
      /^Sync: error: None of your schedules was found on the service\. .*the service address \(http:\/\/127\.0\.0\.1:\d+\) may be wrong/m,
    );
    expect(run.stdout).not.toMatch(/nobody on call|none pending/);
  });
});

/** A cache.json as the app writes it: sch_a fetched an hour ago, Cached Person on call for the next 5 hours. */
function savedCache(): unknown {
  const wire = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const now = Date.now();
  const person = user(9, { name: 'Cached Person' });
  const shift = { users: [person], start: wire(now - 2 * 3_600_000), end: wire(now + 5 * 3_600_000) };
  const fetched = wire(now - 3_600_000);
  const details = {
    ...schedule(),
    name: 'Schedule sch_a',
    current_oncall_shift: shift,
    next_oncall_shift: null,
    users: [person],
  };
  return {
    version: 1,
    schedules: [
      {
        id: 'sch_a',
        details,
        detailsFetchedAt: fetched,
        shifts: [shift],
        shiftsFrom: wire(now - 3 * 3_600_000),
        shiftsTo: wire(now + 14 * 86_400_000),
        shiftsFetchedAt: fetched,
        problem: null,
        notFound: false,
      },
    ],
    coverageRequests: [],
    coverageFetchedAt: fetched,
    coverageProblem: null,
    keyRejected: false,
    createdOverrides: [],
    chatGroups: {},
  };
}
