// Which starts of mine carry my on-call time on (no alarm, no phone booking) is asked for every planned start at
// every sync: over a long horizon's blocks, asking per start sorted every block again (the alarm plan's cost grew with
// the square of the blocks). `continuesOnCallIn` joins the blocks once; each start is then a look-up. Judged against
// a rule written here: a start carries my time on iff a block starting before it ends at or after it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { continuesOnCall, continuesOnCallIn, type BlockSpan } from '../../electron/shared/on-call-run';

const M = 60_000;
const oracle = (startMs: number, blocks: readonly BlockSpan[]): boolean =>
  blocks.some((b) => b.startMs < startMs && b.endMs >= startMs);

const blockArb = fc
  .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 30 }))
  .map(([s, len]) => ({ startMs: s * M, endMs: (s + len) * M }));

describe('continuesOnCallIn: one join of my blocks, then each start looked up', () => {
  it('says of every start what the rule says, as continuesOnCall does', () => {
    fc.assert(
      fc.property(fc.array(blockArb, { maxLength: 25 }), fc.array(fc.integer({ min: 0, max: 240 })), (blocks, at) => {
        const continues = continuesOnCallIn(blocks);
        for (const s of at) {
          expect(continues(s * M)).toBe(oracle(s * M, blocks));
          expect(continuesOnCall(s * M, blocks)).toBe(oracle(s * M, blocks));
        }
      }),
      { seed: 61, numRuns: 300 },
    );
  });

  it('reads each block a few times for all starts, not once per start', () => {
    // 600 blocks of mine (a month of back-to-back hours) and a start asked for each: the reads are counted.
    let reads = 0;
    const blocks = Array.from({ length: 600 }, (_, i) => {
      const [startMs, endMs] = [i * 90 * M, (i * 90 + 60 + (i % 3) * 20) * M];
      return {
        get startMs() {
          reads++;
          return startMs;
        },
        endMs,
      };
    });
    const starts = Array.from({ length: 600 }, (_, i) => i * 90 * M);
    const expected = starts.map((s) => oracle(s, blocks));
    reads = 0;
    const continues = continuesOnCallIn(blocks);
    expect(starts.map((s) => continues(s))).toEqual(expected);
    // Sorting once (~n log n) and a binary search per start: well under 40 reads per block. Per start, each block
    // was read at least once more (600 × 600 = 360 000 reads).
    expect(reads).toBeLessThan(40 * blocks.length);
  });
});
