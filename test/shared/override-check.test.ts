// The quick override form's checks, as main makes them for override:check (moved from the renderer, issue 49): the
// window a preset means, the custom window read in the form's zone, who covers, and the problem per field.
import { describe, expect, it } from 'vitest';
import { checkOverride, overrideCheck } from '../../electron/shared/override-check';
import type { OverrideFormValues } from '../../electron/shared/override-check-schema';
import { ada, appState, cy, schedule } from '../renderer/support/state';

const ctx = { myEmail: 'bob@example.com', nowMs: Date.parse('2026-03-28T10:07:00Z'), localZone: 'Europe/Berlin' };
const base: OverrideFormValues = {
  scheduleId: 'sch_platform',
  preset: 'rest_of_current',
  who: 'me',
  people: [],
  suggested: false,
  query: '',
  takeOverFrom: '',
  startDay: '2026-03-28',
  startTime: '12:00',
  length: '120',
  endDay: '2026-03-28',
  endTime: '14:00',
};

describe('the quick override window', () => {
  it('maps each preset to the window the engine understands, covering me by default', () => {
    expect(checkOverride(base, ctx)).toEqual({
      ok: true,
      request: { scheduleId: 'sch_platform', window: { kind: 'rest_of_current' }, emails: [] },
    });
    const two = checkOverride({ ...base, preset: 'next_2' }, ctx);
    expect(two.ok && two.request.window).toEqual({ kind: 'next_hours', hours: 2 });
  });

  it('sends a custom start (day + typed time) and length in local time as UTC, also across a DST change', () => {
    const winter = checkOverride({ ...base, preset: 'custom' }, ctx);
    expect(winter.ok && winter.request.window).toEqual({
      kind: 'custom',
      start: '2026-03-28T11:00:00.000Z',
      end: '2026-03-28T13:00:00.000Z',
    });
    // Berlin moves to summer time in the night of 29 March: 01:00 is UTC+1, 09:00 is UTC+2.
    const across = checkOverride(
      {
        ...base,
        preset: 'custom',
        startDay: '2026-03-29',
        startTime: '1 am',
        length: 'end',
        endDay: '2026-03-29',
        endTime: '0900',
      },
      ctx,
    );
    expect(across.ok && across.request.window).toEqual({
      kind: 'custom',
      start: '2026-03-29T00:00:00.000Z',
      end: '2026-03-29T07:00:00.000Z',
    });
  });

  it('refuses an end before the start, a window already over, and a missing or unreadable time', () => {
    expect(checkOverride({ ...base, preset: 'custom', length: 'end', endTime: '11:00' }, ctx)).toEqual({
      ok: false,
      errors: { customEnd: 'The end must be after the start.' },
    });
    expect(checkOverride({ ...base, preset: 'custom', startTime: '08:00', length: '60' }, ctx)).toEqual({
      ok: false,
      errors: { customEnd: 'This window is already over.' },
    });
    const blank = checkOverride({ ...base, preset: 'custom', startTime: '' }, ctx);
    expect(blank.ok ? {} : blank.errors).toEqual({ customStart: 'Enter a start time, like 19:15.' });
    for (const length of ['1e20', 'NaN', '-60', 'Infinity'])
      expect(checkOverride({ ...base, preset: 'custom', length }, ctx)).toEqual({
        ok: false,
        errors: { customEnd: 'Choose a length.' },
      });
    const bad = checkOverride({ ...base, preset: 'custom', startTime: '25:99' }, ctx);
    expect(bad.ok ? {} : bad.errors).toEqual({ customStart: 'Enter a time like 19:15 or 7:15 pm.' });
  });
});

describe('who covers', () => {
  it('needs my e-mail to cover it myself', () => {
    const r = checkOverride(base, { ...ctx, myEmail: '' });
    expect(r.ok ? {} : r.errors).toEqual({ who: 'Set your e-mail in Settings to cover it yourself, or name someone.' });
  });

  it('sends the people picked, plus a full e-mail still typed; asks for someone when nobody is picked', () => {
    const ok = checkOverride({ ...base, who: 'others', people: ['ada@example.com'], query: ' cy@example.com ' }, ctx);
    expect(ok.ok && ok.request.emails).toEqual(['ada@example.com', 'cy@example.com']);
    const half = checkOverride({ ...base, who: 'others', people: ['ada@example.com'], query: 'cy' }, ctx);
    expect(half.ok ? {} : half.errors).toEqual({
      picker: 'Pick someone from the list, or type a full e-mail address.',
    });
    const none = checkOverride({ ...base, who: 'others' }, ctx);
    expect(none.ok ? {} : none.errors).toEqual({ picker: 'Choose who covers: type a name or an e-mail.' });
  });

  it('taking over from one of several on call keeps the others, and counts them towards the 4', () => {
    const onCallAtStart = [ada, cy];
    const take = checkOverride({ ...base, takeOverFrom: 'ada@example.com' }, { ...ctx, onCallAtStart });
    expect(take.ok && take.request.emails).toEqual(['bob@example.com', 'cy@example.com']);
    const all = checkOverride({ ...base, takeOverFrom: '' }, { ...ctx, onCallAtStart });
    expect(all.ok && all.request.emails).toEqual([]);
    const many = checkOverride(
      { ...base, who: 'others', people: ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io'], takeOverFrom: 'ada@example.com' },
      { ...ctx, onCallAtStart },
    );
    expect(many.ok ? {} : many.errors).toEqual({ who: 'At most 4 people can be on call in one override.' });
  });
});

describe("override:check, from main's state", () => {
  it("reads me on the schedule's account, who is on call as the window starts, and what the picker ranks for", () => {
    const state = appState({
      schedules: [schedule({ now: { users: [ada, cy], start: '2026-03-28T08:00:00Z', end: '2026-03-28T16:00:00Z' } })],
    });
    const values = { ...base, takeOverFrom: 'ada@example.com' };
    const answer = overrideCheck(state, { values, localZone: 'Europe/Berlin' }, ctx.nowMs);
    expect(answer.onCall).toEqual([ada, cy]);
    expect(answer.candidates).toEqual({ scheduleId: 'sch_platform', window: { kind: 'rest_of_current' } });
    expect(answer.checked.ok && answer.checked.request.emails).toEqual(['bob@example.com', 'cy@example.com']);
    const blank = overrideCheck(state, { values: { ...base, preset: 'custom', startTime: '' } }, ctx.nowMs);
    expect(blank.candidates).toBeNull();
  });
});
