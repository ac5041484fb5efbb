// Issue 47: a form's time and day fields are worded as every other time is (the one formatter), read what people
// type, and say what is wrong with what they typed. Failed before: the forms used the browser's own <input
// type="time"/"date">, which showed "11:00 PM" and "11/27/2026" beside the app's 24-hour text.
import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatClock } from '../../electron/shared/format';
import { readField, shownValue } from '../../renderer/src/lib/wall-field';

const ctx = { nowMs: Date.parse('2026-11-28T12:00:00Z'), locale: 'en-GB', localZone: 'Europe/Berlin' };

describe('time and day fields through the formatter', () => {
  it('shows a value in the formatter’s words, in the locale the rest of the app uses', () => {
    expect(shownValue('time', '23:00', ctx)).toBe('23:00');
    expect(shownValue('time', '23:00', { ...ctx, locale: 'en-US' })).toBe(formatClock('23:00', { locale: 'en-US' }));
    expect(shownValue('date', '2026-11-27', ctx)).toBe('Fri 27 Nov');
    // A year is named as formatDayTime names it: only more than ~11 months away.
    expect(shownValue('date', '2027-12-27', ctx)).toBe('Mon 27 Dec 2027');
    expect(formatCalendarDay('2026-02-31', ctx)).toBe('');
  });

  it('reads what people type, and reads its own words back', () => {
    for (const typed of ['2300', '23.00', '11 pm', '11:00 PM', '23'])
      expect(readField('time', typed, ctx)).toEqual({ ok: true, value: '23:00', shown: '23:00' });
    for (const typed of ['2026-11-27', '27 Nov', 'Fri 27 Nov', 'Nov 27, 2026', 'friday 27 november 2026'])
      expect(readField('date', typed, ctx)).toMatchObject({ ok: true, value: '2026-11-27' });
    // Typed in November, "3 Jan" is the coming one.
    expect(readField('date', '3 Jan', ctx)).toMatchObject({ ok: true, value: '2027-01-03' });
    for (const locale of ['en-GB', 'en-US']) {
      const c = { ...ctx, locale };
      expect(readField('date', shownValue('date', '2026-12-01', c), c)).toMatchObject({ value: '2026-12-01' });
      expect(readField('time', shownValue('time', '07:05', c), c)).toMatchObject({ value: '07:05' });
    }
  });

  it('names what is wrong with what was typed, quoting it', () => {
    const message = (kind: 'time' | 'date', typed: string) => {
      const read = readField(kind, typed, ctx);
      return read.ok ? '' : read.message;
    };
    expect(message('time', '25:00')).toBe('“25:00” is not a time: hours run 0–23 (1–12 with am/pm) and minutes 0–59.');
    expect(message('time', 'noon')).toBe('“noon” is not a time: type a time like 23:00 or 11:00 pm.');
    expect(message('time', ' ')).toBe('Enter a time, like 23:00 or 11:00 pm.');
    expect(message('date', '31 Feb')).toBe('“31 Feb” is not a day: there is no such day in the calendar.');
    expect(message('date', 'Sat 27 Nov')).toBe('“Sat 27 Nov” is not a day: that day is Fri 27 Nov.');
    expect(message('date', '11/27/2026')).toBe('“11/27/2026” is not a day: type a day like Fri 27 Nov or 2026-11-27.');
  });
});
