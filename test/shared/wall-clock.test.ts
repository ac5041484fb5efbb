// The wall-clock readings are kept between calls (formatToParts is the month harness's hottest call): a kept reading
// must be the one a fresh formatter gives, for any instant and zone, also once the store has been emptied when full
// (60 worlds of up to 100 asks pass its 4,096 readings).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKnownZone, wallParts } from '../../electron/shared/wall-clock';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];

/** The reading computed independently, with a formatter built for this call alone. */
function freshReading(ms: number, zone: string): number[] {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(ms);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });

describe('wall-clock readings', () => {
  it('read again (kept) or after the store was emptied, are what a fresh formatter reads', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(instant, fc.constantFrom(...ZONES)), { minLength: 1, maxLength: 50 }), (asks) => {
        // Twice each: the second answer comes from the store.
        for (const [ms, zone] of [...asks, ...asks]) {
          const w = wallParts(ms, zone);
          expect(w && [w.year, w.month, w.day, w.hour, w.minute, w.second]).toEqual(freshReading(ms, zone));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a kept reading cannot be changed by a caller', () => {
    const first = wallParts(Date.UTC(2026, 2, 29, 0, 30), 'Europe/Berlin');
    expect(first && Object.isFrozen(first)).toBe(true);
    expect(wallParts(Date.UTC(2026, 2, 29, 0, 30), 'Europe/Berlin')?.hour).toBe(1);
    expect(wallParts(Date.UTC(2026, 2, 29, 1, 30), 'Europe/Berlin')?.hour).toBe(3);
  });

  it('zone names: IANA names and aliases are known, anything else is not, asked once or many times', () => {
    for (let i = 0; i < 3; i++) {
      expect(['Europe/Berlin', 'US/Eastern', 'UTC'].map(isKnownZone)).toEqual([true, true, true]);
      expect(['Fantasia/Castle', 'Sport~~blorp', '', 'Europe/Berlin/x'].map(isKnownZone)).toEqual([
        false,
        false,
        false,
        false,
      ]);
    }
  });
});
