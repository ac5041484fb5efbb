// The saved data's time named as mine that the record of my blocks lacks is left unknown at load (adv52 r58 #1,
// engine/cache-mine.ts), wherever in the file it is: the latest read's shifts, a kept earlier read, or the service's
// answer laid over a hole. What the record has stays as it was, and data agreeing with it is returned unchanged.
import { describe, expect, it } from 'vitest';
import { mineOnRecord } from '../../../electron/core/engine/cache-mine';
import { knownOf } from '../../../electron/core/reminders/known';
import { blocksOf, segmentsOf } from '../../../electron/core/model/segments';
import { alice, details, me, ms, scheduleSnap, shift, snapshotOf } from '../support/fixtures';
import type { ScheduleSnapshot } from '../../../electron/core/model/snapshot';

const NOW = ms('2026-03-25T10:00:00Z');
const THU = shift('2026-03-26T08:00:00Z', '2026-03-27T08:00:00Z', me);
const FRI = shift('2026-03-27T08:00:00Z', '2026-03-28T08:00:00Z', alice);
const SAT = shift('2026-03-28T08:00:00Z', '2026-03-29T08:00:00Z', me);
const RECORD = [
  'mine:sch_a:2026-03-26T08:00:00Z>2026-03-27T08:00:00Z',
  'mine:sch_a:2026-03-28T08:00:00Z>2026-03-29T08:00:00Z',
];
const asMine = { ...FRI, users: [me] };

const read = (opts: Partial<ScheduleSnapshot>, shifts = [THU, asMine, SAT]) =>
  scheduleSnap('sch_a', shifts, { shiftsFetchedAt: '2026-03-25T09:00:00Z', ...opts });
const myBlocks = (s: ScheduleSnapshot | undefined) =>
  s ? blocksOf(segmentsOf(knownOf(s).shifts), 'me@example.com').map((b) => [b.startMs, b.endMs]) : [];
const RECORDED = [
  [ms('2026-03-26T08:00:00Z'), ms('2026-03-27T08:00:00Z')],
  [ms('2026-03-28T08:00:00Z'), ms('2026-03-29T08:00:00Z')],
];

describe('saved time named as mine, checked against the record of my blocks', () => {
  it('data agreeing with the record is returned as it is, nothing said', () => {
    const snap = snapshotOf([read({}, [THU, FRI, SAT])]);
    expect(mineOnRecord(snap, 'Me@example.com', RECORD, NOW)).toEqual({ snapshot: snap, dropped: [] });
  });

  it("the latest read's shift: cut, its time a hole, my recorded blocks kept", () => {
    const out = mineOnRecord(snapshotOf([read({})]), 'me@example.com', RECORD, NOW);
    expect(out.dropped).toEqual(['a shift named as yours that the app never had as yours']);
    const s = out.snapshot.schedules[0];
    expect(myBlocks(s)).toEqual(RECORDED);
    expect(s?.shiftHoles).toEqual([{ from: '2026-03-27T08:00:00Z', to: '2026-03-28T08:00:00Z' }]);
  });

  it("a kept earlier read's block: cut from it", () => {
    const kept = { from: FRI.start, to: SAT.end, readAt: '2026-03-24T09:00:00Z', shifts: [asMine, SAT] };
    const snap = snapshotOf([read({ shiftsTo: THU.end, shiftsKept: [kept] }, [THU])]);
    expect(myBlocks(snap.schedules[0])).toEqual([[ms(THU.start), ms(SAT.end)]]);
    const out = mineOnRecord(snap, 'me@example.com', RECORD, NOW);
    expect(out.dropped).toHaveLength(1);
    expect(myBlocks(out.snapshot.schedules[0])).toEqual(RECORDED);
  });

  it("the service's answer over a hole naming me: left out there", () => {
    const answer = details('A', 'UTC', [me, alice], { current_oncall_shift: null, next_oncall_shift: asMine });
    const hole = { from: FRI.start, to: FRI.end };
    const snap = snapshotOf([
      read({ details: answer, detailsFetchedAt: '2026-03-25T09:00:00Z', shiftHoles: [hole] }, [THU, SAT]),
    ]);
    expect(myBlocks(snap.schedules[0])).toEqual([[ms(THU.start), ms(SAT.end)]]);
    const out = mineOnRecord(snap, 'me@example.com', RECORD, NOW);
    expect(out.dropped).toHaveLength(1);
    expect(myBlocks(out.snapshot.schedules[0])).toEqual(RECORDED);
    expect(out.snapshot.schedules[0]?.shiftHoles).toEqual([hole]);
  });

  it('with nothing on the record, every block of mine still to end is unknown; past ones are left', () => {
    const past = shift('2026-03-23T08:00:00Z', '2026-03-24T08:00:00Z', me);
    const out = mineOnRecord(snapshotOf([read({}, [past, THU, FRI, SAT])]), 'me@example.com', [], NOW);
    expect(myBlocks(out.snapshot.schedules[0])).toEqual([[ms(past.start), ms(past.end)]]);
  });
});
