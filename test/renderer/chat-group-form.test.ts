import { describe, expect, it } from 'vitest';
import { chatGroupCounters, checkChatGroup, valuesFor } from '../../renderer/src/lib/chat-group-form';
import { schedule } from './support/state';

describe('chat user group', () => {
  it('starts from the group last attached from this app', () => {
    const s = schedule({ chatUserGroup: { id: 'S1', name: 'Platform on-call', handle: 'platform-oncall' } });
    expect(valuesFor(s)).toEqual({
      scheduleId: 'sch_platform',
      name: 'Platform on-call',
      handle: 'platform-oncall',
      description: '',
    });
    expect(valuesFor(schedule())).toMatchObject({ name: '', handle: '' });
  });

  it('checks name and handle 1–60 and description ≤ 140 before sending', () => {
    const v = { scheduleId: 'sch_platform', name: '', handle: 'h'.repeat(61), description: 'd'.repeat(141) };
    expect(checkChatGroup(v)).toEqual({
      ok: false,
      errors: {
        name: 'Name must not be empty.',
        handle: 'Handle must be at most 60 characters.',
        description: 'Description must be at most 140 characters.',
      },
    });
    expect(chatGroupCounters(v).description).toMatchObject({ text: '141/140', over: true });
  });

  it('leaves an empty description out of the request', () => {
    expect(checkChatGroup({ scheduleId: 'sch_platform', name: 'On call', handle: 'oncall', description: '' })).toEqual({
      ok: true,
      request: { scheduleId: 'sch_platform', name: 'On call', handle: 'oncall' },
    });
  });
});
