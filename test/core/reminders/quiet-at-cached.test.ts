// quietHoursAt finds its stretch among cached ones (by zone, quiet hours and local date) instead of asking luxon for
// the zone of every instant (the quiet property spent a sixth of its time there). Judged against the plain way
// (written out here: the local date of the instant, the stretches beginning that day and the day before) over
// generated instants, quiet hours and zones, DST changes included.
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { quietHoursAt } from '../../../electron/core/reminders/quiet';
import type { QuietHours } from '../../../electron/shared/settings';

function plain(ms: number, quiet: QuietHours, zone: string): { startMs: number; endMs: number } | undefined {
  if (!quiet.enabled || quiet.start === quiet.end) return undefined;
  const at = (day: DateTime, clock: string) => {
    const [h, m] = clock.split(':').map(Number);
    return day.set({ hour: h ?? 0, minute: m ?? 0, second: 0, millisecond: 0 });
  };
  const day = DateTime.fromMillis(ms, { zone }).startOf('day');
  for (const d of [day.minus({ days: 1 }), day]) {
    if (quiet.days.length > 0 && !quiet.days.includes(d.weekday)) continue;
    const start = at(d, quiet.start);
    let end = at(d, quiet.end);
    if (end <= start) end = at(d.plus({ days: 1 }), quiet.end);
    if (start.toMillis() <= ms && ms < end.toMillis()) return { startMs: start.toMillis(), endMs: end.toMillis() };
  }
  return undefined;
}

const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const quietArb: fc.Arbitrary<QuietHours> = fc.record({
  enabled: fc.boolean(),
  start: clock,
  end: clock,
  days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 6 }),
});
const zoneArb = fc.constantFrom('Europe/Berlin', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC');
// Around the 2026 DST changes of Europe and the US, and anywhere in the year.
const instant = fc.oneof(
  fc.integer({ min: Date.parse('2026-03-06T00:00:00Z'), max: Date.parse('2026-04-01T00:00:00Z') }),
  fc.integer({ min: Date.parse('2026-10-23T00:00:00Z'), max: Date.parse('2026-11-03T00:00:00Z') }),
  fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') }),
);

describe('quietHoursAt, from cached stretches', () => {
  it('finds the same stretch as the plain way, asked again and again', () => {
    fc.assert(
      fc.property(instant, quietArb, zoneArb, (ms, quiet, zone) => {
        const want = plain(ms, quiet, zone);
        expect(quietHoursAt(ms, quiet, zone)).toEqual(want);
        expect(quietHoursAt(ms, quiet, zone)).toEqual(want);
      }),
      { seed: 52, numRuns: Number(process.env['FC_RUNS'] ?? 500) },
    );
  });
});
