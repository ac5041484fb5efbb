import { describe, expect, it } from 'vitest';
import {
  PLANNED,
  lateEndNotification,
  savedDataPrefix,
  sinceNotification,
  startNotification,
  upcomingNotification,
  type ShiftRef,
} from '../../../electron/core/reminders/messages';
import { correctionNotification } from '../../../electron/core/reminders/correction-words';
import { changeNotification } from '../../../electron/core/reminders/notice-messages';
import type { Basis } from '../../../electron/shared/basis';

const ZONE = 'Europe/Berlin';
const at = (iso: string) => Date.parse(iso);

function ref(startIso: string, endIso: string): ShiftRef {
  return {
    group: `shift:sch_p:${startIso}`,
    scheduleId: 'sch_p',
    scheduleName: 'Platform primary',
    scheduleZone: ZONE,
    startMs: at(startIso),
    endMs: at(endIso),
    startSeen: true,
    others: [],
    nextNames: [],
  };
}

const opts = { localZone: ZONE };
// Mon 2 Mar 2026 08:00Z is 09:00 in Berlin.
const day = ref('2026-03-02T08:00:00Z', '2026-03-02T16:00:00Z');
const week = ref('2026-03-02T08:00:00Z', '2026-03-09T08:00:00Z');

describe('reminder wording for shift ends', () => {
  it('"On call now" gives the clock time for a shift ending today, the day for one ending days away', () => {
    expect(startNotification('a', day, opts).body).toBe('Platform primary until 17:00');
    expect(startNotification('a', ref('2026-03-02T08:00:00Z', '2026-03-04T08:00:00Z'), opts).body).toBe(
      'Platform primary until Wed 09:00',
    );
    expect(startNotification('a', week, opts).body).toBe('Platform primary until 9 Mar, 09:00');
  });

  it('"since" names the day of each end that is not on the day it is shown', () => {
    const sameDay = sinceNotification('s', day, opts, at('2026-03-02T10:00:00Z'), PLANNED).body;
    expect(sameDay).toBe('You have been on call for Platform primary since 09:00 (until 17:00).');
    const nextDay = sinceNotification(
      's',
      ref('2026-03-02T08:00:00Z', '2026-03-04T08:00:00Z'),
      opts,
      at('2026-03-03T07:00:00Z'),
      PLANNED,
    ).body;
    expect(nextDay).toBe('You have been on call for Platform primary since 2 Mar, 09:00 (until Wed 09:00).');
    const endsToday = sinceNotification('s', week, opts, at('2026-03-09T06:00:00Z'), PLANNED).body;
    expect(endsToday).toBe('You have been on call for Platform primary since 2 Mar, 09:00 (until 09:00).');
  });

  it('uses the given locale for the times', () => {
    expect(startNotification('a', day, { ...opts, locale: 'en-US' }).body).toBe('Platform primary until 05:00 PM');
  });
});

describe('what a reminder rests on, worded from its basis', () => {
  const now = at('2026-03-02T10:00:00Z');
  const saved: Basis = { kind: 'saved', savedAt: '2026-03-02T07:55:00Z' };
  const undated: Basis = { kind: 'saved', savedAt: null };
  const hole: Basis = { kind: 'unknown', why: 'hole' };

  it('fresh says nothing extra; saved names when it was read (or that it is saved); unknown says why', () => {
    expect(savedDataPrefix(PLANNED, now, opts)).toBe('');
    expect(savedDataPrefix(saved, now, opts)).toBe('According to saved data from 08:55, ');
    expect(savedDataPrefix(undated, now, opts)).toBe('According to saved data, ');
    expect(savedDataPrefix(hole, now, opts)).toBe(
      "Unknown now (shifts the service sent couldn't be read); as last read, ",
    );
  });

  it('a caught-up "On call in 2 h" and a late end say their basis, and start their sentence in the right case', () => {
    const later = ref('2026-03-02T12:00:00Z', '2026-03-02T16:00:00Z');
    expect(upcomingNotification('u', later, now, opts, PLANNED).body).toBe('Platform primary 13:00–17:00');
    expect(upcomingNotification('u', later, now, opts, saved).body).toBe(
      'According to saved data from 08:55, you are on call: Platform primary 13:00–17:00.',
    );
    const end = at('2026-03-02T16:30:00Z');
    expect(lateEndNotification('e', day, opts, end, PLANNED).body).toBe(
      'Your Platform primary shift 09:00–17:00 ended at 17:00.',
    );
    expect(lateEndNotification('e', day, opts, end, hole).body).toBe(
      "Unknown now (shifts the service sent couldn't be read); as last read, your Platform primary shift 09:00–17:00 ended at 17:00.",
    );
  });
});

describe('a shift whose end no read covers, in every notice that names its end', () => {
  const open: ShiftRef = { ...day, endUnknown: true };
  const noon = at('2026-03-02T11:00:00Z');
  it('"On call now" and a change notice say "until at least 17:00, then unknown", never a plain "until 17:00"', () => {
    expect(startNotification('a', open, opts).body).toBe('Platform primary until at least 17:00, then unknown');
    const added = changeNotification('c', { before: [], after: [open], coverers: [] }, noon, opts).body;
    expect(added).toContain('on call now until at least 17:00, then unknown');
    expect(added).not.toMatch(/until 17:00/);
  });
});

describe('a correction for time I handed off, of a block whose end no read covers', () => {
  it('ends the lost time where my later block starts (the new data covers that), and only my later block says "then unknown"', () => {
    const open: ShiftRef = { ...ref('2026-03-02T08:00:00Z', '2026-03-02T16:00:00Z'), endUnknown: true };
    const later: ShiftRef = { ...ref('2026-03-02T11:00:00Z', '2026-03-02T16:00:00Z'), endUnknown: true };
    const now = at('2026-03-02T06:00:00Z');
    const c = correctionNotification('c', open, later.startMs, ['Bob'], later, now, opts);
    expect(c.body).toBe(
      'Bob covers Platform primary 09:00–12:00 instead of you. You are on call from 12:00 until at least 17:00, then unknown.',
    );
  });

  it('still says "then unknown" when all of the block was handed off', () => {
    const open: ShiftRef = { ...ref('2026-03-02T08:00:00Z', '2026-03-02T16:00:00Z'), endUnknown: true };
    const c = correctionNotification('c', open, open.endMs, ['Bob'], undefined, at('2026-03-02T06:00:00Z'), opts);
    expect(c.body).toBe('Bob covers Platform primary 09:00 until at least 17:00, then unknown instead of you.');
  });
});
