// The calendar over a hole (a shift the service sent in a form the app can't read): a block of mine that ends where
// the hole begins doesn't say who is on after it ("unknown", not "nobody"), may go on, and "known until" stops at
// the hole. Parsed back with ical.js, as a calendar app would read it.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { myCalendarBlocks } from '../../../electron/core/calendar/my-blocks';
import { createCalendarPublisher } from '../../../electron/core/calendar/publisher';
import { MemoryFileStore } from '../support/memory-file-store';
import { alice, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const NOW = ms('2026-03-10T12:00:00Z');
const READ = '2026-03-10T11:58:00Z';
// Me 11 Mar 09:00–12:00, then a shift sent unreadable 12:00–18:00, then Alice; read to 25 Mar.
const platform = scheduleSnap(
  'sch_platform',
  [
    shift('2026-03-11T09:00:00Z', '2026-03-11T12:00:00Z', me),
    shift('2026-03-11T18:00:00Z', '2026-03-12T09:00:00Z', alice),
  ],
  {
    shiftsFrom: '2026-03-03T11:00:00Z',
    shiftsTo: '2026-03-25T11:00:00Z',
    shiftHoles: [{ from: '2026-03-11T12:00:00Z', to: '2026-03-11T18:00:00Z' }],
    details: details('Platform', 'Etc/UTC', [me, alice]),
    detailsFetchedAt: READ,
    shiftsFetchedAt: READ,
  },
);
const settings = settingsWith({ schedules: [{ id: 'sch_platform' }] });

describe('calendar: a hole is unknown', () => {
  it('says nothing of who follows my block into a hole, and lets the block go on', () => {
    const [group] = myCalendarBlocks(snapshotOf([platform]), settings, { fromMs: NOW, toMs: Infinity }, NOW);
    expect(group?.blocks).toHaveLength(1);
    expect(group?.blocks[0]).toMatchObject({ before: [], after: null, endBasis: { kind: 'unknown', why: 'hole' } });
    expect(group?.knownToMs).toBe(ms('2026-03-11T12:00:00Z'));
  });

  it('says shifts are known only until the hole', async () => {
    const text = await createCalendarPublisher(new MemoryFileStore(), 'calendar-export.json').render({
      snapshot: snapshotOf([platform]),
      settings,
      nowMs: NOW,
      localZone: 'Europe/Berlin',
    });
    const cal = ICAL.Component.fromString(text);
    const description = String(cal.getFirstPropertyValue('x-wr-caldesc')).replace(/\\([,;\\])/g, '$1');
    // Issue 47: worded as every instant in the calendar (failed before: "until 2026-03-11 (UTC)", its own format).
    expect(description).toContain('Shifts are known until Wed 11 Mar 2026, 13:00 Berlin');
    const event = cal.getAllSubcomponents('vevent')[0];
    const lines = String(event?.getFirstPropertyValue('description')).split('\n');
    expect(lines.find((l) => l.startsWith('After you:'))).toBe(
      "After you: unknown (shifts the service sent couldn't be read)",
    );
    expect(lines).toContain("This block may go on longer: the shifts after it couldn't be read.");
  });
});
