// Issue 47 (fix 47q, item 1): a local time in the hour autumn repeats names two instants, so the one formatter tags
// it with the zone's name there ("02:10 CEST", then "02:10 CET"), and a window's two ends never read the same while
// their instants differ. Spring's skipped hour never appears. Berlin and New York, both changes of 2026; expected
// words written by hand from the calendar. Failed before: "Sun 02:10–02:10".
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../electron/shared/day-word';
import { formatDayTime, formatWindow } from '../../electron/shared/format';
import { HOUR_MS, MINUTE_MS } from '../../electron/shared/time';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
// The instants the clocks change: Berlin 29 Mar and 25 Oct at 01:00 UTC; New York 8 Mar 07:00 and 1 Nov 06:00 UTC.
const BERLIN_BACK = Date.parse('2026-10-25T01:00:00Z');
const NY_BACK = Date.parse('2026-11-01T06:00:00Z');
const BERLIN_FORWARD = Date.parse('2026-03-29T01:00:00Z');
const NY_FORWARD = Date.parse('2026-03-08T07:00:00Z');

describe('the hour autumn repeats', () => {
  it('tags each end of a window across it with its zone name, so the ends read apart (Berlin)', () => {
    const opts = { localZone: BERLIN, nowMs: BERLIN_BACK - 14 * HOUR_MS };
    // 02:10 CEST is 00:10 UTC; 02:10 CET an hour later.
    expect(formatWindow(BERLIN_BACK - 50 * MINUTE_MS, BERLIN_BACK + 10 * MINUTE_MS, opts)).toBe(
      'Sun 02:10 CEST – 02:10 CET',
    );
    expect(formatWindow(BERLIN_BACK - 50 * MINUTE_MS, BERLIN_BACK - 10 * MINUTE_MS, opts)).toBe(
      'Sun 02:10 CEST – 02:50 CEST',
    );
    expect(formatTime(BERLIN_BACK + 10 * MINUTE_MS, opts)).toBe('02:10 CET');
    expect(formatDayTime(BERLIN_BACK + 10 * MINUTE_MS, opts)).toBe('Sun 02:10 CET');
    // Outside the repeated hour nothing changes.
    expect(formatWindow(BERLIN_BACK - 3 * HOUR_MS, BERLIN_BACK - 2 * HOUR_MS, opts)).toBe('Sun 00:00–01:00');
    expect(formatTime(BERLIN_BACK + HOUR_MS, opts)).toBe('03:00');
  });

  it('tags each end in New York too (by offset there: en-GB has no short name for its zone)', () => {
    const opts = { localZone: NEW_YORK, nowMs: NY_BACK - 14 * HOUR_MS };
    expect(formatWindow(NY_BACK - 50 * MINUTE_MS, NY_BACK + 10 * MINUTE_MS, opts)).toBe(
      'Sun 01:10 GMT-4 – 01:10 GMT-5',
    );
    expect(formatWindow(NY_BACK - 50 * MINUTE_MS, NY_BACK + 10 * MINUTE_MS, { ...opts, locale: 'en-US' })).toMatch(
      /^Sun 01:10 AM EDT – 01:10 AM EST$/,
    );
  });

  it("tags the schedule zone's side where the repeat is there, not here", () => {
    const opts = { localZone: 'UTC', scheduleZone: BERLIN, nowMs: BERLIN_BACK - 14 * HOUR_MS };
    expect(formatWindow(BERLIN_BACK - 50 * MINUTE_MS, BERLIN_BACK + 10 * MINUTE_MS, opts)).toBe(
      'Sun 00:10–01:10 (Sun 02:10 CEST – 02:10 CET Berlin)',
    );
  });
});

describe('two ends that differ never read the same', () => {
  it('dates a window a week long whose ends share a weekday (it read "Sun 09:00 – Sun 09:00")', () => {
    const start = Date.parse('2026-11-22T08:00:00Z');
    const opts = { localZone: BERLIN, nowMs: start + 3 * 24 * HOUR_MS };
    expect(formatWindow(start, start + 7 * 24 * HOUR_MS, opts)).toBe('22 Nov, 09:00 – 29 Nov, 09:00');
  });

  it('adds the seconds where only they differ', () => {
    const start = Date.parse('2026-11-22T08:00:00Z');
    const opts = { localZone: BERLIN, nowMs: start };
    expect(formatWindow(start, start + 30_000, opts)).toBe('22 Nov, 09:00:00 – 22 Nov, 09:00:30');
  });
});

describe("spring's skipped hour", () => {
  for (const [zone, change, skipped] of [
    [BERLIN, BERLIN_FORWARD, /\b02:\d\d\b/],
    [NEW_YORK, NY_FORWARD, /\b02:\d\d\b/],
  ] as const)
    it(`never shows a ${zone} time that doesn't exist, minute by minute around the change`, () => {
      for (let ms = change - 2 * HOUR_MS; ms <= change + 2 * HOUR_MS; ms += MINUTE_MS) {
        const opts = { localZone: zone, nowMs: change - 10 * HOUR_MS };
        const texts = [formatTime(ms, opts), formatDayTime(ms, opts), formatWindow(ms, ms + 40 * MINUTE_MS, opts)];
        for (const t of texts) expect(t).not.toMatch(skipped);
      }
    });
});
