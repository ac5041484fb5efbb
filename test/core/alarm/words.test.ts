// The alarm's words: the schedule, the shift in local time with the schedule's zone where it differs, who hands
// over; "since 22:00" when it rings late; "at 22:00" when it rings five minutes before. Always loud (alarm: true).
import { describe, expect, it } from 'vitest';
import { alarmNotification, phoneWords } from '../../../electron/core/alarm/words';
import type { AlarmTarget } from '../../../electron/core/alarm/types';
import { alarmLine } from '../../../electron/shared/alarm-text';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const START = Date.parse('2026-03-10T21:00:00Z');
const t: AlarmTarget = {
  key: 'alarm:https://oncall.example.com:sch_ops:2026-03-10T21:00:00Z',
  accountId: MAIN_ACCOUNT_ID,
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
    const n = alarmNotification({ target: t, late: true, again: false }, { ...opts, nowMs: START + 1_800_000 });
    expect(n.title).toMatch(/^On call since 22:00/);
  });

  it('late past midnight: since the start with its day, on the alarm and the tray alike (adv47 round 6, #2)', () => {
    // 01:00 Wed: a bare "since 22:00" would read as tonight's 22:00; the shift line beside it dates it ("10 Mar, 22:00": a past day carries its date, adv49 r19).
    const nowMs = START + 3 * 3_600_000;
    const n = alarmNotification({ target: t, late: true, again: false }, { ...opts, nowMs });
    expect(n.title).toMatch(/^On call since 10 Mar, 22:00/);
    expect(n.body).toContain('10 Mar, 22:00');
    const status = {
      key: 'k',
      scheduleName: 'Ops',
      start: new Date(START).toISOString(),
      ringing: true,
      ackedAt: null,
      ackSource: null,
    };
    expect(alarmLine(status, { ...opts, nowMs })).toBe('Shift-start alarm (Ops, 10 Mar, 22:00): not acknowledged');
    expect(alarmLine(status, { ...opts, nowMs: START + 60_000 })).toBe(
      'Shift-start alarm (Ops, 22:00): not acknowledged',
    );
  });

  it('five minutes before: at when', () => {
    const early = { ...t, atMs: START - 300_000 };
    const n = alarmNotification({ target: early, late: false, again: false }, { ...opts, nowMs: START - 300_000 });
    expect(n.title).toMatch(/^On call at 22:00/);
  });

  it('the phone is told the schedule and the start, and nothing secret', () => {
    const w = phoneWords(t, 3, 'Europe/Berlin', {}, START + 3 * 60_000);
    expect(w.title).toBe('Shift start not acknowledged — Ops primary');
    expect(w.body).toMatch(/started at 22:00/);
    expect(`${w.title}${w.body}`).not.toMatch(/https?:|alarm:/);
  });
});
