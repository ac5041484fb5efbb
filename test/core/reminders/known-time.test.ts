// Issue 27, case 1, as pure rules: a change is only a change over time two reads both cover. A hole in either
// read, or time outside either read's range, yields no notice; the last read that covered the time is kept by
// sync (applyScheduleFetch) and its reminders speak from it.
import { describe, expect, it } from 'vitest';
import { ok } from '../../../electron/api/errors';
import type { Shift } from '../../../electron/api/schemas';
import type { ScheduleSnapshot, Snapshot } from '../../../electron/core/model/snapshot';
import { planReminders } from '../../../electron/core/reminders/plan';
import { applyScheduleFetch } from '../../../electron/core/sync/apply';
import { alice, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const T0 = '2026-03-02T08:00:00Z';
const T1 = '2026-03-02T09:00:00Z';
const RANGE = { fromMs: ms('2026-03-02T00:00:00Z'), toMs: ms('2026-03-16T00:00:00Z') };
const det = details('Ops', 'Etc/UTC', [me, alice]);
const MINE = shift('2026-03-04T12:00:00Z', '2026-03-04T20:00:00Z', me);
const BEFORE = shift('2026-03-04T04:00:00Z', '2026-03-04T12:00:00Z', alice);
const AFTER = shift('2026-03-04T20:00:00Z', '2026-03-05T04:00:00Z', alice);

type Hole = { from: string; to: string };

/** A read of the schedule's shifts at `at`, folded into `entry` the way sync does. */
function read(entry: ScheduleSnapshot, at: string, shifts: Shift[], holes: Hole[] = [], range = RANGE) {
  return applyScheduleFetch(entry, {
    id: entry.id,
    atMs: ms(at),
    details: ok(det),
    shifts: { result: ok({ shifts, holes }), fromMs: range.fromMs, toMs: range.toMs },
  });
}

const empty = scheduleSnap('sch_ops', [], { shiftsFrom: null, shiftsTo: null });
const snap = (s: ScheduleSnapshot): Snapshot => snapshotOf([s], { coverageFetchedAt: T0 });

function plan(previous: ScheduleSnapshot, current: ScheduleSnapshot, at = T1) {
  return planReminders({
    snapshot: snap(current),
    previous: snap(previous),
    nowMs: ms(at),
    settings: settingsWith({ schedules: [{ id: 'sch_ops' }] }),
    localZone: 'Etc/UTC',
  });
}
const changes = (items: ReturnType<typeof plan>) => items.filter((r) => r.kind === 'change').map((r) => r.notification);
const mineKeys = (items: ReturnType<typeof plan>) =>
  items.filter((r) => r.shift?.startMs === ms(MINE.start)).map((r) => `${r.key} ${r.shift?.keptReadAtMs ?? '-'}`);

describe('a change needs two reads that both cover the time', () => {
  const first = read(empty, T0, [BEFORE, MINE, AFTER]);

  it('my shift sent unreadable: no notice, its reminders kept, resting on the read that covered it', () => {
    const holed = read(first, T1, [BEFORE, AFTER], [{ from: MINE.start, to: MINE.end }]);
    const items = plan(first, holed);
    expect(changes(items)).toEqual([]);
    expect(mineKeys(items)).toEqual(mineKeys(plan(first, first)).map((k) => k.replace(/ -$/, ` ${ms(T0)}`)));
    // Still so at the next read with the same hole: what was kept stays, with its own read time.
    const again = read(holed, '2026-03-02T11:00:00Z', [BEFORE, AFTER], [{ from: MINE.start, to: MINE.end }]);
    expect(changes(plan(holed, again, '2026-03-02T11:00:00Z'))).toEqual([]);
    expect(again.shiftsKept?.map((k) => k.readAt)).toEqual([new Date(ms(T0)).toISOString()]);
  });

  it('a hole over part of my shift (a shift sent without its end) is no "cut short"', () => {
    const holed = read(first, T1, [BEFORE], [{ from: MINE.start, to: RANGE_END }]);
    expect(changes(plan(first, holed))).toEqual([]);
  });

  it('my shift beyond a shorter read range is no removal', () => {
    const short = { fromMs: RANGE.fromMs, toMs: ms('2026-03-04T00:00:00Z') };
    const shorter = read(first, T1, [], [], short);
    expect(changes(plan(first, shorter))).toEqual([]);
    expect(mineKeys(plan(first, shorter))).toHaveLength(4);
  });

  it('time the earlier read could not read, read now with me on call, is no "added"', () => {
    const holedFirst = read(empty, T0, [BEFORE, AFTER], [{ from: MINE.start, to: MINE.end }]);
    const now = read(holedFirst, T1, [BEFORE, MINE, AFTER]);
    expect(changes(plan(holedFirst, now))).toEqual([]);
  });

  it('read again and given to Alice: a removal, told, as both reads cover it', () => {
    const holed = read(first, T1, [BEFORE, AFTER], [{ from: MINE.start, to: MINE.end }]);
    const given = read(holed, '2026-03-02T11:00:00Z', [BEFORE, { ...MINE, users: [alice] }, AFTER]);
    expect(given.shiftsKept).toBeUndefined();
    expect(changes(plan(holed, given, '2026-03-02T11:00:00Z')).map((n) => n.title)).toEqual(['Your shift was removed']);
  });
});

const RANGE_END = '2026-03-16T00:00:00Z';
