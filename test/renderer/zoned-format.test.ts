// The renderer formats zone-aware times with Intl instead of luxon (bundle budget); users must not be able to tell:
// every text must equal what electron/shared/format.ts (luxon) prints for the tray and the notifications.
import { describe, expect, it } from 'vitest';
import * as shared from '../../electron/shared/format';
import * as renderer from '../../renderer/src/lib/zoned-format';

const ZONES = ['Europe/Berlin', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
const LOCALES = ['en-GB', 'en-US', 'ja-JP'];
const HOUR_MS = 3_600_000;

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

describe('renderer zoned formatting reads exactly like the shared luxon formatting', () => {
  for (const localZone of ZONES.filter((z) => z !== 'Europe/Paris')) {
    it(`matches for a user in ${localZone}`, () => {
      let compared = 0;
      for (const scheduleZone of [undefined, ...ZONES]) {
        for (const locale of LOCALES) {
          for (const [i, start] of INSTANTS.entries()) {
            const nowMs = INSTANTS[(i * 7) % INSTANTS.length] ?? start;
            const end = start + [1, 8, 24, 25, 72][i % 5]! * HOUR_MS;
            const opts = { localZone, scheduleZone, locale, nowMs };
            expect(renderer.formatTime(start, opts)).toBe(shared.formatTime(start, opts));
            expect(renderer.formatDayTime(start, opts)).toBe(shared.formatDayTime(start, opts));
            expect(renderer.formatWindow(start, end, opts)).toBe(shared.formatWindow(start, end, opts));
            expect(renderer.formatDate(start, opts)).toBe(shared.formatDate(start, opts));
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
        expect(renderer.formatWindow(start, start + 9 * HOUR_MS, opts)).toBe(
          shared.formatWindow(start, start + 9 * HOUR_MS, opts),
        );
        expect(renderer.formatDayTime(start, opts)).toBe(shared.formatDayTime(start, opts));
      }
    }
  });

  it('treats a window ending at local midnight as the same day', () => {
    const opts = { localZone: 'Europe/Berlin', locale: 'en-GB', nowMs: Date.parse('2026-05-04T06:00:00Z') };
    const text = renderer.formatWindow('2026-05-04T07:00:00Z', '2026-05-04T22:00:00Z', opts);
    expect(text).toBe('09:00–00:00');
    expect(text).toBe(shared.formatWindow('2026-05-04T07:00:00Z', '2026-05-04T22:00:00Z', opts));
  });

  it('adds the schedule zone only when its offset differs, and ignores an unknown zone like luxon does', () => {
    const opts = { localZone: 'Europe/Berlin', locale: 'en-GB' };
    expect(renderer.formatTime('2026-05-04T07:00:00Z', { ...opts, scheduleZone: 'Europe/Paris' })).toBe('09:00');
    expect(renderer.formatTime('2026-05-04T07:00:00Z', { ...opts, scheduleZone: 'America/New_York' })).toBe(
      '09:00 (03:00 New York)',
    );
    const bogus = { ...opts, scheduleZone: 'Mars/Olympus' };
    expect(renderer.formatTime('2026-05-04T07:00:00Z', bogus)).toBe(shared.formatTime('2026-05-04T07:00:00Z', bogus));
  });
});
