import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeedFile, parseSeed } from '../../electron/simulator/seed';
import { startSimulator } from '../../electron/simulator/server';
import { baseSeed, KEY } from './helpers';

const NOW_MS = Date.parse('2026-03-04T12:00:00Z');

function problemsOf(seed: unknown): string[] {
  const result = parseSeed(seed, NOW_MS);
  if (result.ok) return [];
  return result.error.problems.map((p) => `${p.path}: ${p.message}`);
}

describe('seed validation names the JSON path of each problem', () => {
  it('accepts the base seed', () => {
    expect(problemsOf(baseSeed())).toEqual([]);
  });

  it('names a bad shift length unit deep inside a layer', () => {
    const seed = baseSeed();
    const second = { ...seed.schedules[0]!.layers[0]!, shift_length: { amount: 1, unit: 'fortnights' } };
    seed.schedules[0]!.layers.push(second);
    const problems = problemsOf(seed);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^schedules\[0\]\.layers\[1\]\.shift_length\.unit: /);
  });

  it('names unknown user, team and schedule references, and bad time zones', () => {
    const seed = baseSeed();
    seed.api_keys[1]!.user_id = 'usr_nobody';
    seed.users[2]!.time_zone = 'Mars/Olympus';
    seed.schedules[0]!.time_zone = 'CET+99';
    seed.schedules[0]!.team_ids = ['tea_platform', 'tea_ghost'];
    seed.schedules[0]!.layers[0]!.user_ids = ['usr_alice', 'usr_zed'];
    seed.schedules[0]!.overrides = [{ id: 'ovr_1', start: 'now', end: 'now+PT1H', user_ids: ['usr_ghost'] }];
    seed.coverage_requests = [
      {
        id: 'cov_1',
        user_id: 'usr_bob',
        reason: 'x',
        shifts: [{ start: 'now', end: 'now+PT1H', schedule_id: 'sch_missing' }],
      },
    ];
    const paths = problemsOf(seed).map((p) => p.split(':')[0]);
    expect(paths.sort()).toEqual([
      'api_keys[1].user_id',
      'coverage_requests[0].shifts[0].schedule_id',
      'schedules[0].layers[0].user_ids[1]',
      'schedules[0].overrides[0].user_ids[0]',
      'schedules[0].team_ids[1]',
      'schedules[0].time_zone',
      'users[2].time_zone',
    ]);
  });

  it('rejects bad times, windows that end before they start, and too many concurrent users', () => {
    const seed = baseSeed();
    seed.schedules[0]!.layers[0]!.rotation_start = 'next tuesday';
    seed.schedules[0]!.layers[0]!.concurrent_oncall_users = 3;
    seed.schedules[0]!.overrides = [{ id: 'ovr_1', start: 'now+PT2H', end: 'now+PT1H', user_ids: ['usr_bob'] }];
    const problems = problemsOf(seed);
    expect(problems).toContainEqual(
      expect.stringMatching(/^schedules\[0\]\.layers\[0\]\.rotation_start: must be an ISO 8601/),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^schedules\[0\]\.overrides\[0\]\.end: must be after start/));
    // concurrent users is checked only once the shapes parse, so fix the time and look again
    seed.schedules[0]!.layers[0]!.rotation_start = 'now';
    expect(problemsOf(seed)).toContainEqual(
      expect.stringMatching(/^schedules\[0\]\.layers\[0\]\.concurrent_oncall_users: /),
    );
  });

  it('rejects an invalid ISO duration after now±, unknown fields, and duplicate ids', () => {
    const seed = { ...baseSeed(), extra: true };
    seed.schedules[0]!.layers[0]!.rotation_start = 'now+P1X';
    seed.users.push({ ...seed.users[0]! });
    const problems = problemsOf(seed);
    expect(problems).toContainEqual(
      expect.stringMatching(/^schedules\[0\]\.layers\[0\]\.rotation_start: "P1X" is not/),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^\(root\): .*extra/));
    const fixed = baseSeed();
    fixed.users.push({ ...fixed.users[0]! });
    expect(problemsOf(fixed)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^users\[4\]\.id: duplicate id/),
        expect.stringMatching(/^users\[4\]\.email: duplicate email/),
      ]),
    );
  });

  it('never puts an API key into an error message', () => {
    const seed = baseSeed();
    seed.api_keys.push({ key: KEY, user_id: 'usr_bob' });
    const result = parseSeed(seed, NOW_MS);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toContain('api_keys[2].key');
      expect(result.error.message).not.toContain(KEY);
    }
  });
});

describe('seed times', () => {
  it('resolves now±<ISO duration> against the clock and keeps ISO instants as given', () => {
    const seed = baseSeed();
    seed.schedules[0]!.layers[0]!.rotation_start = 'now-P1DT2H30M';
    seed.schedules[0]!.overrides = [
      { id: 'ovr_a', start: 'now', end: 'now+PT45M', user_ids: ['usr_bob'] },
      { id: 'ovr_b', start: '2026-03-05T01:00:00+01:00', end: 'now+P1W', user_ids: ['usr_bob'] },
    ];
    const result = parseSeed(seed, NOW_MS);
    if (!result.ok) throw new Error(result.error.message);
    const schedule = result.value.schedules[0]!;
    expect(new Date(schedule.layers[0]!.rotation_start).toISOString()).toBe('2026-03-03T09:30:00.000Z');
    expect(schedule.overrides.map((o) => [o.start, o.end].map((t) => new Date(t).toISOString()))).toEqual([
      ['2026-03-04T12:00:00.000Z', '2026-03-04T12:45:00.000Z'],
      ['2026-03-05T00:00:00.000Z', '2026-03-11T12:00:00.000Z'],
    ]);
  });

  it('loads seed files, and reports an unreadable or non-JSON file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-seed-'));
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    await writeFile(good, JSON.stringify(baseSeed()));
    await writeFile(bad, '{ "users": [');
    expect((await loadSeedFile(good, NOW_MS)).ok).toBe(true);
    const notJson = await loadSeedFile(bad, NOW_MS);
    expect(!notJson.ok && notJson.error.message).toMatch(/not JSON/);
    const missing = await loadSeedFile(join(dir, 'missing.json'), NOW_MS);
    expect(!missing.ok && missing.error.message).toMatch(/Cannot read seed file/);
    await expect(startSimulator({ seed: bad })).rejects.toThrow(/not JSON/);
  });

  it('refuses to start with an invalid seed, naming the path', async () => {
    const seed = baseSeed();
    seed.schedules[0]!.layers[0]!.shift_length.amount = 0;
    await expect(startSimulator({ seed })).rejects.toThrow(/schedules\[0\]\.layers\[0\]\.shift_length\.amount: /);
  });
});
