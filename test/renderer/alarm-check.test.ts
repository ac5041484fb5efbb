// The alarm window's edge: it reads an alarm only as main sends it, the view with main's words (shared/alarm-words.ts
// shownAlarm); a view without them, or with words of the wrong kind, is not an alarm it can show.
import { describe, expect, it } from 'vitest';
import type { AlarmView } from '../../electron/shared/alarm-view';
import { shownAlarm } from '../../electron/shared/alarm-words';
import { isAlarmView } from '../../renderer/src/lib/alarm-check';

const view: AlarmView = {
  key: 'k',
  accountName: 'Acme',
  scheduleName: 'Platform',
  startUtc: '2026-11-28T21:00:00Z',
  endUtc: '2026-11-29T07:00:00Z',
  scheduleZone: 'Europe/Berlin',
  handoverFrom: [],
  endKnown: true,
  late: false,
  again: false,
  test: false,
  localZone: 'Europe/Berlin',
};

describe("the alarm window's check of what main sends", () => {
  it('reads the view with its words, and nothing without them', () => {
    const shown = shownAlarm(view, Date.parse('2026-11-28T20:00:00Z'));
    expect(isAlarmView(shown)).toBe(true);
    expect(isAlarmView(view)).toBe(false);
    expect(isAlarmView({ ...shown, words: { ...shown.words, handover: 3 } })).toBe(false);
    expect(isAlarmView({ ...shown, words: { ...shown.words, headline: null } })).toBe(false);
  });
});
