// The calendar says only what is known: blocks of a schedule that now answers 404, or that couldn't be refreshed,
// are marked as saved data (with when it was read), and the header's "known until" rests on fresh schedules only.
// Parsed back with ical.js, as a calendar app would read it.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { createCalendarPublisher } from '../../../electron/core/calendar/publisher';
import { MemoryFileStore } from '../support/memory-file-store';
import { alice, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const NOW = ms('2026-03-10T12:00:00Z');
const READ = '2026-03-10T11:58:00Z';
const OLD_READ = '2026-03-09T08:00:00Z';
const window = { shiftsFrom: '2026-03-03T11:00:00Z', shiftsTo: '2026-03-25T11:00:00Z' };

const fresh = scheduleSnap('sch_fresh', [shift('2026-03-11T09:00:00Z', '2026-03-12T09:00:00Z', me)], {
  ...window,
  details: details('Fresh one', 'Etc/UTC', [me, alice]),
  detailsFetchedAt: READ,
  shiftsFetchedAt: READ,
});
const gone = scheduleSnap('sch_gone', [shift('2026-03-13T09:00:00Z', '2026-03-14T09:00:00Z', me)], {
  ...window,
  shiftsTo: '2026-03-20T11:00:00Z',
  details: details('Gone one', 'Etc/UTC', [me]),
  detailsFetchedAt: OLD_READ,
  shiftsFetchedAt: OLD_READ,
  notFound: true,
  problem: { kind: 'not_found', message: 'Not found', at: '2026-03-10T10:00:00Z' },
});
const failing = scheduleSnap('sch_failing', [shift('2026-03-15T09:00:00Z', '2026-03-16T09:00:00Z', me)], {
  ...window,
  shiftsTo: '2026-03-18T11:00:00Z',
  details: details('Failing one', 'Etc/UTC', [me]),
  detailsFetchedAt: OLD_READ,
  shiftsFetchedAt: OLD_READ,
  problem: { kind: 'server', message: 'HTTP 503', at: '2026-03-10T11:58:00Z' },
});

async function render(): Promise<ICAL.Component> {
  const settings = settingsWith({ schedules: [{ id: 'sch_fresh' }, { id: 'sch_gone' }, { id: 'sch_failing' }] });
  const text = await createCalendarPublisher(new MemoryFileStore(), 'calendar-export.json').render({
    snapshot: snapshotOf([fresh, gone, failing]),
    settings,
    nowMs: NOW,
    localZone: 'Europe/Berlin',
  });
  return ICAL.Component.fromString(text);
}

describe('calendar: saved data is marked', () => {
  it('marks the blocks of a 404 schedule and of one that could not be refreshed, and leaves the fresh one plain', async () => {
    const cal = await render();
    const events = cal.getAllSubcomponents('vevent').map((e) => ({
      summary: String(e.getFirstPropertyValue('summary')),
      description: String(e.getFirstPropertyValue('description')),
    }));
    expect(events.map((e) => e.summary)).toEqual([
      'On call: Fresh one',
      'On call: Gone one (saved data)',
      'On call: Failing one (saved data)',
    ]);
    expect(events[0]?.description).not.toContain('saved data');
    expect(events[1]?.description).toMatch(
      /^From saved data read Mon 9 Mar 2026, 09:00 Berlin \(the service no longer finds this schedule\)/,
    );
    expect(events[2]?.description).toMatch(
      /^From saved data read Mon 9 Mar 2026, 09:00 Berlin \(the schedule could not be refreshed since\)/,
    );
  });

  it('says how far shifts are known from fresh schedules only, and names the saved ones with when they were read', async () => {
    // X- properties are untyped to ical.js: their text comes back still escaped.
    const description = String((await render()).getFirstPropertyValue('x-wr-caldesc')).replace(/\\([,;\\])/g, '$1');
    // The fresh schedule reaches 25 Mar; the saved ones stop earlier, but they are not what "known" rests on.
    // Issue 47: worded as the events word theirs, "Mon 9 Mar 2026, 09:00 Berlin" (failed before: "2026-03-09").
    expect(description).toContain('Shifts are known until Wed 25 Mar 2026, 12:00 Berlin');
    expect(description).toContain(
      'From saved data that may have changed: Gone one (read Mon 9 Mar 2026, 09:00 Berlin, no longer found on the service), Failing one (read Mon 9 Mar 2026, 09:00 Berlin).',
    );
  });

  it("issue 35 case 1: the alarms of a saved-data block say so too, the fresh block's stay plain", async () => {
    const cal = await render();
    const alarms = Object.fromEntries(
      cal
        .getAllSubcomponents('vevent')
        .map((e) => [
          String(e.getFirstPropertyValue('summary')),
          e.getAllSubcomponents('valarm').map((a) => String(a.getFirstPropertyValue('description'))),
        ]),
    );
    expect(alarms['On call: Fresh one']).toEqual([
      'On call in 1 d: Fresh one',
      'On call in 15 min: Fresh one',
      'On call now: Fresh one',
    ]);
    expect(alarms['On call: Failing one (saved data)']).toEqual([
      'On call in 1 d: Failing one (saved data)',
      'On call in 15 min: Failing one (saved data)',
      'On call now: Failing one (saved data)',
    ]);
    expect(alarms['On call: Gone one (saved data)']?.every((d) => d.endsWith('Gone one (saved data)'))).toBe(true);
  });
});
