// Issue 37: what the planner offers to correct after an override of mine gave time away (the scheduler says it
// only when a reminder it corrects was shown; see test/core/handoff/reminders-after-handoff.test.ts end to end).
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../electron/core/model/snapshot';
import { planReminders } from '../../../electron/core/reminders/plan';
import { alice, bob, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

// Wed 4 March, 08:50 Berlin: my shift 09:00–17:00 Berlin (08:00–16:00 UTC) starts in 10 min.
const NOW = '2026-03-04T07:50:00Z';
const READ = '2026-03-04T07:40:00Z';
const HORIZON = { shiftsFrom: '2026-03-02T00:00:00Z', shiftsTo: '2026-03-16T00:00:00Z' };
const platform = details('Platform primary', 'Europe/Berlin', [me, alice, bob]);
const MINE = shift('2026-03-04T08:00:00Z', '2026-03-04T16:00:00Z', me);

function snap(shifts: ReturnType<typeof shift>[], fetchedAt: string, extra: Partial<Snapshot> = {}): Snapshot {
  return snapshotOf([scheduleSnap('sch_p', shifts, { details: platform, ...HORIZON, shiftsFetchedAt: fetchedAt })], {
    coverageFetchedAt: fetchedAt,
    ...extra,
  });
}

/** My override over [start, end), answered at 07:45 (after the old read). */
const mine = (start: string, end: string) => ({
  createdOverrides: [{ id: 'ovr_1', scheduleId: 'sch_p', start, end, createdAt: '2026-03-04T07:45:00Z' }],
});

function corrections(after: Snapshot, before: Snapshot = snap([MINE], READ)) {
  return planReminders({
    snapshot: after,
    previous: before,
    nowMs: ms(NOW),
    settings: settingsWith({ schedules: [{ id: 'sch_p' }] }),
    localZone: 'Europe/Berlin',
  }).filter((r) => r.kind === 'correction');
}

describe('corrections after I handed time off', () => {
  it('the whole block to Bob: "Not on call at 09:00 after all", naming Bob, said only over a reminder of it that was spoken', () => {
    const after = snap(
      [shift('2026-03-04T08:00:00Z', '2026-03-04T16:00:00Z', bob)],
      NOW,
      mine('2026-03-04T08:00:00Z', '2026-03-04T16:00:00Z'),
    );
    const [c, ...more] = corrections(after);
    expect(more).toEqual([]);
    expect([c?.notification.title, c?.notification.body]).toEqual([
      'Not on call at 09:00 after all',
      'Bob covers Platform primary 09:00–17:00 instead of you.',
    ]);
    expect(c?.corrects).toEqual(['said:shift:sch_p:2026-03-04T08:00:00Z']);
    expect(c?.key).toBe('correction:sch_p:2026-03-04T08:00:00Z');
  });

  it('only the first hours to Bob: says until when Bob covers and when I am on call instead', () => {
    const after = snap(
      [shift('2026-03-04T08:00:00Z', '2026-03-04T11:00:00Z', bob), shift('2026-03-04T11:00:00Z', MINE.end, me)],
      NOW,
      mine('2026-03-04T08:00:00Z', '2026-03-04T11:00:00Z'),
    );
    expect(corrections(after).map((c) => c.notification.body)).toEqual([
      'Bob covers Platform primary 09:00–12:00 instead of you. You are on call from 12:00 until 17:00.',
    ]);
  });

  it('only the end handed off: the start still holds, nothing to correct', () => {
    const after = snap(
      [shift(MINE.start, '2026-03-04T12:00:00Z', me), shift('2026-03-04T12:00:00Z', MINE.end, bob)],
      NOW,
      mine('2026-03-04T12:00:00Z', '2026-03-04T16:00:00Z'),
    );
    expect(corrections(after)).toEqual([]);
  });

  it('someone else gave my shift to Bob: a change notice tells it, no correction', () => {
    const after = snap([shift('2026-03-04T08:00:00Z', '2026-03-04T16:00:00Z', bob)], NOW);
    expect(corrections(after)).toEqual([]);
  });
});
