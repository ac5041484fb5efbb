// Issue 47 (adv47 r6 #2's shape, on `status --ack`): the answer named a start by its time alone, so acknowledging at
// 08:30 the alarm of yesterday's 09:00 start said "(09:00)", a time half an hour ahead. Each start is worded as every
// surface words an instant (shared/format formatDayTime): the day where it isn't today. Failed before: "(09:00)".
import { describe, expect, it } from 'vitest';
import { ackAnswer } from '../../../electron/core/alarm/cli-ack';

const ZONE = 'Europe/Berlin';
const nowMs = Date.parse('2026-03-04T07:30:00Z'); // Wed 08:30 Berlin

describe('`status --ack` words each start with its day where it is not today', () => {
  it("yesterday's 09:00 start is 'Tue 09:00'; today's is '08:00'", () => {
    expect(ackAnswer([Date.parse('2026-03-03T08:00:00Z')], nowMs, ZONE)).toBe(
      'Acknowledged the shift-start alarm (Tue 09:00) at 08:30.',
    );
    expect(ackAnswer([Date.parse('2026-03-04T07:00:00Z')], nowMs, ZONE)).toBe(
      'Acknowledged the shift-start alarm (08:00) at 08:30.',
    );
  });
});
