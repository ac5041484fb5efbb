// "Check again" after an outcome-unknown override (core/actions/override-recheck.ts): whether the refreshed
// schedule's now/next shifts show the covering people for the window, and what the form then says.
import { describe, expect, it } from 'vitest';
import { recheckHint, recheckOf } from '../../../electron/core/actions/override-recheck';
import { ada, bob, schedule } from '../../renderer/support/state';

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

  it('answers the schedule named by the request, with what the hint means for sending it again', () => {
    const window = { start: '2026-03-28T11:00:00Z', end: '2026-03-28T13:00:00Z', covering: ['bob@example.com'] };
    expect(recheckOf([s], { scheduleId: s.id, ...window })).toEqual({
      state: 'not_seen',
      text: 'The refreshed schedule does not show the change: it was most likely not saved. You can send it again.',
    });
    // A schedule no longer in the state: nothing to look at, never "not saved".
    expect(recheckOf([s], { scheduleId: 'sch_gone', ...window })).toEqual({
      state: 'cannot_tell',
      text: 'The schedule cannot tell from here. Check it on the service before creating it again.',
    });
  });
});
