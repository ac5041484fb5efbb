// Issue 47 (round 8, findings 2 and 3): my load is scoped to what was read, and each figure says what it leaves out.
// Platform primary and Payments are read back to Sun 1 Mar 09:00Z (10:00 Berlin); Payments was last read Mon 2 Mar
// 10:00Z and has failed since. Asked Sun 8 Mar 10:01Z. The count starts at an instant, not a day: "since Sun 1 Mar"
// read as the whole of that day (its first 10 h were never read), so it says "since Sun 1 Mar, 10:00". Payments'
// figure counts only to its read (my block Mon 08:00Z → 2 h) and names the 144 h after it as not readable, in
// `status` and in its JSON (schedules[].unreadableHours). Figures worked out by hand from the shifts below.
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { deriveState } from '../../../electron/core/state/derive';
import { everyText } from '../../support/text-registry';
import {
  SETUP_OK,
  alice,
  bob,
  details,
  me,
  ms,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';

const NOW = '2026-03-08T10:01:00Z';
const FROM = '2026-03-01T09:00:00Z';
const ZONE = 'Europe/Berlin';

const platform = scheduleSnap(
  'sch_platform',
  [
    shift('2026-02-28T08:00:00Z', '2026-03-03T08:00:00Z', alice),
    shift('2026-03-03T08:00:00Z', '2026-03-04T08:00:00Z', me), // 24 h
    shift('2026-03-04T08:00:00Z', '2026-03-20T08:00:00Z', alice),
  ],
  {
    details: details('Platform primary', ZONE, [alice, me]),
    detailsFetchedAt: '2026-03-08T10:00:00Z',
    shiftsFetchedAt: '2026-03-08T10:00:00Z',
    shiftsFrom: FROM,
    shiftsTo: '2026-03-20T08:00:00Z',
  },
);
const PAY_READ = '2026-03-02T10:00:00Z';
const payments = scheduleSnap(
  'sch_pay',
  [
    shift('2026-02-28T08:00:00Z', '2026-03-01T08:00:00Z', me),
    shift('2026-03-01T08:00:00Z', '2026-03-02T08:00:00Z', bob),
    shift('2026-03-02T08:00:00Z', '2026-03-03T08:00:00Z', me), // 2 h of it before the read
    shift('2026-03-03T08:00:00Z', '2026-03-16T08:00:00Z', bob),
  ],
  {
    details: details('Payments', ZONE, [bob, me]),
    detailsFetchedAt: PAY_READ,
    shiftsFetchedAt: PAY_READ,
    shiftsFrom: FROM,
    shiftsTo: '2026-03-16T08:00:00Z',
    problem: { kind: 'server', message: 'The on-call service had a problem (HTTP 500).', at: '2026-03-08T10:00:00Z' },
  },
);

const state = deriveState({
  snapshot: snapshotOf([platform, payments], { coverageFetchedAt: '2026-03-08T10:00:00Z' }),
  nowMs: ms(NOW),
  settings: settingsWith({ schedules: [{ id: 'sch_platform' }, { id: 'sch_pay' }] }),
  setup: SETUP_OK,
  syncing: false,
  notices: [],
  localZone: ZONE,
});

describe('round 8 (2, 3): the load says from which instant it counts and what each figure leaves out', () => {
  it('every surface that shows the load scopes it to the instant it counts from', () => {
    const p = state.me.load?.thisMonth;
    expect(p?.from).toBe('2026-03-01T09:00:00.000Z');
    expect(p?.whole).toBe(false);
    const loads = everyText({ state, nowMs: ms(NOW), localZone: ZONE }).filter((s) => s.kind === 'load');
    expect(loads.map((s) => s.surface).sort()).toEqual(['popover', 'status']);
    for (const s of loads) {
      expect(s.text).toContain('since Sun 1 Mar, 10:00');
      expect(s.text).toContain('26 h + 144 h not readable');
    }
  });

  it('each schedule figure says what it leaves out, in `status` and its JSON', () => {
    const status = formatStatus(state, { nowMs: ms(NOW), localZone: ZONE });
    expect(status).toContain('— Platform primary 24 h, Payments 2 h + 144 h not readable');
    const per = state.me.load?.thisMonth?.schedules.map((s) => [s.scheduleName, s.hours, s.unreadableHours]);
    expect(per).toEqual([
      ['Platform primary', 24, 0],
      ['Payments', 2, 144],
    ]);
  });
});
