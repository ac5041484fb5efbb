// Issue 47 (adv47 r6 #2's shape, on `status --ack`): the answer named a start by its time alone, so acknowledging at
// 08:30 the alarm of yesterday's 09:00 start said "(09:00)", a time half an hour ahead. Each start is worded as every
// surface words an instant (shared/format formatDayTime): the day where it isn't today. Failed before: "(09:00)".
// adv47 r10 #3: it named no schedule ("(Work, 09:00; Acme, 10:56)": two schedules of one account starting together
// read the same) and dropped the schedule's own time where its zone differs, which the alarm's notification, window
// and phone give, and the tray's alarm line with it (one wording: alarmStartWords).
import { describe, expect, it } from 'vitest';
import { ackAnswer } from '../../../electron/core/alarm/cli-ack';
import { alarmLine } from '../../../electron/shared/alarm-text';

const ZONE = 'Europe/Berlin';
const nowMs = Date.parse('2026-03-04T07:30:00Z'); // Wed 08:30 Berlin
const ops = (startMs: number) => ({ scheduleName: 'Ops', start: startMs });

describe('`status --ack` words each start with its day where it is not today', () => {
  it("yesterday's 09:00 start is '3 Mar, 09:00'; today's is '08:00'", () => {
    expect(ackAnswer([ops(Date.parse('2026-03-03T08:00:00Z'))], nowMs, ZONE)).toBe(
      'Acknowledged the shift-start alarm (Ops, 3 Mar, 09:00) at 08:30.',
    );
    expect(ackAnswer([ops(Date.parse('2026-03-04T07:00:00Z'))], nowMs, ZONE)).toBe(
      'Acknowledged the shift-start alarm (Ops, 08:00) at 08:30.',
    );
  });
});

describe("an alarm's start names its schedule and gives the schedule's own time, in --ack and on the tray alike", () => {
  const at = Date.parse('2026-03-06T14:04:00Z'); // Fri 15:04 Berlin
  const acme = {
    accountName: 'Acme',
    scheduleName: 'Platform primary',
    start: '2026-03-06T14:00:00.000Z',
    scheduleZone: 'America/New_York',
  };
  it('says "(Work · Platform primary, 09:00; Acme · Platform primary, 15:00 (09:00 New York))"', () => {
    const work = { accountName: 'Work', scheduleName: 'Platform primary', start: '2026-03-06T08:00:00.000Z' };
    expect(ackAnswer([{ ...work, scheduleZone: ZONE }, acme], at, ZONE)).toBe(
      'Acknowledged the shift-start alarm (Work · Platform primary, 09:00; Acme · Platform primary, 15:00 (09:00 New York)) at 15:04.',
    );
  });
  it('the tray\'s line: "Shift-start alarm (Acme · Platform primary, 15:00 (09:00 New York)): not acknowledged"', () => {
    const status = { ...acme, key: 'k', ringing: true, ackedAt: null, ackSource: null };
    expect(alarmLine(status, { nowMs: at, localZone: ZONE })).toBe(
      'Shift-start alarm (Acme · Platform primary, 15:00 (09:00 New York)): not acknowledged',
    );
  });
});
