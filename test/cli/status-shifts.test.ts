// `status` prints my shifts to the horizon, and `status --json` carries them as state.me.shifts: an array of
// { scheduleId, scheduleName, start, end } in UTC ISO, sorted by start. Spawned against the demo (a schedule in New
// York, one in Tokyo), and formatted over a DST change with a fixed clock.
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../electron/cli/status-format';
import { deriveState } from '../../electron/core/state/derive';
import {
  SETUP_OK,
  alice,
  details,
  me,
  ms,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../core/support/fixtures';
import { jsonState, runStatus } from './support/run-status';

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

describe('status: my shifts', () => {
  it('--demo --json lists every block of mine to the horizon as state.me.shifts, sorted by start, in UTC', async () => {
    const run = await runStatus(['--demo', '--json']);
    const state = jsonState(run);
    const shifts = state.me.shifts;
    expect(shifts.length).toBeGreaterThan(1);
    for (const s of shifts) {
      expect(Object.keys(s).sort()).toEqual([
        'accountId',
        'basis',
        'end',
        'endBasis',
        'scheduleId',
        'scheduleName',
        'start',
      ]);
      expect(s.accountId).toBe(state.accounts[0]?.id);
      expect(s.start).toMatch(ISO_UTC);
      expect(s.end).toMatch(ISO_UTC);
      expect(Date.parse(s.end)).toBeGreaterThan(Date.now());
      expect(Date.parse(s.start)).toBeLessThan(Date.now() + 14 * 86_400_000);
    }
    const starts = shifts.map((s) => Date.parse(s.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // Blocks are merged per schedule: two blocks of one schedule never touch.
    for (const id of new Set(shifts.map((s) => s.scheduleId))) {
      const own = shifts.filter((s) => s.scheduleId === id);
      for (let i = 1; i < own.length; i++)
        expect(Date.parse(own[i]?.start ?? '')).toBeGreaterThan(Date.parse(own[i - 1]?.end ?? ''));
    }
    // The next shift is the first of them that has not started.
    expect(shifts.find((s) => Date.parse(s.start) > Date.now())).toEqual(state.me.nextShift);
    expect(new Set(shifts.map((s) => s.scheduleId))).toContain('sch_payments_us');
  });

  it('--demo prints them in local time with the schedule zone where it differs', async () => {
    const run = await runStatus(['--demo']);
    expect(run.code).toBe(0);
    const block = run.stdout.split('\n\n').find((b) => b.includes('Your shifts (next 14 days):')) ?? '';
    const lines = block.split('\n').filter((l) => l.startsWith('  '));
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines.filter((x) => x.includes('Payments US')))
      expect(l).toMatch(/\(.*New York\) · .* — Payments US/);
    for (const l of lines.filter((x) => x.includes('Platform primary'))) expect(l).not.toContain('(');
  });
});

describe('status text over a DST change, with a schedule in another zone', () => {
  it('reads each block in local wall time, its real length, and the schedule zone', () => {
    // Berlin goes to summer time on Sunday 29 March 2026 at 02:00; New York did on 8 March.
    const platform = scheduleSnap(
      'sch_platform',
      [
        shift('2026-03-28T08:00:00Z', '2026-03-29T07:00:00Z', me),
        shift('2026-03-29T07:00:00Z', '2026-03-30T07:00:00Z', alice),
      ],
      {
        details: details('Platform primary', 'Europe/Berlin', [alice, me]),
        detailsFetchedAt: '2026-03-27T09:58:00Z',
        shiftsFetchedAt: '2026-03-27T09:58:00Z',
      },
    );
    const payments = scheduleSnap('sch_pay', [shift('2026-03-27T13:00:00Z', '2026-03-27T21:00:00Z', me)], {
      details: details('Payments US', 'America/New_York', [me]),
      detailsFetchedAt: '2026-03-27T09:58:00Z',
      shiftsFetchedAt: '2026-03-27T09:58:00Z',
      // Read past the block's end (nobody after it), so its end is known (issue 47: an end at the read's end is
      // "until at least …, then unknown", said in its own test).
      shiftsTo: '2026-04-10T00:00:00Z',
    });
    const nowMs = ms('2026-03-27T10:00:00Z');
    const state = deriveState({
      snapshot: snapshotOf([platform, payments], { coverageFetchedAt: '2026-03-27T09:58:00Z' }),
      nowMs,
      settings: settingsWith({ schedules: [{ id: 'sch_platform' }, { id: 'sch_pay' }] }),
      setup: SETUP_OK,
      syncing: false,
      notices: [],
    });
    expect(state.me.shifts.map((s) => [s.scheduleId, s.start, s.end])).toEqual([
      ['sch_pay', '2026-03-27T13:00:00Z', '2026-03-27T21:00:00Z'],
      ['sch_platform', '2026-03-28T08:00:00Z', '2026-03-29T07:00:00Z'],
    ]);
    const text = formatStatus(state, { nowMs, localZone: 'Europe/Berlin' });
    expect(text).toContain(
      [
        'Your shifts (next 14 days):',
        '  14:00–22:00 (09:00–17:00 New York) · 8 h — Payments US',
        // Sat 09:00 CET → Sun 09:00 CEST: 23 real hours.
        '  Sat 09:00 – Sun 09:00 · 1 d (23 h: clocks change) — Platform primary',
      ].join('\n'),
    );
  });
});
