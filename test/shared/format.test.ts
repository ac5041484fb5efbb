import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatDayTime,
  formatDuration,
  formatRelative,
  formatWindow,
  initials,
} from '../../electron/shared/format';
import { formatTime } from '../../electron/shared/day-word';
import { ms } from '../support/time';

const berlin = { localZone: 'Europe/Berlin' };

describe('relative times and countdowns', () => {
  const now = ms('2026-03-02T08:00:00Z');
  it('reads like a person would say it', () => {
    expect(formatRelative(now, now + (2 * 60 + 15) * 60_000)).toBe('in 2 h 15 min');
    expect(formatRelative(now, '2026-03-02T07:55:00Z')).toBe('5 min ago');
    expect(formatRelative(now, now + 20_000)).toBe('now');
    expect(formatRelative(now, now + 3 * 3_600_000)).toBe('in 3 h');
    expect(formatRelative(now, now + 36 * 3_600_000)).toBe('in 1 d 12 h');
    expect(formatDuration(14 * 60_000 + 40_000)).toBe('15 min');
  });
  it('counts down in h:mm:ss and never below zero', () => {
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(899_000)).toBe('14:59');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
  it('counts real elapsed time across a DST change, not wall-clock hours', () => {
    // Berlin springs forward on 29 March 2026: 00:00 to 09:00 local is only 8 hours.
    expect(formatRelative(ms('2026-03-28T23:00:00Z'), '2026-03-29T07:00:00Z')).toBe('in 8 h');
  });
});

describe('absolute times in the local zone, with the schedule zone where it differs', () => {
  it('adds the schedule wall time only when its offset differs', () => {
    expect(formatTime('2026-03-02T16:00:00Z', { ...berlin, scheduleZone: 'America/New_York' })).toBe(
      '17:00 (11:00 New York)',
    );
    expect(formatTime('2026-03-02T16:00:00Z', { ...berlin, scheduleZone: 'Europe/Paris' })).toBe('17:00');
    expect(formatTime('2026-03-02T16:00:00Z', { ...berlin, scheduleZone: 'Asia/Kolkata' })).toBe(
      '17:00 (21:30 Kolkata)',
    );
  });

  it('follows each zone through its own DST dates', () => {
    // 16 March 2026: New York is already on summer time (8 March), Berlin not yet (29 March): 5 h apart, not 6.
    expect(formatTime('2026-03-16T16:00:00Z', { ...berlin, scheduleZone: 'America/New_York' })).toBe(
      '17:00 (12:00 New York)',
    );
    expect(formatTime('2026-03-30T16:00:00Z', { ...berlin, scheduleZone: 'America/New_York' })).toBe(
      '18:00 (12:00 New York)',
    );
    // Berlin falls back on 25 October 2026, New York on 1 November.
    expect(formatTime('2026-10-24T08:00:00Z', berlin)).toBe('10:00');
    expect(formatTime('2026-10-26T08:00:00Z', berlin)).toBe('09:00');
    expect(formatTime('2026-10-27T16:00:00Z', { ...berlin, scheduleZone: 'America/New_York' })).toBe(
      '17:00 (12:00 New York)',
    );
    // Kolkata has no DST: its distance to Berlin changes by an hour across the Berlin change.
    expect(formatTime('2026-03-28T04:30:00Z', { ...berlin, scheduleZone: 'Asia/Kolkata' })).toBe(
      '05:30 (10:00 Kolkata)',
    );
    expect(formatTime('2026-03-30T04:30:00Z', { ...berlin, scheduleZone: 'Asia/Kolkata' })).toBe(
      '06:30 (10:00 Kolkata)',
    );
  });

  it('names the schedule weekday when its date differs from the local one', () => {
    expect(formatTime('2026-03-05T22:00:00Z', { ...berlin, scheduleZone: 'Asia/Kolkata' })).toBe(
      '23:00 (Fri 03:30 Kolkata)',
    );
    expect(formatTime('2026-03-05T23:30:00Z', { ...berlin, scheduleZone: 'Asia/Kolkata' })).toBe(
      '00:30 (05:00 Kolkata)',
    );
    expect(formatTime('2026-03-06T00:30:00Z', { localZone: 'Asia/Kolkata', scheduleZone: 'America/New_York' })).toBe(
      '06:00 (Thu 19:30 New York)',
    );
  });

  it('honours the locale', () => {
    expect(formatTime('2026-03-02T16:00:00Z', { localZone: 'America/New_York', locale: 'en-US' })).toBe('11:00 AM');
    expect(
      formatDayTime('2026-03-03T16:00:00Z', { ...berlin, locale: 'de-DE', nowMs: ms('2026-03-02T08:00:00Z') }),
    ).toBe('Di., 17:00');
  });
});

describe('days and windows', () => {
  const now = ms('2026-03-27T12:00:00Z'); // Friday
  it('shows only the time today, the weekday this week, the date further away', () => {
    expect(formatDayTime('2026-03-27T16:00:00Z', { ...berlin, nowMs: now })).toBe('17:00');
    expect(formatDayTime('2026-03-31T07:00:00Z', { ...berlin, nowMs: now })).toBe('Tue 09:00');
    expect(formatDayTime('2026-04-29T07:00:00Z', { ...berlin, nowMs: now })).toBe('29 Apr, 09:00');
    // Issue 49, adversarial 2: a date about eleven months away or more names its year (failed before: "14 Dec, 22:00"
    // a year ahead read as this December).
    expect(formatDayTime('2027-03-14T08:00:00Z', { ...berlin, nowMs: now })).toBe('14 Mar 2027, 09:00');
    expect(formatDayTime('2027-01-31T08:00:00Z', { ...berlin, nowMs: now })).toBe('31 Jan, 09:00');
    expect(formatDayTime('2025-03-14T08:00:00Z', { ...berlin, nowMs: now })).toBe('14 Mar 2025, 09:00');
  });

  it('formats a same-day window compactly and spells out an overnight one over the DST change', () => {
    expect(
      formatWindow('2026-03-27T08:00:00Z', '2026-03-27T16:00:00Z', {
        ...berlin,
        nowMs: now,
        scheduleZone: 'Asia/Kolkata',
      }),
    ).toBe('09:00–17:00 (13:30–21:30 Kolkata)');
    expect(formatWindow('2026-03-28T23:00:00Z', '2026-03-29T07:00:00Z', { ...berlin, nowMs: now })).toBe(
      'Sun 00:00–09:00',
    );
    expect(
      formatWindow('2026-03-28T16:00:00Z', '2026-03-29T07:00:00Z', {
        ...berlin,
        nowMs: now,
        scheduleZone: 'America/New_York',
      }),
    ).toBe('Sat 17:00 – Sun 09:00 (Sat 12:00 – Sun 03:00 New York)');
    expect(formatWindow('2026-03-27T08:00:00Z', '2026-03-27T23:00:00Z', { ...berlin, nowMs: now })).toBe('09:00–00:00');
  });
});

describe('initials', () => {
  it('takes the first and last word', () => {
    expect(initials('Jean-Luc Picard')).toBe('JP');
    expect(initials('élodie marie durand')).toBe('ÉD');
    expect(initials('  ada ')).toBe('A');
    expect(initials('')).toBe('?');
  });
});

describe('the schedule zone side of a day-and-time', () => {
  it('names a date a week or more away by its date, never by a bare weekday that reads as this week', () => {
    const nowMs = Date.parse('2026-03-02T10:00:00Z'); // Monday
    // Next week's Monday 09:00 Sydney is this Sunday 23:00 in Berlin: a bare "Mon" there would read as today.
    const text = formatDayTime('2026-03-08T22:00:00Z', {
      nowMs,
      localZone: 'Europe/Berlin',
      scheduleZone: 'Australia/Sydney',
    });
    expect(text).toBe('Sun 23:00 (9 Mar, 09:00 Sydney)');
    // Within the week the weekday is clear.
    expect(
      formatDayTime('2026-03-03T22:00:00Z', { nowMs, localZone: 'Europe/Berlin', scheduleZone: 'Australia/Sydney' }),
    ).toBe('Tue 23:00 (Wed 09:00 Sydney)');
  });
});

describe('a day far away names its year (issue 52: a pause read back as "until 1 Jan")', () => {
  it('more than ~11 months away: "1 Jan 2999, 00:00"; within them, the date alone', () => {
    const opts = { nowMs: Date.parse('2026-03-24T10:00:00Z'), localZone: 'UTC' };
    expect(formatDayTime('2999-01-01T00:00:00Z', opts)).toBe('1 Jan 2999, 00:00');
    expect(formatDayTime('2026-12-01T09:00:00Z', opts)).toBe('1 Dec, 09:00');
  });
});
