// The rule quiet time keeps (shared/start-reminders), on its own: which of a shift's reminders speak while quiet,
// and the words that promise them.
import { describe, expect, it } from 'vitest';
import {
  speaksWhileQuiet,
  startRemindersOf,
  stillComing,
  stillComingText,
} from '../../electron/shared/start-reminders';
import { MIN } from '../support/time';

const START = Date.parse('2026-03-11T02:00:00Z'); // Wed 03:00 Berlin
const QUIET_END = Date.parse('2026-03-11T06:00:00Z'); // 07:00
const QUIET_START = Date.parse('2026-03-10T21:00:00Z'); // Tue 22:00
const opts = { localZone: 'Europe/Berlin' };

describe('start reminders while quiet', () => {
  it('the last lead speaks when "at the start" is off and quiet time lasts past the start', () => {
    const [early, last] = startRemindersOf(START, { leadTimesMin: [120, 240], atStart: false });
    expect(early && speaksWhileQuiet(early, early.atMs, QUIET_END)).toBe(false);
    expect(last && speaksWhileQuiet(last, last.atMs, QUIET_END)).toBe(true);
    // Quiet time that ends before the start: the summary tells it in time, so it waits.
    expect(last && speaksWhileQuiet(last, last.atMs, START - 30 * MIN)).toBe(false);
  });

  it('with "at the start" on, a lead speaks only within the hour of the start', () => {
    const items = startRemindersOf(START, { leadTimesMin: [120, 15], atStart: true });
    expect(items.map((r) => [r.kind, r.leadMin, speaksWhileQuiet(r, r.atMs, QUIET_END)])).toEqual([
      ['lead', 120, false],
      ['lead', 15, true],
      ['start', 0, true],
    ]);
  });

  it('says what still comes, in the plan’s words', () => {
    const say = (leadTimesMin: number[], atStart: boolean) =>
      stillComingText(stillComing(START, { leadTimesMin, atStart }, QUIET_START, QUIET_END), START, opts);
    expect(say([120], false)).toBe('the 01:00 reminder still comes');
    expect(say([1440, 15], true)).toBe('the 02:45 reminder and “On call now” still come');
    expect(say([45, 30], true)).toBe('the 02:15 and 02:30 reminders and “On call now” still come');
    expect(say([300], false)).toBe(undefined); // at 22:00 itself: it is the heads-up's own moment, nothing after it
    expect(say([270], false)).toBe('the 10 Mar, 22:30 reminder still comes');
  });
});
