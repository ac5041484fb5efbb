// Issue 47, round 12 #1: the override form's preview said "Replaces Alice" and "Replaces nobody: no one is on call
// then." from saved data (the schedule's latest read failed) without saying so, and the "already on call" warning
// said "From saved data, …" with no time. Planned by the real core (planOverride) from a snapshot, as the engine
// does, then worded as the form shows it (lib/preview-lines.ts). Read at 08:00Z, shown in Berlin: "09:00".
import { describe, expect, it } from 'vitest';
import { planOverride } from '../../electron/core/actions/override-window';
import type { ScheduleSnapshot } from '../../electron/core/model/snapshot';
import { formatDayTime } from '../../electron/shared/format';
import { previewLines, type PreviewLines } from '../../electron/shared/preview-lines';
import { alice, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../core/support/fixtures';

const NOW = '2026-03-10T12:00:00Z';
const READ = '2026-03-10T08:00:00Z';
const ZONE = 'Europe/Berlin';
const PROBLEM = { kind: 'network' as const, message: 'Cannot reach the service.', at: NOW };

/** Alice 09–13Z, nobody 13–17Z (read), me from 17Z. */
function platform(saved: boolean, nowMs: number): ScheduleSnapshot {
  const fresh = new Date(nowMs - 2 * 60_000).toISOString();
  return scheduleSnap(
    'sch_platform',
    [
      shift('2026-03-10T09:00:00Z', '2026-03-10T13:00:00Z', alice),
      shift('2026-03-10T17:00:00Z', '2026-03-20T09:00:00Z', me),
    ],
    {
      shiftsFrom: '2026-03-03T09:00:00Z',
      shiftsTo: '2026-03-20T09:00:00Z',
      details: details('Platform primary', 'UTC', [alice, me]),
      // Fresh: read 2 min ago; saved: read at 08:00Z, the latest read failed.
      detailsFetchedAt: saved ? READ : fresh,
      shiftsFetchedAt: saved ? READ : fresh,
      ...(saved ? { problem: PROBLEM } : {}),
    },
  );
}

/** The preview of "I cover the next `hours` h" from `fromMs`, as the form words it. */
function lines(saved: boolean, hours: 1 | 2 | 4, fromMs: number): PreviewLines {
  const plan = planOverride(
    { scheduleId: 'sch_platform', window: { kind: 'next_hours', hours }, emails: [] },
    snapshotOf([platform(saved, fromMs)]),
    settingsWith({ schedules: [{ id: 'sch_platform' }] }),
    fromMs,
  );
  if (!plan.ok) throw new Error(plan.error.message);
  const names = (emails: readonly string[]) =>
    emails.map((e) => (e === me.email ? 'You' : e === alice.email ? 'Alice' : e));
  return previewLines(plan.value.preview, {
    scheduleName: 'Platform primary',
    names,
    windowText: (s, e) => `${s}–${e}`,
    time: (iso) => formatDayTime(iso, { nowMs: fromMs, localZone: ZONE }),
  });
}

describe('issue 47 round 12 #1: the override preview says what it rests on', () => {
  it('fresh: "Replaces Alice", "Replaces nobody: no one is on call then." (bare)', () => {
    expect(lines(false, 1, ms(NOW)).replaces).toBe('Replaces Alice');
    expect(lines(false, 2, ms(NOW) + 2 * 3_600_000).replaces).toBe('Replaces nobody: no one is on call then.');
  });

  it('saved: whom it replaces carries "saved data from 09:00"', () => {
    expect(lines(true, 1, ms(NOW)).replaces).toBe('Replaces Alice (saved data from 09:00)');
  });

  it('saved: "nobody" is scoped to the saved data and never "no one is on call then"', () => {
    const text = lines(true, 2, ms(NOW) + 2 * 3_600_000).replaces ?? '';
    expect(text).toContain('saved data from 09:00');
    expect(text).not.toMatch(/no one is on call then/);
  });

  it('saved: "already on call" names when the data was read', () => {
    // Me from 17Z: the next 2 h from 18Z are mine by saved data.
    expect(lines(true, 2, ms('2026-03-10T18:00:00Z')).already).toBe(
      'According to saved data from 09:00, you are already on call for all of this window, but that may have changed since.',
    );
  });
});
