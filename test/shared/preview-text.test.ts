// Issue 35, case 4: the override form's "nothing to change" rests on fresh shifts only, and says "You are". The
// preview is planned by the core from a snapshot (as the engine does), then worded as the form shows it.
import { describe, expect, it } from 'vitest';
import { planOverride } from '../../electron/core/actions/override-window';
import type { ScheduleSnapshot } from '../../electron/core/model/snapshot';
import { alreadyOnCallText, nothingToDo } from '../../electron/shared/preview-text';
import { alice, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../core/support/fixtures';

const NOW = '2026-03-10T12:00:00Z';
const READ = '2026-03-10T11:58:00Z';

function platform(opts: Partial<ScheduleSnapshot>): ScheduleSnapshot {
  return scheduleSnap(
    'sch_platform',
    [
      shift('2026-03-10T09:00:00Z', '2026-03-10T17:00:00Z', me),
      shift('2026-03-10T17:00:00Z', '2026-03-20T09:00:00Z', alice),
    ],
    {
      shiftsFrom: '2026-03-03T09:00:00Z',
      shiftsTo: '2026-03-20T09:00:00Z',
      details: details('Platform primary', 'UTC', [alice, me]),
      detailsFetchedAt: READ,
      shiftsFetchedAt: READ,
      ...opts,
    },
  );
}

/** The preview of "I cover the next 2 hours" (12:00–14:00, inside my own shift), as the form words it. */
function form(s: ScheduleSnapshot): { text: string | undefined; createHeld: boolean } {
  const plan = planOverride(
    { scheduleId: 'sch_platform', window: { kind: 'next_hours', hours: 2 }, emails: [] },
    snapshotOf([s]),
    settingsWith({ schedules: [{ id: 'sch_platform' }] }),
    ms(NOW),
  );
  if (!plan.ok) throw new Error(plan.error.message);
  return {
    text: alreadyOnCallText(plan.value.preview, ['You'], (iso) => iso.slice(11, 16)),
    createHeld: nothingToDo(plan.value.preview),
  };
}

describe('issue 35 case 4: "nothing to change" from fresh shifts only', () => {
  it('fresh: "You are already on call for all of this window: there is nothing to change", Create held', () => {
    expect(form(platform({}))).toEqual({
      text: 'You are already on call for all of this window: there is nothing to change.',
      createHeld: true,
    });
  });

  it('saved data: says it rests on saved data that may have changed, and leaves Create on', () => {
    const saved = form(platform({ problem: { kind: 'network', message: 'Cannot reach the service.', at: NOW } }));
    expect(saved.text).toBe(
      'According to saved data from 11:58, you are already on call for all of this window, but that may have changed since.',
    );
    expect(saved.createHeld).toBe(false);
  });

  it('a hole in the window: no "nothing to change", Create on', () => {
    const hole = form(platform({ shiftHoles: [{ from: '2026-03-10T13:00:00Z', to: '2026-03-10T13:30:00Z' }] }));
    expect(hole).toEqual({ text: undefined, createHeld: false });
  });
});
