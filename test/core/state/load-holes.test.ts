// Issue 35, case 2: my on-call load over time the service sent unreadable. My 8-hour shift on Mon 16 Mar was sent
// unreadable (a hole): the total counts only readable time and says what it leaves out, in the popover line and in
// `status`, never a bare total below the truth. The figures are worked out by hand from the shifts below.
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { deriveState } from '../../../electron/core/state/derive';
import { formatDate } from '../../../electron/shared/day-word';
import { loadLine } from '../../../electron/shared/load-text';
import { SETUP_OK, alice, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const NOW = '2026-03-20T12:30:00Z';
const READ = '2026-03-20T12:29:00Z';
const HOLE = { from: '2026-03-16T08:00:00Z', to: '2026-03-16T16:00:00Z' };
const platform = platformWith(HOLE);

/** The shifts below with my shift of `hole` sent unreadable. */
function platformWith(hole: { from: string; to: string }) {
  return scheduleSnap(
    'sch_platform',
    [
      shift('2026-02-26T04:00:00Z', '2026-03-06T21:00:00Z', alice),
      shift('2026-03-06T21:00:00Z', '2026-03-07T09:00:00Z', me), // 12 h, 9 of them at night, 10 h on Saturday (Berlin)
      shift('2026-03-07T09:00:00Z', hole.from, alice),
      // The hole: my shift, sent unreadable
      shift(hole.to, '2026-03-20T10:00:00Z', alice),
      shift('2026-03-20T10:00:00Z', '2026-03-20T14:00:00Z', me), // running: 2 h so far (counted to 12:00)
      shift('2026-03-20T14:00:00Z', '2026-04-05T00:00:00Z', alice),
    ],
    {
      details: details('Platform primary', 'Europe/Berlin', [alice, me]),
      detailsFetchedAt: READ,
      shiftsFetchedAt: READ,
      shiftsFrom: '2026-02-20T00:00:00Z',
      shiftsTo: '2026-04-05T00:00:00Z',
      shiftHoles: [hole],
    },
  );
}

function deriveWith(snapshot: Parameters<typeof deriveState>[0]['snapshot']) {
  return deriveState({
    snapshot,
    nowMs: ms(NOW),
    settings: settingsWith({ schedules: [{ id: 'sch_platform' }] }),
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    localZone: 'Europe/Berlin',
  });
}

describe('issue 35 case 2: my load over unreadable time', () => {
  it('"14 h + 8 h not readable": in the popover line and in `status`', () => {
    const state = deriveState({
      snapshot: snapshotOf([platform], { coverageFetchedAt: READ }),
      nowMs: ms(NOW),
      settings: settingsWith({ schedules: [{ id: 'sch_platform' }] }),
      setup: SETUP_OK,
      syncing: false,
      notices: [],
      localZone: 'Europe/Berlin',
    });
    const date = (iso: string) => formatDate(iso, { localZone: 'Europe/Berlin', clock: true });
    expect(loadLine(state.me.load, { dateTime: date, time: date })).toBe(
      'This month: 14 h + 8 h not readable · 1 night · 10 h at weekends',
    );
    const text = formatStatus(state, { nowMs: ms(NOW), localZone: 'Europe/Berlin' });
    expect(text).toContain(' this month 2026-03: 14 h + 8 h not readable · 1 night · 10 h at weekends');
  });

  it('"1 night + 1 not readable · 10 h at weekends + 12 h not readable": nights and weekends say what they leave out', () => {
    // My shift Sat 14 Mar 22:00 – Sun 10:00 (Berlin) sent unreadable: 9 h of it at night, all 12 h at the weekend.
    const state = deriveWith(
      snapshotOf([platformWith({ from: '2026-03-14T21:00:00Z', to: '2026-03-15T09:00:00Z' })], {
        coverageFetchedAt: READ,
      }),
    );
    const date = (iso: string) => formatDate(iso, { localZone: 'Europe/Berlin', clock: true });
    const figures = '14 h + 12 h not readable · 1 night + 1 not readable · 10 h at weekends + 12 h not readable';
    expect(loadLine(state.me.load, { dateTime: date, time: date })).toBe(`This month: ${figures}`);
    const text = formatStatus(state, { nowMs: ms(NOW), localZone: 'Europe/Berlin' });
    expect(text).toContain(` this month 2026-03: ${figures}`);
  });
});
