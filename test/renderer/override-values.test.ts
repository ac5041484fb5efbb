// The form's defaults and prefill; its checks are main's (test/shared/override-check.test.ts).
import { describe, expect, it } from 'vitest';
import { initialValues, whoDefaults } from '../../renderer/src/lib/override-values';
import { ada, bob, cy, schedule } from './support/state';

const ctx = { myEmail: 'bob@example.com', nowMs: Date.parse('2026-03-28T10:07:00Z'), localZone: 'Europe/Berlin' };
describe('who covers', () => {
  it('defaults to someone else when I am on call (the next one on call), else to me taking over from the first of several', () => {
    const mine = schedule({
      now: { users: [bob], start: '2026-03-28T08:00:00Z', end: '2026-03-28T16:00:00Z' },
      next: { users: [ada], start: '2026-03-28T16:00:00Z', end: '2026-03-29T08:00:00Z' },
      meOnCall: true,
    });
    expect(whoDefaults(mine, 'bob@example.com')).toEqual({
      who: 'others',
      people: ['ada@example.com'],
      suggested: true,
      takeOverFrom: '',
    });
    const pair = schedule({ now: { users: [ada, cy], start: '2026-03-28T08:00:00Z', end: '2026-03-28T16:00:00Z' } });
    expect(whoDefaults(pair, 'bob@example.com')).toEqual({
      who: 'me',
      people: [],
      suggested: false,
      takeOverFrom: 'ada@example.com',
    });
    const pairWithMe = schedule({
      now: { users: [bob, cy], start: '2026-03-28T08:00:00Z', end: '2026-03-28T16:00:00Z' },
    });
    expect(whoDefaults(pairWithMe, 'bob@example.com')).toMatchObject({
      who: 'others',
      people: ['ada@example.com'],
      takeOverFrom: 'bob@example.com',
    });
  });
});

describe('prefill', () => {
  it('opens "Cover this" as a custom window in local time, for me, even on an unwatched schedule', () => {
    const v = initialValues(
      [schedule()],
      { scheduleId: 'sch_other', start: '2026-03-30T06:00:00Z', end: '2026-03-30T14:00:00Z', who: 'me' },
      ctx,
    );
    expect(v).toMatchObject({
      scheduleId: 'sch_other',
      preset: 'custom',
      startDay: '2026-03-30',
      startTime: '08:00',
      length: '480',
      who: 'me',
    });
  });

  it('opens a shift of mine from the week for someone else to cover, with nobody chosen yet', () => {
    const v = initialValues(
      [schedule()],
      { scheduleId: 'sch_platform', start: '2026-03-30T06:00:00Z', end: '2026-03-30T14:00:00Z', who: 'others' },
      ctx,
    );
    expect(v).toMatchObject({ preset: 'custom', startTime: '08:00', who: 'others', people: [], suggested: false });
  });

  it('defaults to the first schedule, the rest of the current shift, and a custom hour from the next quarter', () => {
    expect(initialValues([schedule()], {}, ctx)).toMatchObject({
      scheduleId: 'sch_platform',
      preset: 'rest_of_current',
      startDay: '2026-03-28',
      startTime: '11:15',
      length: '60',
    });
  });
});
