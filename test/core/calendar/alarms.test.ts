// The calendar reminds too: each block carries VALARMs matching its schedule's reminder choices (lead times and at
// start), each with a stable UID, so a phone calendar reminds even when the laptop is closed, and a re-import or
// feed refresh adds no second set. A Settings switch turns them off. Parsed back with ical.js.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { createCalendarPublisher } from '../../../electron/core/calendar/publisher';
import type { ServiceSettings } from '../../../electron/shared/settings';
import { MemoryFileStore } from '../support/memory-file-store';
import { details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const NOW = ms('2026-03-10T12:00:00Z');
const READ = '2026-03-10T11:58:00Z';
const window = {
  shiftsFrom: '2026-03-03T11:00:00Z',
  shiftsTo: '2026-03-25T11:00:00Z',
  detailsFetchedAt: READ,
  shiftsFetchedAt: READ,
};
const platform = scheduleSnap('sch_platform', [shift('2026-03-11T09:00:00Z', '2026-03-12T09:00:00Z', me)], {
  ...window,
  details: details('Platform', 'Etc/UTC', [me]),
});
const data = scheduleSnap('sch_data', [shift('2026-03-13T09:00:00Z', '2026-03-13T17:00:00Z', me)], {
  ...window,
  details: details('Data', 'Etc/UTC', [me]),
});
const snapshot = snapshotOf([platform, data]);

interface Alarm {
  uid: string;
  action: string;
  trigger: string;
  related: string;
  description: string;
}

function alarmsOf(text: string): Map<string, Alarm[]> {
  const cal = ICAL.Component.fromString(text);
  return new Map(
    cal.getAllSubcomponents('vevent').map((e) => [
      String(e.getFirstPropertyValue('summary')),
      e.getAllSubcomponents('valarm').map((a) => {
        const trigger = a.getFirstProperty('trigger');
        return {
          uid: String(a.getFirstPropertyValue('uid')),
          action: String(a.getFirstPropertyValue('action')),
          trigger: String(trigger?.getFirstValue()),
          related: String(trigger?.getParameter('related')),
          description: String(a.getFirstPropertyValue('description')),
        };
      }),
    ]),
  );
}

const settings = (patch: Partial<ServiceSettings> = {}): ServiceSettings =>
  settingsWith({
    schedules: [
      { id: 'sch_platform' },
      {
        id: 'sch_data',
        reminders: { leadTimesMin: [60], atStart: false, atEnd: true, coverageRequests: true, shiftChanges: true },
      },
    ],
    ...patch,
  });

const render = (files: MemoryFileStore, s: ServiceSettings) =>
  createCalendarPublisher(files, 'calendar-export.json').render({
    snapshot,
    settings: s,
    nowMs: NOW,
    localZone: 'Europe/Berlin',
  });

describe('calendar alarms', () => {
  it("follow each schedule's reminders: the default 1 day, 15 min and at start; a schedule's own 1 h only", async () => {
    const alarms = alarmsOf(await render(new MemoryFileStore(), settings()));
    expect(alarms.get('On call: Platform')?.map((a) => [a.action, a.trigger, a.related, a.description])).toEqual([
      ['DISPLAY', '-P1D', 'START', 'On call in 1 d: Platform'],
      ['DISPLAY', '-PT15M', 'START', 'On call in 15 min: Platform'],
      ['DISPLAY', 'PT0S', 'START', 'On call now: Platform'],
    ]);
    expect(alarms.get('On call: Data')?.map((a) => [a.trigger, a.description])).toEqual([
      ['-PT1H', 'On call in 1 h: Data'],
    ]);
  });

  it('are the same on every render (same UIDs, same SEQUENCE), so nothing is added twice', async () => {
    const files = new MemoryFileStore();
    const first = await render(files, settings());
    const second = await render(files, settings());
    expect(second).toBe(first);
    const uids = [...alarmsOf(first).values()].flat().map((a) => a.uid);
    expect(new Set(uids).size).toBe(uids.length);
  });

  it('are left out when switched off in Settings, and switching is an edit of the same events (higher SEQUENCE)', async () => {
    const files = new MemoryFileStore();
    const on = ICAL.Component.fromString(await render(files, settings()));
    const offText = await render(files, settings({ calendarAlarms: false }));
    expect([...alarmsOf(offText).values()].flat()).toEqual([]);
    const off = ICAL.Component.fromString(offText);
    const seq = (c: ICAL.Component) =>
      c
        .getAllSubcomponents('vevent')
        .map((e) => [e.getFirstPropertyValue('uid'), Number(e.getFirstPropertyValue('sequence'))]);
    expect(seq(off).map(([uid]) => uid)).toEqual(seq(on).map(([uid]) => uid));
    // Higher: the seconds since 2026 at the edit, or the last + 1 when that is higher (adv52 r43).
    const clockSeconds = Math.floor((NOW - Date.parse('2026-01-01T00:00:00Z')) / 1000);
    expect(seq(off).map(([, n]) => n)).toEqual(seq(on).map(([, n]) => Math.max(Number(n) + 1, clockSeconds)));
  });
});
