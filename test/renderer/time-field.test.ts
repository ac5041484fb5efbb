// Issue 47: a form's time field and day lists are worded as every other time is (the one formatter), read what
// people type, and say what is wrong with what they typed. Failed before: the forms used the browser's own <input
// type="time"/"date">, which showed "11:00 PM" and "11/27/2026" beside the app's 24-hour text.
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../electron/shared/day-word';
import { clockWords, dayOptions, dayWords, readTime } from '../../renderer/src/lib/time-input';

const ctx = { nowMs: Date.parse('2026-11-28T12:00:00Z'), locale: 'en-GB', localZone: 'Europe/Berlin' };

describe('time fields and day lists through the formatter', () => {
  it('shows a time as the popover words one, in the same locale, to the character', () => {
    expect(clockWords('23:00', 'en-GB')).toBe('23:00');
    const popover = formatTime(Date.parse('2026-11-28T22:00:00Z'), { localZone: 'Europe/Berlin', locale: 'en-US' });
    expect(clockWords('23:00', 'en-US')).toBe(popover);
    expect(['25:00', '7:00', ''].map((t) => clockWords(t, 'en-GB'))).toEqual(['', '', '']);
  });

  it('names days as the formatter names a date, with the year only far away; none for a day that is not', () => {
    expect(dayWords('2026-11-27', ctx)).toBe('Fri 27 Nov');
    expect(dayWords('2027-12-27', ctx)).toBe('Mon 27 Dec 2027');
    expect(dayWords('2026-02-31', ctx)).toBe('');
    const days = dayOptions(ctx.nowMs, 'en-GB', 'Europe/Berlin', [], 91);
    expect(days).toHaveLength(91);
    expect(days.map((d) => d.label).filter((l) => /Today|Tomorrow|\//.test(l))).toEqual([]);
  });

  it('reads what people type, and its own words back', () => {
    for (const typed of ['2300', '23.00', '11 pm', '11:00 PM', '23'])
      expect(readTime(typed, 'en-GB')).toEqual({ ok: true, value: '23:00', shown: '23:00' });
    for (const locale of ['en-GB', 'en-US'])
      expect(readTime(clockWords('07:05', locale), locale)).toMatchObject({ ok: true, value: '07:05' });
  });

  it('names what is wrong with what was typed, quoting it', () => {
    const message = (typed: string, locale = 'en-GB') => {
      const read = readTime(typed, locale);
      return read.ok ? '' : read.message;
    };
    expect(message('25:00')).toBe('“25:00” is not a time: hours run 0–23 (1–12 with am/pm) and minutes 0–59.');
    expect(message('noon')).toBe('“noon” is not a time: type one like 23:00 or 11:00 pm.');
    expect(message(' ')).toBe('Enter a time, like 23:00 or 11:00 pm.');
    expect(message('x', 'en-US')).toBe(`“x” is not a time: type one like ${clockWords('23:00', 'en-US')} or 23:00.`);
  });
});
