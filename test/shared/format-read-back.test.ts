// The one formatter's day-and-time words name one instant: read back by an independent parser (luxon and regexps,
// test/core/support/surface-text.ts), "Wed 12:00" is the coming Wednesday, so a past day must carry its date. adv49 r19:
// saved data that ended six days ago read "ends Wed 12:00" on a Tuesday, i.e. tomorrow.
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatDayTime, formatWindow } from '../../electron/shared/format';
import { timeAfter, timeIn } from '../core/support/surface-text';

const FC_RUNS = Number(process.env['FC_RUNS'] ?? 200);
const DAY = 86_400_000;
const MIN = 60_000;
// Zones with DST both ways (north and south, a half-hour one), a fractional offset and none.
const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
// Around the 2026 changes: Europe 29 Mar / 25 Oct, US 8 Mar / 1 Nov, Lord Howe 5 Apr / 4 Oct.
const NOWS = ['2026-03-08T06:00:00Z', '2026-03-29T00:30:00Z', '2026-04-05T12:00:00Z', '2026-10-25T01:00:00Z'];

/** A world: a zone, a now near a clock change, an instant within ±8 days of it (whole minutes, as shown). */
const world = fc.record({
  zone: fc.constantFrom(...ZONES),
  nowMs: fc
    .constantFrom(...NOWS)
    .chain((iso) => fc.integer({ min: -3 * DAY, max: 3 * DAY }).map((d) => Date.parse(iso) + d)),
  offsetMin: fc.integer({ min: (-8 * DAY) / MIN, max: (8 * DAY) / MIN }),
});

/** An hour the clocks repeat is tagged ("02:30 CEST"); the parser reads the wall time only, so its twin (the same
 *  wall time an hour off) will do too. */
const sameOrTwin = (read: number | undefined, ms: number, zone: string): boolean => {
  const wall = (at: number) => DateTime.fromMillis(at, { zone }).toFormat('yyyy-MM-dd HH:mm');
  return read === ms || (read !== undefined && Math.abs(read - ms) <= 60 * MIN && wall(read) === wall(ms));
};

describe('a worded day and time reads back as the instant it names', () => {
  it('any instant within 8 days either side of now, in zones with and without DST', () => {
    fc.assert(
      fc.property(world, ({ zone, nowMs, offsetMin }) => {
        const ms = Math.floor((nowMs + offsetMin * MIN) / MIN) * MIN;
        const text = formatDayTime(ms, { nowMs, localZone: zone });
        expect(sameOrTwin(timeIn(text, nowMs, zone), ms, zone), `${text} at ${new Date(nowMs).toISOString()}`).toBe(
          true,
        );
      }),
      { numRuns: FC_RUNS },
    );
  });

  it("a window's two ends each read back as their instants", () => {
    fc.assert(
      fc.property(world, fc.integer({ min: 30, max: (3 * DAY) / MIN }), ({ zone, nowMs, offsetMin }, lengthMin) => {
        const start = Math.floor((nowMs + offsetMin * MIN) / MIN) * MIN;
        const end = start + lengthMin * MIN;
        const text = formatWindow(start, end, { nowMs, localZone: zone });
        const [from, to] = text.split(/ ?[–] ?/);
        fc.pre(to !== undefined && /,|[A-Z][a-z]{2} /.test(to)); // an end with its own day ("Wed 09:00")
        expect(sameOrTwin(timeIn(from ?? '', nowMs, zone), start, zone), text).toBe(true);
        expect(sameOrTwin(timeIn(to ?? '', nowMs, zone), end, zone), text).toBe(true);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('the saved data that ended six days ago reads as that day, not tomorrow (adv49 r19)', () => {
    const nowMs = Date.parse('2026-03-31T08:00:00Z'); // a Tuesday
    const endMs = Date.parse('2026-03-25T11:00:00Z'); // the Wednesday before: 12:00 in Berlin
    const text = `unknown (saved data ends ${formatDayTime(endMs, { nowMs, localZone: 'Europe/Berlin' })})`;
    expect(timeAfter(text, 'ends', nowMs, 'Europe/Berlin')).toBe(endMs);
    // The reader takes a bare weekday as the coming one, as a user does: it can't make the old wording come true.
    expect(timeAfter('unknown (saved data ends Wed 12:00)', 'ends', nowMs, 'Europe/Berlin')).toBe(
      Date.parse('2026-04-01T10:00:00Z'),
    );
  });
});
