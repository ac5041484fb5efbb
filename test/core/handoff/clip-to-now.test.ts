// Issue 48, adversarial round 6 (minor): a 1-minute block at its own start second (all of it ahead) or half-way
// through was refused "This shift is over." The window a write sends from now: over only once its end has passed;
// a whole block still ahead goes as it is.
import { describe, expect, it } from 'vitest';
import { clipToNow } from '../../../electron/core/handoff/write-one';
import { AccountIdSchema } from '../../../electron/shared/account-settings';
import type { HandoffItem } from '../../../electron/shared/handoff';

const START = Date.parse('2026-03-03T10:00:00Z');
const item: HandoffItem = {
  id: `sch_solo|${new Date(START).toISOString()}`,
  scheduleId: 'sch_solo',
  accountId: AccountIdSchema.parse('main'),
  scheduleName: 'Solo',
  timeZone: 'Europe/Berlin',
  start: new Date(START).toISOString(),
  end: new Date(START + 60_000).toISOString(),
  email: 'bob@example.com',
  name: 'Bob',
  others: [],
  state: 'pending',
  message: '',
};

describe('clipToNow: a 1-minute block', () => {
  it('at its own start second: all of it ahead, sent whole', () => {
    expect(clipToNow(item, START)).toEqual(item);
  });
  it('a moment before it: sent whole', () => {
    expect(clipToNow(item, START - 1)).toEqual(item);
  });
  it('half-way through: never "over" while part of it is ahead', () => {
    const half = clipToNow(item, START + 30_000);
    expect('message' in half ? half.message : '').toMatch(/^Less than a minute of this shift is left/);
  });
  it('at its end: over', () => {
    expect(clipToNow(item, START + 60_000)).toEqual({ state: 'not_sent', message: 'This shift is over.' });
  });
});
