// state.me.shifts (every block of mine to the horizon, merged per schedule, sorted by start) and closing the loop
// on coverage requests (a request the schedules show me covering reads "covered by me" and leaves the count).
import { describe, expect, it } from 'vitest';
import { deriveState, nextStateChangeAt, type DeriveInput } from '../../../electron/core/state/derive';
import type { Snapshot } from '../../../electron/core/model/snapshot';
import {
  alice,
  bob,
  carol,
  coverage,
  deriveInput,
  details,
  me,
  ms,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';

const FETCHED = '2026-03-27T09:58:00Z';
// Berlin changes to summer time on Sunday 29 March 2026; New York already did on 8 March.
const platform = scheduleSnap(
  'sch_platform',
  [
    shift('2026-03-27T08:00:00Z', '2026-03-28T08:00:00Z', alice),
    // Two back-to-back shifts of mine across the DST change: one block, Sat 09:00 → Mon 09:00 Berlin.
    shift('2026-03-28T08:00:00Z', '2026-03-29T07:00:00Z', me),
    shift('2026-03-29T07:00:00Z', '2026-03-30T07:00:00Z', me),
    shift('2026-03-30T07:00:00Z', '2026-04-06T07:00:00Z', bob),
    shift('2026-04-06T07:00:00Z', '2026-04-13T07:00:00Z', me),
    // Beyond a 14-day horizon from 27 March.
    shift('2026-04-20T07:00:00Z', '2026-04-27T07:00:00Z', me),
  ],
  {
    details: details('Platform primary', 'Europe/Berlin', [alice, bob, me]),
    detailsFetchedAt: FETCHED,
    shiftsFetchedAt: FETCHED,
  },
);
const payments = scheduleSnap(
  'sch_pay',
  [
    // Running now (09:00 → 17:00 New York).
    shift('2026-03-27T13:00:00Z', '2026-03-27T21:00:00Z', me, carol),
    shift('2026-03-27T21:00:00Z', '2026-03-28T13:00:00Z', carol),
    shift('2026-03-28T13:00:00Z', '2026-03-28T21:00:00Z', carol),
  ],
  {
    details: details('Payments US', 'America/New_York', [carol, me]),
    detailsFetchedAt: FETCHED,
    shiftsFetchedAt: FETCHED,
  },
);

function input(snapshot: Snapshot, nowIso: string, horizonDays = 14): DeriveInput {
  return deriveInput({
    snapshot,
    nowMs: ms(nowIso),
    settings: settingsWith({ schedules: [{ id: 'sch_platform' }, { id: 'sch_pay' }], horizonDays }),
  });
}

describe('state.me.shifts', () => {
  it('lists every block of mine from now to the horizon, merged per schedule, the running one with its true start, sorted by start', () => {
    const state = deriveState(input(snapshotOf([platform, payments]), '2026-03-27T14:00:00Z'));
    expect(state.me.shifts).toMatchObject([
      {
        accountId: 'main',
        scheduleId: 'sch_pay',
        scheduleName: 'Payments US',
        start: '2026-03-27T13:00:00Z',
        end: '2026-03-27T21:00:00Z',
      },
      {
        accountId: 'main',
        scheduleId: 'sch_platform',
        scheduleName: 'Platform primary',
        start: '2026-03-28T08:00:00Z',
        end: '2026-03-30T07:00:00Z',
      },
      {
        accountId: 'main',
        scheduleId: 'sch_platform',
        scheduleName: 'Platform primary',
        start: '2026-04-06T07:00:00Z',
        end: '2026-04-13T07:00:00Z',
      },
    ]);
  });

  it('reaches further with a longer horizon, and the state changes when a block enters it', () => {
    const now = '2026-03-27T14:00:00Z';
    expect(deriveState(input(snapshotOf([platform, payments]), now, 30)).me.shifts).toHaveLength(4);
    // The block starting 20 April enters a 14-day horizon on 6 April.
    const at = nextStateChangeAt(
      snapshotOf([platform]),
      ms('2026-04-05T08:00:00Z'),
      settingsWith({ schedules: [{ id: 'sch_platform' }], horizonDays: 14 }),
    );
    expect(at).toBeLessThanOrEqual(ms('2026-04-06T07:00:01Z'));
  });

  it('drops a block once it has ended', () => {
    const state = deriveState(input(snapshotOf([platform, payments]), '2026-03-27T21:00:00Z'));
    expect(state.me.shifts.map((s) => s.scheduleId)).toEqual(['sch_platform', 'sch_platform']);
  });
});

describe('closing the loop on coverage requests', () => {
  const asked = coverage('cov_1', bob, [
    {
      start: '2026-03-30T07:00:00Z',
      end: '2026-04-06T07:00:00Z',
      scheduleId: 'sch_platform',
      scheduleName: 'Platform primary',
    },
  ]);

  it('asks me while Bob is still on the shift, then reads covered by me once the schedule shows me on it', () => {
    // At 10:00 the shifts read at 09:58 are fresh: "covered by you" rests on fresh shifts only (issue 35).
    const before = deriveState(
      input(
        snapshotOf([platform, payments], { coverageRequests: [asked], coverageFetchedAt: FETCHED }),
        '2026-03-27T10:00:00Z',
      ),
    );
    expect(before.coverage.askingMe.map((r) => r.id)).toEqual(['cov_1']);
    expect(before.coverage.coveredByMe).toEqual([]);
    const covered = {
      ...platform,
      shifts: platform.shifts.map((s) => (s.start === '2026-03-30T07:00:00Z' ? { ...s, users: [me] } : s)),
    };
    const after = deriveState(
      input(
        snapshotOf([covered, payments], { coverageRequests: [asked], coverageFetchedAt: FETCHED }),
        '2026-03-27T10:00:00Z',
      ),
    );
    expect(after.coverage.askingMe).toEqual([]);
    expect(after.coverage.coveredByMe.map((r) => r.id)).toEqual(['cov_1']);
  });

  it('keeps asking while I cover only part of the shift', () => {
    const half = {
      ...platform,
      shifts: [
        ...platform.shifts.filter((s) => s.start !== '2026-03-30T07:00:00Z'),
        shift('2026-03-30T07:00:00Z', '2026-04-02T07:00:00Z', me),
        shift('2026-04-02T07:00:00Z', '2026-04-06T07:00:00Z', bob),
      ].sort((a, b) => a.start.localeCompare(b.start)),
    };
    const state = deriveState(
      input(
        snapshotOf([half, payments], { coverageRequests: [asked], coverageFetchedAt: FETCHED }),
        '2026-03-27T14:00:00Z',
      ),
    );
    expect(state.coverage.askingMe.map((r) => r.id)).toEqual(['cov_1']);
  });
});
