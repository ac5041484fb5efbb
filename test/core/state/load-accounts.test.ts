// Issue 34 case 11: "This month" over two accounts. Work's shifts are read from before 1 March, Acme's only from
// 5 March. Each account's load is said over its own span, never added to the other's: a sum would borrow Work's start
// date ("since 1 Mar") while counting Acme's unread days as 0 h, and count the night of Fri 6 (on call for both
// services at once) as two nights. Figures worked out by hand below (UTC: nights 22:00–07:00, Sat 7 the weekend).
import { describe, expect, it } from 'vitest';
import { combineStates, type AccountState } from '../../../electron/core/state/combine';
import { deriveState } from '../../../electron/core/state/derive';
import { formatStatus } from '../../../electron/cli/status-format';
import { accountIdOf } from '../../../electron/shared/accounts';
import { formatDate } from '../../../electron/shared/day-word';
import { loadLine } from '../../../electron/shared/load-text';
import type { ScheduleSnapshot } from '../../../electron/core/model/snapshot';
import { SETUP_OK, alice, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const NOW = '2026-03-20T12:30:00Z'; // counted to 12:00Z
const READ = '2026-03-20T12:29:00Z';
const read = (from: string) => ({
  detailsFetchedAt: READ,
  shiftsFetchedAt: READ,
  shiftsFrom: from,
  shiftsTo: '2026-04-01T00:00:00Z',
});

// Work: 12 h from Fri 6 21:00 (9 h of night, 9 h on Sat 7), 8 h on Mon 16, 2 h so far of Fri 20 → 22 h, 1 night, 9 h.
const work = scheduleSnap(
  'sch_platform',
  [
    shift('2026-02-20T00:00:00Z', '2026-03-06T21:00:00Z', alice),
    shift('2026-03-06T21:00:00Z', '2026-03-07T09:00:00Z', me),
    shift('2026-03-07T09:00:00Z', '2026-03-16T08:00:00Z', alice),
    shift('2026-03-16T08:00:00Z', '2026-03-16T16:00:00Z', me),
    shift('2026-03-16T16:00:00Z', '2026-03-20T10:00:00Z', alice),
    shift('2026-03-20T10:00:00Z', '2026-03-20T14:00:00Z', me),
    shift('2026-03-20T14:00:00Z', '2026-04-01T00:00:00Z', alice),
  ],
  { details: details('Platform primary', 'UTC', [alice, me]), ...read('2026-02-20T00:00:00Z') },
);
// Acme, read only from Thu 5: 8 h in the same night (Fri 6 22:00 → Sat 7 06:00: 8 h of night, 6 h on Sat 7) and
// 2 h on Tue 10 → 10 h, 1 night, 6 h at weekends, since Thu 5 Mar.
const acme = scheduleSnap(
  'sch_platform',
  [
    shift('2026-03-05T00:00:00Z', '2026-03-06T22:00:00Z', alice),
    shift('2026-03-06T22:00:00Z', '2026-03-07T06:00:00Z', me),
    shift('2026-03-07T06:00:00Z', '2026-03-10T08:00:00Z', alice),
    shift('2026-03-10T08:00:00Z', '2026-03-10T10:00:00Z', me),
    shift('2026-03-10T10:00:00Z', '2026-04-01T00:00:00Z', alice),
  ],
  { details: details('Payments', 'UTC', [alice, me]), ...read('2026-03-05T00:00:00Z') },
);

function accountState(id: string, label: string, schedule: ScheduleSnapshot): AccountState {
  const settings = settingsWith({ schedules: [{ id: 'sch_platform' }] });
  const account = {
    id: accountIdOf(id),
    label,
    baseUrl: `https://${id}.example.com`,
    email: me.email,
    schedules: [{ id: 'sch_platform' }],
  };
  const state = deriveState({
    snapshot: snapshotOf([schedule], { coverageFetchedAt: READ }),
    nowMs: ms(NOW),
    settings,
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    localZone: 'UTC',
  });
  return { account, state };
}

describe('my on-call load over two accounts', () => {
  it('says each account over its own span, never a sum that borrows one start date or counts a night twice', () => {
    const pairs = [accountState('work', 'Work', work), accountState('acme', 'Acme', acme)];
    const settings = { ...pairs[0]!.state.settings, accounts: pairs.map((p) => p.account) };
    const state = combineStates(pairs, settings, []);
    const date = (iso: string) => formatDate(iso, { localZone: 'UTC', clock: true });
    expect(loadLine(state.me.load, { dateTime: date, time: date })).toBe(
      'This month: Work 22 h · 1 night · 9 h at weekends; Acme 10 h · 1 night · 6 h at weekends (since Thu 5 Mar)' +
        ' — each service counted apart',
    );
    const text = formatStatus(state, { nowMs: ms(NOW), localZone: 'UTC' });
    expect(text).toContain('Work this month 2026-03: 22 h · 1 night · 9 h at weekends');
    expect(text).toContain('Acme this month 2026-03: 10 h · 1 night · 6 h at weekends (since Thu 5 Mar)');
    expect(text).not.toContain('32 h');
  });

  it('one account, two schedules on call at once: the time counts once (one night), each schedule keeps its hours', () => {
    const payments = { ...acme, id: 'sch_pay' };
    const state = deriveState({
      snapshot: snapshotOf([work, payments], { coverageFetchedAt: READ }),
      nowMs: ms(NOW),
      settings: settingsWith({ schedules: [{ id: 'sch_platform' }, { id: 'sch_pay' }] }),
      setup: SETUP_OK,
      syncing: false,
      notices: [],
      localZone: 'UTC',
    });
    // From Thu 5 (where both are read): Work's 22 h, and Payments' 2 h on Tue 10; its 8 h in the night of Fri 6 fall
    // inside Work's 12 h then. 24 h, 1 night, 9 h on Sat 7 (added, it would be 32 h, 2 nights, 15 h).
    const date = (iso: string) => formatDate(iso, { localZone: 'UTC', clock: true });
    expect(loadLine(state.me.load, { dateTime: date, time: date })).toBe(
      'This month: 24 h · 1 night · 9 h at weekends (since Thu 5 Mar)',
    );
    expect(state.me.load?.thisMonth?.schedules.map((x) => [x.scheduleName, x.hours])).toEqual([
      ['Platform primary', 22],
      ['Payments', 10],
    ]);
  });
});
