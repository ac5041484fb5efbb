import { describe, expect, it } from 'vitest';
import { fieldsFromProblems } from '../../renderer/src/lib/override-outcome';

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
