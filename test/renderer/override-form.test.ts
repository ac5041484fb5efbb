import { describe, expect, it } from 'vitest';
import {
  checkOverride,
  emptyEmails,
  fieldsFromProblems,
  initialValues,
  recheckHint,
  type OverrideFormValues,
} from '../../renderer/src/lib/override-form';
import { ada, bob, schedule } from './support/state';

const ctx = { myEmail: 'bob@example.com', nowMs: Date.parse('2026-03-28T10:07:00Z'), localZone: 'Europe/Berlin' };
const base: OverrideFormValues = {
  scheduleId: 'sch_platform', preset: 'rest_of_current', who: 'me', emails: emptyEmails(),
  customStart: '2026-03-28T12:00', customEnd: '2026-03-28T14:00',
};

describe('the quick override window', () => {
  it('maps each preset to the window the engine understands, covering me by default', () => {
    expect(checkOverride(base, ctx)).toEqual({ ok: true, request: { scheduleId: 'sch_platform', window: { kind: 'rest_of_current' }, emails: [] } });
    const two = checkOverride({ ...base, preset: 'next_2' }, ctx);
    expect(two.ok && two.request.window).toEqual({ kind: 'next_hours', hours: 2 });
  });

  it('sends a custom window typed in local time as UTC, also across a DST change', () => {
    const winter = checkOverride({ ...base, preset: 'custom' }, ctx);
    expect(winter.ok && winter.request.window).toEqual({ kind: 'custom', start: '2026-03-28T11:00:00.000Z', end: '2026-03-28T13:00:00.000Z' });
    // Berlin moves to summer time in the night of 29 March: 01:00 is UTC+1, 09:00 is UTC+2.
    const across = checkOverride({ ...base, preset: 'custom', customStart: '2026-03-29T01:00', customEnd: '2026-03-29T09:00' }, ctx);
    expect(across.ok && across.request.window).toEqual({ kind: 'custom', start: '2026-03-29T00:00:00.000Z', end: '2026-03-29T07:00:00.000Z' });
  });

  it('refuses an end before the start, a window already over, and missing times', () => {
    expect(checkOverride({ ...base, preset: 'custom', customEnd: '2026-03-28T11:00' }, ctx)).toEqual({ ok: false, errors: { customEnd: 'The end must be after the start.' } });
    expect(checkOverride({ ...base, preset: 'custom', customStart: '2026-03-28T08:00', customEnd: '2026-03-28T09:00' }, ctx)).toEqual({ ok: false, errors: { customEnd: 'This window is already over.' } });
    const blank = checkOverride({ ...base, preset: 'custom', customStart: '' }, ctx);
    expect(blank.ok ? {} : blank.errors).toEqual({ customStart: 'Enter a start date and time.' });
  });
});

describe('who covers', () => {
  it('needs my e-mail to cover it myself', () => {
    const r = checkOverride(base, { ...ctx, myEmail: '' });
    expect(r.ok ? {} : r.errors).toEqual({ who: 'Set your e-mail in Settings to cover it yourself, or name someone.' });
  });

  it('takes up to four e-mails, skipping blank slots, refusing bad and repeated ones', () => {
    const ok = checkOverride({ ...base, who: 'others', emails: ['ada@example.com', '', ' cy@example.com ', ''] }, ctx);
    expect(ok.ok && ok.request.emails).toEqual(['ada@example.com', 'cy@example.com']);
    const bad = checkOverride({ ...base, who: 'others', emails: ['ada@example.com', 'not-an-email', 'ADA@example.com', ''] }, ctx);
    expect(bad.ok ? {} : bad.errors).toEqual({ 'emails.1': 'This is not an e-mail address.', 'emails.2': 'Already listed.' });
    const none = checkOverride({ ...base, who: 'others' }, ctx);
    expect(none.ok ? {} : none.errors).toEqual({ 'emails.0': 'Enter at least one e-mail.' });
  });
});

describe('prefill and server problems', () => {
  it('opens "Cover this" as a custom window in local time, for me, even on an unwatched schedule', () => {
    const v = initialValues([schedule()], { scheduleId: 'sch_other', start: '2026-03-30T06:00:00Z', end: '2026-03-30T14:00:00Z', who: 'me' }, ctx);
    expect(v).toMatchObject({ scheduleId: 'sch_other', preset: 'custom', customStart: '2026-03-30T08:00', customEnd: '2026-03-30T16:00', who: 'me' });
  });

  it('defaults to the first schedule, the rest of the current shift, and a custom hour from the next quarter', () => {
    expect(initialValues([schedule()], {}, ctx)).toMatchObject({ scheduleId: 'sch_platform', preset: 'rest_of_current', customStart: '2026-03-28T11:15', customEnd: '2026-03-28T12:15' });
  });

  it('puts the engine problems next to the matching fields', () => {
    expect(fieldsFromProblems([{ field: 'window.end', message: 'the window is already over' }, { field: 'emails.1', message: 'unknown' }, { field: 'emails', message: 'enter who covers' }]))
      .toEqual({ customEnd: 'the window is already over', 'emails.1': 'unknown', who: 'enter who covers' });
  });
});

describe('re-checking an outcome-unknown override after a refresh', () => {
  const s = schedule({ now: { users: [bob], start: '2026-03-28T10:00:00Z', end: '2026-03-28T12:00:00Z' }, next: { users: [ada], start: '2026-03-28T12:00:00Z', end: '2026-03-28T18:00:00Z' } });
  it('sees the covering person on call for the window, or not, or cannot tell', () => {
    expect(recheckHint(s, '2026-03-28T10:00:00Z', '2026-03-28T12:00:00Z', ['BOB@example.com'])).toBe('seen');
    expect(recheckHint(s, '2026-03-28T11:00:00Z', '2026-03-28T13:00:00Z', ['bob@example.com'])).toBe('not_seen');
    expect(recheckHint(s, '2026-03-30T10:00:00Z', '2026-03-30T12:00:00Z', ['bob@example.com'])).toBe('cannot_tell');
  });
});
