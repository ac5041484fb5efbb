// Adversarial round 16 (#2): schedule reads answer 500 while the coverage-request list is read fine with the same
// key. Any read that succeeded lately confirms the key: the key check is ok, never "No read has succeeded lately".
// Real derivation over a snapshot as the engine keeps it; the expected words are written out here.
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import type { ScheduleSnapshot } from '../../../electron/core/model/snapshot';
import { SETUP_OK, alice, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const NOW = '2026-03-02T08:00:00Z';
const OLD = '2026-03-02T06:25:00Z';

const platform = (): ScheduleSnapshot =>
  scheduleSnap('sch_platform', [shift('2026-03-02T09:00:00Z', '2026-03-02T17:00:00Z', me)], {
    shiftsFrom: '2026-03-01T17:00:00Z',
    shiftsTo: '2026-03-09T09:00:00Z',
    details: details('Platform primary', 'UTC', [alice, me]),
    detailsFetchedAt: OLD,
    shiftsFetchedAt: OLD,
    problem: { kind: 'server', message: 'The service answered with an error (HTTP 500).', at: NOW },
  });

function keyCheck(coverageFetchedAt: string) {
  const state = deriveState({
    snapshot: snapshotOf([platform()], { coverageFetchedAt }),
    nowMs: ms(NOW),
    settings: settingsWith({ schedules: [{ id: 'sch_platform' }], startAtLogin: true }),
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    notificationHealth: { result: 'ok', message: 'Notifications can be shown.' },
  });
  return state.me.readiness?.checks.find((c) => c.id === 'key');
}

describe('adv47 r16 #2: the key is confirmed by any read that succeeded lately', () => {
  it('schedules 500, coverage read a minute ago: key ok', () => {
    expect(keyCheck('2026-03-02T07:59:00Z')).toEqual({
      id: 'key',
      result: 'ok',
      message: 'The key was accepted by a recent read.',
    });
  });
  it('nothing read lately (coverage as old as the schedules): still not confirmed', () => {
    expect(keyCheck(OLD)?.result).toBe('unknown');
  });
});
