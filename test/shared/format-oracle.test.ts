// The shared formats (the tray, the notifications, the CLI and the renderer alike) run on Intl alone, so the renderer
// ships no luxon; a user must not be able to tell: every text must equal what luxon computes (./support/luxon-format,
// the formats as they were written on luxon) over zones, DST changes and locales.
import { describe, expect, it } from 'vitest';
import * as shared from '../../electron/shared/format';
import { formatDate, formatTime } from '../../electron/shared/day-word';
import { HOUR_MS } from '../../electron/shared/time';
import * as luxon from './support/luxon-format';

const ZONES = ['Europe/Berlin', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
const LOCALES = ['en-GB', 'en-US', 'ja-JP'];

// Around both 2026 DST changes in Europe and the US, and a southern-hemisphere one, at odd hours and at midnights.
const ANCHORS = [
  '2026-03-08T06:30:00Z',
  '2026-03-29T00:00:00Z',
  '2026-04-05T15:00:00Z',
  '2026-10-25T00:59:59.500Z',
  '2026-11-01T05:00:00Z',
  '2026-12-31T23:00:00Z',
];
const INSTANTS = ANCHORS.flatMap((a) => [-26, -3, 0, 2, 23, 49, 170].map((h) => Date.parse(a) + h * HOUR_MS));

describe('the Intl formats read exactly like luxon', () => {
  for (const localZone of ZONES.filter((z) => z !== 'Europe/Paris')) {
    it(`matches for a user in ${localZone}`, () => {
      let compared = 0;
      for (const scheduleZone of [undefined, ...ZONES]) {
        for (const locale of LOCALES) {
          for (const [i, start] of INSTANTS.entries()) {
            const nowMs = INSTANTS[(i * 7) % INSTANTS.length] ?? start;
            const end = start + [1, 8, 24, 25, 72][i % 5]! * HOUR_MS;
            const opts = { localZone, scheduleZone, locale, nowMs };
            expect(formatTime(start, opts)).toBe(luxon.formatTime(start, opts));
            expect(shared.formatDayTime(start, opts)).toBe(luxon.formatDayTime(start, opts));
            expect(shared.formatWindow(start, end, opts)).toBe(luxon.formatWindow(start, end, opts));
            expect(formatDate(start, opts)).toBe(luxon.formatDate(start, opts));
            compared += 4;
          }
        }
      }
      expect(compared).toBeGreaterThan(700);
    });
  }

  it(`matches for a user in the system zone (${Intl.DateTimeFormat().resolvedOptions().timeZone})`, () => {
    for (const scheduleZone of [undefined, ...ZONES]) {
      for (const [i, start] of INSTANTS.entries()) {
        const opts = { scheduleZone, locale: 'en-GB', nowMs: INSTANTS[(i * 3) % INSTANTS.length] ?? start };
        expect(shared.formatWindow(start, start + 9 * HOUR_MS, opts)).toBe(
          luxon.formatWindow(start, start + 9 * HOUR_MS, opts),
        );
        expect(shared.formatDayTime(start, opts)).toBe(luxon.formatDayTime(start, opts));
      }
    }
  });

  it('treats a window ending at local midnight as the same day', () => {
    const opts = { localZone: 'Europe/Berlin', locale: 'en-GB', nowMs: Date.parse('2026-05-04T06:00:00Z') };
    const text = shared.formatWindow('2026-05-04T07:00:00Z', '2026-05-04T22:00:00Z', opts);
    expect(text).toBe('09:00–00:00');
    expect(text).toBe(luxon.formatWindow('2026-05-04T07:00:00Z', '2026-05-04T22:00:00Z', opts));
  });

  it('adds the schedule zone only when its offset differs, and ignores an unknown zone like luxon does', () => {
    const opts = { localZone: 'Europe/Berlin', locale: 'en-GB' };
    expect(formatTime('2026-05-04T07:00:00Z', { ...opts, scheduleZone: 'Europe/Paris' })).toBe('09:00');
    expect(formatTime('2026-05-04T07:00:00Z', { ...opts, scheduleZone: 'America/New_York' })).toBe(
      '09:00 (03:00 New York)',
    );
    const bogus = { ...opts, scheduleZone: 'Mars/Olympus' };
    expect(formatTime('2026-05-04T07:00:00Z', bogus)).toBe(luxon.formatTime('2026-05-04T07:00:00Z', bogus));
  });
});
