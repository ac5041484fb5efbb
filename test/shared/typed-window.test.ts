// The override form's typed window as main reads it (shared/typed-window.ts, moved from the renderer, issue 49): a time
// typed on either clock, and a wall time in a zone as its instant.
import { describe, expect, it } from 'vitest';
import { fromLocalInput, parseClock } from '../../electron/shared/typed-window';

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('typed times', () => {
  it('reads times on either clock and refuses what is not a time', () => {
    expect(['19:15', '19.15', '1915', '7:15 pm', '7:15PM', '07:15 p.m.'].map(parseClock)).toEqual(
      Array(6).fill('19:15'),
    );
    expect(['9', '915', '12 am', '12pm'].map(parseClock)).toEqual(['09:00', '09:15', '00:00', '12:00']);
    expect(['25:00', '19:60', '13 pm', 'noon', ''].map(parseClock)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('datetime-local values in a zone', () => {
  it("reads wall times as that zone's instants", () => {
    expect(iso(fromLocalInput('2026-01-15T09:30', 'Europe/Berlin'))).toBe('2026-01-15T08:30:00.000Z');
    expect(iso(fromLocalInput('2026-07-15T09:30', 'America/New_York'))).toBe('2026-07-15T13:30:00.000Z');
  });

  it('moves a time skipped by the spring-forward jump forward, like the service does', () => {
    // Berlin skips 02:00–03:00 on 29 March 2026: 02:30 does not exist and reads as 03:30 summer time.
    expect(iso(fromLocalInput('2026-03-29T02:30', 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-02-01', 'tomorrow 10:00'])
      expect(fromLocalInput(bad, 'Europe/Berlin')).toBeUndefined();
  });
});
