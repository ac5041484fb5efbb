import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from '../../renderer/src/lib/local-input';

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('datetime-local values in a zone', () => {
  it("reads wall times as that zone's instants and writes them back", () => {
    expect(iso(fromLocalInput('2026-01-15T09:30', 'Europe/Berlin'))).toBe('2026-01-15T08:30:00.000Z');
    expect(iso(fromLocalInput('2026-07-15T09:30', 'America/New_York'))).toBe('2026-07-15T13:30:00.000Z');
    expect(toLocalInput(Date.parse('2026-07-15T13:30:00Z'), 'America/New_York')).toBe('2026-07-15T09:30');
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
