// The alarm's words: the schedule, the shift in local time with the schedule's zone where it differs, who hands
// over; "since 22:00" when it rings late; "at 22:00" when it rings five minutes before. Always loud (alarm: true).
import { describe, expect, it } from 'vitest';
import { alarmNotification, phoneWords } from '../../../electron/core/alarm/words';
import type { AlarmTarget } from '../../../electron/core/alarm/types';

const START = Date.parse('2026-03-10T21:00:00Z');
const t: AlarmTarget = {
  key: 'alarm:https://oncall.example.com:sch_ops:2026-03-10T21:00:00Z',
  atMs: START,
  startMs: START,
  endMs: START + 8 * 3_600_000,
  scheduleId: 'sch_ops',
  scheduleName: 'Ops primary',
  scheduleZone: 'America/New_York',
  fromNames: ['Bob Stone'],
};
const opts = { localZone: 'Europe/Berlin' };

describe('alarm words', () => {
  it('at the start: on call now, the shift in both zones, who hands over; loud', () => {
    const n = alarmNotification({ target: t, late: false, again: false }, { ...opts, nowMs: START });
    expect(n.title).toBe('On call now — Ops primary');
    expect(n.body).toBe(
      'Your shift Tue 22:00 – Wed 06:00 (Tue 17:00 – Wed 01:00 New York). Bob Stone hands over to you.',
    );
    expect(n.body).toMatch(/Bob Stone hands over to you\.$/);
    expect(n.alarm).toBe(true);
  });

  it('late (woke after the start): since when', () => {
    const n = alarmNotification({ target: t, late: true, again: false }, { ...opts, nowMs: START + 3_600_000 });
    expect(n.title).toMatch(/^On call since 22:00/);
  });

  it('five minutes before: at when', () => {
    const early = { ...t, atMs: START - 300_000 };
    const n = alarmNotification({ target: early, late: false, again: false }, { ...opts, nowMs: START - 300_000 });
    expect(n.title).toMatch(/^On call at 22:00/);
  });

  it('the phone is told the schedule and the start, and nothing secret', () => {
    const w = phoneWords(t, 3, 'Europe/Berlin');
    expect(w.title).toBe('Shift start not acknowledged — Ops primary');
    expect(w.body).toMatch(/started at 22:00/);
    expect(`${w.title}${w.body}`).not.toMatch(/https?:|alarm:/);
  });
});
