// Issue 35, case 6: readiness rests on what my shift rests on. Read fresh at 08:00, my 09:00 shift intact, only a
// shift of Alice's two days later unreadable: the readiness notice must not call the data "saved data". Saved data
// over my shift still says so; an unreadable shift over my shift's own time says that instead.
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { readinessLine } from '../../../electron/shared/readiness-text';
import type { AppState } from '../../../electron/shared/view-state';
import type { ScheduleSnapshot } from '../../../electron/core/model/snapshot';
import { SETUP_OK, alice, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const NOW = '2026-03-02T08:00:00Z';
const READ = '2026-03-02T07:59:00Z';
const MY_SHIFT = { start: '2026-03-02T09:00:00Z', end: '2026-03-02T17:00:00Z' };
/** Alice's shift two days later, sent unreadable. */
const LATER_HOLE = { from: '2026-03-04T09:00:00Z', to: '2026-03-04T17:00:00Z' };

function platform(opts: Partial<ScheduleSnapshot>): ScheduleSnapshot {
  return scheduleSnap(
    'sch_platform',
    [
      shift('2026-03-01T17:00:00Z', MY_SHIFT.start, alice),
      shift(MY_SHIFT.start, MY_SHIFT.end, me),
      shift(MY_SHIFT.end, LATER_HOLE.from, alice),
      shift(LATER_HOLE.to, '2026-03-09T09:00:00Z', alice),
    ],
    {
      shiftsFrom: '2026-03-01T17:00:00Z',
      shiftsTo: '2026-03-09T09:00:00Z',
      details: details('Platform primary', 'UTC', [alice, me]),
      detailsFetchedAt: READ,
      shiftsFetchedAt: READ,
      ...opts,
    },
  );
}

function readinessText(s: ScheduleSnapshot, nowIso = NOW): string | undefined {
  const state: AppState = deriveState({
    snapshot: snapshotOf([s], { coverageFetchedAt: READ }),
    nowMs: ms(nowIso),
    settings: settingsWith({ schedules: [{ id: 'sch_platform' }], startAtLogin: true }),
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    notificationHealth: { result: 'ok', message: 'Notifications can be shown.' },
  });
  return state.me.readiness ? readinessLine(state.me.readiness, (iso) => iso.slice(11, 16), state).text : undefined;
}

describe('issue 35 case 6: readiness and what my shift rests on', () => {
  it('fresh data with a hole two days after my shift: "Ready for your shift at 09:00 ✓", not "saved data"', () => {
    expect(readinessText(platform({ shiftHoles: [LATER_HOLE] }))).toBe('Ready for your shift at 09:00 ✓');
  });

  it('saved data over my shift still says so', () => {
    const stale = platform({ problem: { kind: 'network', message: 'Cannot reach the service.', at: NOW } });
    expect(readinessText(stale)).toBe(
      'Not ready for your shift at 09:00 — Platform primary shows saved data: the shift may have changed.',
    );
  });

  it('a hole over part of my shift\'s time: "some of its shifts couldn\'t be read", not "saved data"', () => {
    const hole = { from: '2026-03-02T12:00:00Z', to: '2026-03-02T13:00:00Z' };
    const text = readinessText(platform({ shiftHoles: [hole] }));
    expect(text).toMatch(/^Not ready for your shift at 09:00 — /);
    expect(text).toContain("couldn't be read");
    expect(text).not.toContain('saved data');
  });
});
