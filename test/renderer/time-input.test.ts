import { describe, expect, it } from 'vitest';
import { customFields, dayOptions } from '../../renderer/src/lib/time-input';

const ctx = { nowMs: Date.parse('2026-03-28T10:07:00Z') };

describe('days and prefilled times', () => {
  // Typed times are read by main: test/shared/typed-window.test.ts.
  // Issue 47: the days are named as the formatter names a day on every other surface (it says neither "Today" nor
  // "Tomorrow"), and a prefilled time is its clock (failed before: "Today", "7:15 PM" beside "07:15 PM").
  it('names each day as the formatter does, and writes a window as a listed length when one fits', () => {
    const days = dayOptions(ctx.nowMs, 'en-GB', 'Europe/Berlin');
    expect(days.slice(0, 3).map((d) => [d.value, d.label])).toEqual([
      ['2026-03-28', 'Sat 28 Mar'],
      ['2026-03-29', 'Sun 29 Mar'],
      ['2026-03-30', 'Mon 30 Mar'],
    ]);
    expect(
      customFields(Date.parse('2026-03-28T18:15:00Z'), Date.parse('2026-03-28T20:15:00Z'), 'Europe/Berlin', true),
    ).toMatchObject({ startDay: '2026-03-28', startTime: '19:15', length: '120' });
    expect(
      customFields(Date.parse('2026-03-28T18:15:00Z'), Date.parse('2026-03-28T20:20:00Z'), 'Europe/Berlin', false),
    ).toMatchObject({ startTime: '07:15 PM', length: 'end', endTime: '09:20 PM' });
  });
});
