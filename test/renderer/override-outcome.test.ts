import { describe, expect, it } from 'vitest';
import { fieldsFromProblems, recheckHint } from '../../renderer/src/lib/override-outcome';
import { ada, bob, schedule } from './support/state';

describe('server problems', () => {
  it('puts the engine problems next to the matching fields; emails.N is the N-th person sent', () => {
    expect(
      fieldsFromProblems(
        [
          { field: 'window.end', message: 'the window is already over' },
          { field: 'emails.1', message: 'unknown' },
          { field: 'emails', message: 'enter who covers' },
        ],
        ['bob@example.com', 'Nobody@example.com'],
      ),
    ).toEqual({
      customEnd: 'the window is already over',
      'person:nobody@example.com': 'unknown',
      who: 'enter who covers',
    });
  });
});

describe('re-checking an outcome-unknown override after a refresh', () => {
  const s = schedule({
    now: { users: [bob], start: '2026-03-28T10:00:00Z', end: '2026-03-28T12:00:00Z' },
    next: { users: [ada], start: '2026-03-28T12:00:00Z', end: '2026-03-28T18:00:00Z' },
  });
  it('sees the covering person on call for the window, or not, or cannot tell', () => {
    expect(recheckHint(s, '2026-03-28T10:00:00Z', '2026-03-28T12:00:00Z', ['BOB@example.com'])).toBe('seen');
    expect(recheckHint(s, '2026-03-28T11:00:00Z', '2026-03-28T13:00:00Z', ['bob@example.com'])).toBe('not_seen');
    expect(recheckHint(s, '2026-03-30T10:00:00Z', '2026-03-30T12:00:00Z', ['bob@example.com'])).toBe('cannot_tell');
  });
});
