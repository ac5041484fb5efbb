// The UID rule on its own: a block keeps its UID while it overlaps what was published; a split keeps it on the
// larger part; of two merged blocks, the one sharing more time survives; a block overlapping nothing gets the
// anchor UID of (schedule, me, start).
import { describe, expect, it } from 'vitest';
import { anchorUid, matchUids } from '../../../electron/core/calendar/published-record';

const H = 3_600_000;
const iv = (fromH: number, toH: number) => ({ startMs: fromH * H, endMs: toH * H });
const fresh = (b: { startMs: number }) => anchorUid('sch_a', 'me@x.io', b.startMs);

describe('UID rule', () => {
  it('keeps the UID of a block moved at either end, and gives a new block its anchor UID', () => {
    const published = new Map([
      ['A', iv(0, 24)],
      ['B', iv(48, 72)],
    ]);
    expect(matchUids([iv(3, 24), iv(48, 80), iv(96, 120)], published, fresh)).toEqual(['A', 'B', fresh(iv(96, 120))]);
  });

  it('keeps the UID on the larger part of a split block, and on the larger share of a merge', () => {
    expect(matchUids([iv(0, 4), iv(8, 24)], new Map([['A', iv(0, 24)]]), fresh)).toEqual([fresh(iv(0, 4)), 'A']);
    expect(
      matchUids(
        [iv(0, 48)],
        new Map([
          ['A', iv(0, 10)],
          ['B', iv(20, 48)],
        ]),
        fresh,
      ),
    ).toEqual(['B']);
  });

  it('is the same for the same (schedule, me, start) and differs otherwise', () => {
    expect(anchorUid('sch_a', 'me@x.io', 0)).toBe(anchorUid('sch_a', 'me@x.io', 0));
    expect(
      new Set([anchorUid('sch_a', 'me@x.io', 0), anchorUid('sch_b', 'me@x.io', 0), anchorUid('sch_a', 'me@x.io', H)])
        .size,
    ).toBe(3);
  });
});
