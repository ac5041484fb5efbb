// The phone lines' fold in the glance (adv49 r10 #4): the count first and short ("2 phone alerts may ring"), so it
// reads whole at 125 % and 150 % zoom, where "Phone may still ring: 2 shifts" was cut to "Phone may still r…".
import { describe, expect, it } from 'vitest';
import type { StillRing } from '../../electron/shared/phone-intent';
import { stillRingFold } from '../../renderer/src/lib/still-ring-rows';

const line = (i: number, passed: boolean): StillRing => ({
  key: `k${i}`,
  at: new Date(Date.parse('2026-11-29T09:00:00Z') + i * 3_600_000).toISOString(),
  scheduleName: 'Ops',
  why: 'not-mine',
  error: 'could not connect',
  passed,
});
const state = (passed: boolean[]): StillRing[] => passed.map((p, i) => line(i, p));

describe('the phone lines’ fold', () => {
  it('says the count first, then what may happen, in under 30 characters for up to 99', () => {
    expect(stillRingFold(state([false, false]))).toBe('2 phone alerts may ring');
    expect(stillRingFold(state([true, true, true]))).toBe('3 phone alerts may have rung');
    expect(stillRingFold(state([true, false]))).toBe('2 phone alerts may ring or have rung');
    for (const n of [2, 9, 10, 99]) {
      const text = stillRingFold(state(Array.from({ length: n }, () => false)));
      expect(text.startsWith(`${n} `)).toBe(true);
      expect(text.length).toBeLessThanOrEqual(26);
    }
  });
});
