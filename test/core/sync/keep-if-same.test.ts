// keepIfSame keeps the held array when a read or a restate brings the same data: unchanged data keeps its identity.
// Each sync restates every schedule (my e-mail put in, sync/identity.ts); when no element changed, the same data is
// known without serialising every shift twice.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepIfSame } from '../../../electron/core/sync/apply';

afterEach(() => vi.restoreAllMocks());

const shifts = Array.from({ length: 500 }, (_, i) => ({ start: i * 3_600_000, users: [{ id: `u${i % 7}` }] }));

describe('keepIfSame', () => {
  it('the same elements in a new array: the held array, without serialising either', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const again = [...shifts];
    const kept = keepIfSame(shifts, again);
    expect(stringify).toHaveBeenCalledTimes(0);
    expect(kept).toBe(shifts);
  });

  it('equal data in new objects is kept; any changed, added or dropped element is taken', () => {
    const copy = shifts.map((s) => ({ ...s, users: s.users.map((u) => ({ ...u })) }));
    expect(keepIfSame(shifts, copy)).toBe(shifts);
    const moved = shifts.map((s, i) => (i === 250 ? { ...s, users: [{ id: 'me' }] } : s));
    expect(keepIfSame(shifts, moved)).toBe(moved);
    const dropped = shifts.slice(1);
    expect(keepIfSame(shifts, dropped)).toBe(dropped);
    const swapped = [shifts[1], shifts[0], ...shifts.slice(2)];
    expect(keepIfSame(shifts, swapped)).toBe(swapped);
    const details = { id: 'sch', users: [{ id: 'u1' }] };
    expect(keepIfSame(details, { ...details })).toBe(details);
    expect(keepIfSame(null, details)).toBe(details);
  });
});
