// My on-call load (issue 22): hours this month and last, of them nights (22:00–07:00 local) and weekends, per
// schedule, from the shifts read, scoped to what was read. Expected figures are worked out by hand below, in two
// zones (Berlin, and New York across its DST change on 8 March).
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { formatStatus } from '../../../electron/cli/status-format';
import { formatDate } from '../../../electron/shared/day-word';
import { loadLine } from '../../../electron/shared/load-text';
import type { AppState } from '../../../electron/shared/view-state';
import { SETUP_OK, alice, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const NOW = '2026-03-20T12:30:00Z'; // Fri; counted to 12:00Z (the current hour)
const READ = '2026-03-20T12:29:00Z';
const platform = scheduleSnap(
  'sch_platform',
  [
    shift('2026-02-20T00:00:00Z', '2026-02-25T20:00:00Z', alice),
    shift('2026-02-25T20:00:00Z', '2026-02-26T04:00:00Z', me), // D: 8 h
    shift('2026-02-26T04:00:00Z', '2026-03-06T21:00:00Z', alice),
    shift('2026-03-06T21:00:00Z', '2026-03-07T09:00:00Z', me), // A: 12 h
    shift('2026-03-07T09:00:00Z', '2026-03-16T08:00:00Z', alice),
    shift('2026-03-16T08:00:00Z', '2026-03-16T16:00:00Z', me), // B: 8 h
    shift('2026-03-16T16:00:00Z', '2026-03-20T10:00:00Z', alice),
    shift('2026-03-20T10:00:00Z', '2026-03-20T14:00:00Z', me), // C: running, 2 h so far
    shift('2026-03-20T14:00:00Z', '2026-04-05T00:00:00Z', alice),
  ],
  {
    details: details('Platform primary', 'Europe/Berlin', [alice, me]),
    detailsFetchedAt: READ,
    shiftsFetchedAt: READ,
    shiftsFrom: '2026-02-20T00:00:00Z',
    shiftsTo: '2026-04-05T00:00:00Z',
  },
);

function derive(localZone: string): AppState {
  return deriveState({
    // Payments was never read: its hours can't be counted, and the figures say so.
    snapshot: snapshotOf([platform], { coverageFetchedAt: READ }),
    nowMs: ms(NOW),
    settings: settingsWith({ schedules: [{ id: 'sch_platform' }, { id: 'sch_pay', name: 'Payments' }] }),
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    localZone,
  });
}

describe('my on-call load', () => {
  it('in Berlin: 22 h this month, 9 of them in the night of Fri 6 (one night), 10 h on Saturday 7', () => {
    const load = derive('Europe/Berlin').me.load;
    expect(load?.thisMonth).toEqual({
      month: '2026-03',
      basis: { kind: 'fresh', readAt: null },
      from: '2026-02-28T23:00:00.000Z', // 1 March, 00:00 in Berlin: the whole month is read
      whole: true,
      hours: 22,
      unreadableHours: 0,
      unreadableNights: 0,
      unreadableWeekendHours: 0,
      nightHours: 9,
      nights: 1,
      weekendHours: 10,
      schedules: [
        {
          accountId: 'main',
          scheduleId: 'sch_platform',
          scheduleName: 'Platform primary',
          hours: 22,
          unreadableHours: 0,
        },
      ],
    });
    // February is read only from the 20th: its figures say so.
    expect(load?.lastMonth).toMatchObject({
      month: '2026-02',
      from: '2026-02-20T00:00:00.000Z',
      whole: false,
      hours: 8,
      nightHours: 7,
      nights: 1,
      weekendHours: 0,
    });
    expect(load?.missing).toEqual(['Payments']);
  });

  it('in New York (EDT from 8 March): the same shifts are three nights and 4 weekend hours', () => {
    const load = derive('America/New_York').me.load;
    expect(load?.thisMonth).toMatchObject({
      from: '2026-03-01T05:00:00.000Z',
      whole: true,
      hours: 22,
      nightHours: 10,
      nights: 3,
      weekendHours: 4,
    });
    expect(load?.lastMonth).toMatchObject({ hours: 8, nightHours: 1, nights: 1, whole: false });
  });

  it('is said in the popover and in `status` with what it leaves out', () => {
    const state = derive('Europe/Berlin');
    const date = (iso: string) => formatDate(iso, { localZone: 'Europe/Berlin', clock: true });
    expect(loadLine(state.me.load, { dateTime: date, time: date })).toBe(
      'This month: 22 h · 1 night · 10 h at weekends (Payments not counted)',
    );
    const text = formatStatus(state, { nowMs: ms(NOW), localZone: 'Europe/Berlin' });
    expect(text).toContain('My on-call load (from the shifts read):');
    expect(text).toContain(
      ' this month 2026-03: 22 h · 1 night · 10 h at weekends (Payments not counted) — Platform primary 22 h',
    );
    expect(text).toContain(' last month 2026-02: 8 h · 1 night (since Fri 20 Feb, 01:00, Payments not counted)');
  });

  it('is absent without an e-mail, and counts nothing from a schedule with no data', () => {
    const state = deriveState({
      snapshot: snapshotOf([platform]),
      nowMs: ms(NOW),
      settings: settingsWith({ email: '', schedules: [{ id: 'sch_platform' }] }),
      setup: SETUP_OK,
      syncing: false,
      notices: [],
      localZone: 'Europe/Berlin',
    });
    expect(state.me.load).toBeNull();
  });
});
