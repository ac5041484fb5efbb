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
    // Past midnight when the end's wall time is not after the start's (never judged by instants: a start in the
    // spring gap moves past its end); a stretch the gap swallows is empty.
    const endDay = quiet.end > quiet.start ? d : d.plus({ days: 1 });
    const endMs = Math.max(start.toMillis(), at(endDay, quiet.end).toMillis());
    if (start.toMillis() <= ms && ms < endMs) return { startMs: start.toMillis(), endMs };
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

// Adversarial round 14 (issue 52), #1: quiet hours 02:30–03:00 in Berlin on the day the clocks go forward (02:30
// doesn't exist): 30 minutes became 23.5 hours, holding every reminder lead and change of that Sunday.
describe('quiet hours whose start falls in the spring gap', () => {
  const quiet: QuietHours = { enabled: true, start: '02:30', end: '03:00', days: [] };
  it('are no quiet time that day, and half an hour the day before', () => {
    expect(quietHoursAt(Date.parse('2026-03-28T01:45:00Z'), quiet, 'Europe/Berlin')).toEqual({
      startMs: Date.parse('2026-03-28T01:30:00Z'),
      endMs: Date.parse('2026-03-28T02:00:00Z'),
    });
    for (const at of ['2026-03-29T01:45:00Z', '2026-03-29T10:00:00Z', '2026-03-29T20:00:00Z'])
      expect(quietHoursAt(Date.parse(at), quiet, 'Europe/Berlin'), at).toBeUndefined();
    // The next night's half hour is quiet again (02:59 CEST).
    expect(quietHoursAt(Date.parse('2026-03-30T00:59:00Z'), quiet, 'Europe/Berlin')?.endMs).toBe(
      Date.parse('2026-03-30T01:00:00Z'),
    );
  });
});
