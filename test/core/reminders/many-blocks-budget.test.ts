// Issue 52, round 9: a cache just under the size cap (~28 000 one-minute shifts of mine) took ~30 s to start: each
// block's reminder reference scanned every segment for the one after it (quadratic). Counted, not timed: over a
// schedule of N blocks, every reference together reads the segment list a bounded number of times (near-linear).
import { describe, expect, it } from 'vitest';
import { blocksOf, segmentsOf } from '../../../electron/core/model/segments';
import { shiftRef } from '../../../electron/core/reminders/types';
import { scheduleSnap, shift, user } from '../support/fixtures';

const N = 4_000;

describe('planning a schedule of many blocks', () => {
  it(`reads each segment a bounded number of times for ${N} blocks (was N² reads)`, () => {
    const me = user('Me');
    const other = user('Ann');
    const base = Date.parse('2026-03-26T09:00:00Z');
    const iso = (ms: number): string => new Date(ms).toISOString();
    // Mine for 30 s, then Ann's for 30 s: N blocks of mine, each followed by a segment of someone else.
    const shifts = Array.from({ length: N }, (_, i) => [
      shift(iso(base + i * 60_000), iso(base + i * 60_000 + 30_000), me),
      shift(iso(base + i * 60_000 + 30_000), iso(base + (i + 1) * 60_000), other),
    ]).flat();
    const s = scheduleSnap('sch_big', shifts);
    const segments = segmentsOf(shifts);
    const blocks = blocksOf(segments, 'me@example.com');
    expect(blocks).toHaveLength(N);
    let reads = 0;
    const counted = new Proxy(segments, {
      get(target, prop, receiver): unknown {
        if (typeof prop === 'string' && /^\d+$/.test(prop)) reads += 1;
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const refs = blocks.map((b) => shiftRef(s, counted, b, 'UTC'));
    expect(refs[0]?.nextNames).toEqual(['Ann']);
    expect(refs.at(-1)?.nextNames).toEqual(['Ann']);
    expect(reads).toBeLessThanOrEqual(3 * segments.length);
  });
});
