import { describe, expect, it } from 'vitest';
import { sinceNotification, startNotification, type ShiftRef } from '../../../electron/core/reminders/messages';

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
    const sameDay = sinceNotification('s', day, opts, at('2026-03-02T10:00:00Z')).body;
    expect(sameDay).toBe('You have been on call for Platform primary since 09:00 (until 17:00).');
    const nextDay = sinceNotification(
      's',
      ref('2026-03-02T08:00:00Z', '2026-03-04T08:00:00Z'),
      opts,
      at('2026-03-03T07:00:00Z'),
    ).body;
    expect(nextDay).toBe('You have been on call for Platform primary since Mon 09:00 (until Wed 09:00).');
    const endsToday = sinceNotification('s', week, opts, at('2026-03-09T06:00:00Z')).body;
    expect(endsToday).toBe('You have been on call for Platform primary since 2 Mar, 09:00 (until 09:00).');
  });

  it('uses the given locale for the times', () => {
    expect(startNotification('a', day, { ...opts, locale: 'en-US' }).body).toBe('Platform primary until 05:00 PM');
  });
});
