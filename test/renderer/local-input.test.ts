import { describe, expect, it } from 'vitest';
import { toLocalInput } from '../../renderer/src/lib/local-input';

// The way back (a typed wall time → its instant) is main's: test/shared/typed-window.test.ts.
describe('datetime-local values in a zone', () => {
  it('writes an instant as that zone shows it', () => {
    expect(toLocalInput(Date.parse('2026-07-15T13:30:00Z'), 'America/New_York')).toBe('2026-07-15T09:30');
    expect(toLocalInput(Date.parse('2026-01-15T08:30:00Z'), 'Europe/Berlin')).toBe('2026-01-15T09:30');
  });
});
