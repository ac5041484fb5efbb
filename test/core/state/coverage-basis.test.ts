// Issue 35, case 3: "covered by you ✓" rests on fresh shifts only. Alice's request (pending, asking me) is for a
// shift my saved data shows me covering; while the schedule can't be re-read, that may no longer be true, so it is
// "covered by you (saved data from T)", never ✓ and never "asking you" as fact (adv47 r16 #1), and the tray doesn't
// count it as asking. Fresh data closes the loop as before.
// And the tray's count names a list it couldn't load as a list, not as one unreadable request.
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { deriveState } from '../../../electron/core/state/derive';
import { coverageActionLabel } from '../../../electron/core/state/tray-sections';
import type { ScheduleSnapshot } from '../../../electron/core/model/snapshot';
import type { AppState } from '../../../electron/shared/view-state';
import {
  alice,
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
import { accountIdOf } from '../../../electron/shared/accounts';

const NOW = '2026-03-10T12:00:00Z';
const F = { nowMs: Date.parse(NOW), localZone: 'UTC', locale: 'en-GB' };
const READ = '2026-03-10T11:58:00Z';
/** The time Alice asks to be covered: my saved shifts show me on call then (an override of mine). */
const ASKED = { start: '2026-03-11T09:00:00Z', end: '2026-03-11T17:00:00Z', scheduleId: 'sch_platform' };

function platform(opts: Partial<ScheduleSnapshot>): ScheduleSnapshot {
  return scheduleSnap(
    'sch_platform',
    [
      shift('2026-03-09T09:00:00Z', ASKED.start, alice),
      shift(ASKED.start, ASKED.end, me),
      shift(ASKED.end, '2026-03-20T09:00:00Z', alice),
    ],
    {
      shiftsFrom: '2026-03-09T09:00:00Z',
      shiftsTo: '2026-03-20T09:00:00Z',
      details: details('Platform primary', 'UTC', [alice, me]),
      detailsFetchedAt: READ,
      shiftsFetchedAt: READ,
      ...opts,
    },
  );
}

function derive(s: ScheduleSnapshot): AppState {
  return deriveState(
    deriveInput({
      snapshot: snapshotOf([s], {
        coverageRequests: [coverage('cov_1', alice, [ASKED])],
        coverageFetchedAt: '2026-03-10T11:59:00Z',
      }),
      nowMs: ms(NOW),
      settings: settingsWith({ schedules: [{ id: 'sch_platform' }] }),
    }),
  );
}

const statusText = (state: AppState): string => formatStatus(state, { nowMs: ms(NOW), localZone: 'UTC' });

describe('issue 35 case 3: "covered by you" from fresh shifts only', () => {
  it('saved shifts: "covered by you (saved data from 11:58)" in `status`, and the tray does not count it as asking', () => {
    const state = derive(platform({ problem: { kind: 'network', message: 'Cannot reach the service.', at: NOW } }));
    expect(statusText(state)).toContain('covered by you (saved data from 11:58) (1):');
    expect(statusText(state)).not.toMatch(/asking you|covered by you ✓/i);
    expect(coverageActionLabel(state, F)).not.toMatch(/Asks you/);
  });

  it('fresh shifts: "covered by you ✓", and the tray no longer counts it', () => {
    const state = derive(platform({}));
    expect(statusText(state)).toContain('covered by you ✓ (1)');
    expect(coverageActionLabel(state, F)).toBe('Coverage requests (0)…');
  });

  it('a hole over the asked time: not "covered by you" either', () => {
    const state = derive(platform({ shiftHoles: [{ from: '2026-03-11T12:00:00Z', to: '2026-03-11T13:00:00Z' }] }));
    expect(statusText(state)).not.toContain('covered by you');
    // Nor "asking you" as fact: the hole may hold my cover (fix47ah); the total says its basis, no rows under it.
    expect(statusText(state)).not.toMatch(/asking you \(1\):/);
    expect(statusText(state)).toContain("asking you (1, couldn't check)\n");
    expect(statusText(state)).toContain("may ask you, couldn't check (1):");
    // Counted in the one "Asks you" total, its basis said with it (issue 49: one count on every surface).
    expect(coverageActionLabel(state, F)).toBe("Asks you (1, couldn't check)…");
  });

  it('a second account\'s list that couldn\'t be loaded is a list unknown, not "1 unreadable" request', () => {
    const fresh = derive(platform({}));
    const issue = {
      accountId: accountIdOf('acme'),
      id: null,
      requester: null,
      why: "Acme's requests couldn't be loaded",
    };
    const state: AppState = { ...fresh, coverage: { ...fresh.coverage, issues: [issue] } };
    expect(coverageActionLabel(state, F)).toBe('Coverage requests (0, 1 list unknown)…');
  });
});
