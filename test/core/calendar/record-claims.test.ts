// Issue 52: the calendar's record of what it published is a claim. Its UIDs, SEQUENCE numbers and times went into
// the .ics as they were: a UID holding a line break added a whole event to my calendar, and an absurd modification
// time made every later export fail. Now each entry is checked (the forms the app makes, times it could have
// written); what fails is dropped, said once, and the file kept aside. Generated damaged and plausible-but-false
// records (fast-check): the export still renders, parses, holds exactly my blocks with the app's own UIDs, and the
// original is kept.
import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { anchorUid, digestOf, MAX_RECORD_CHARS } from '../../../electron/core/calendar/published-record';
import { createCalendarPublisher, EXPORT_RECORD, FEED_RECORD } from '../../../electron/core/calendar/publisher';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { sequenceValue, uidValue } from '../../../electron/core/calendar/ics-text';
import { MemoryFileStore } from '../support/memory-file-store';
import { details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const NOW = ms('2026-03-10T12:00:00Z');
const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 40);
const READ = '2026-03-10T11:58:00Z';
const BLOCKS = [
  ['2026-03-11T09:00:00Z', '2026-03-12T09:00:00Z'],
  ['2026-03-13T09:00:00Z', '2026-03-13T17:00:00Z'],
] as const;
const platform = scheduleSnap(
  'sch_platform',
  BLOCKS.map(([s, e]) => shift(s, e, me)),
  {
    shiftsFrom: '2026-03-03T11:00:00Z',
    shiftsTo: '2026-03-25T11:00:00Z',
    detailsFetchedAt: READ,
    shiftsFetchedAt: READ,
    details: details('Platform', 'Etc/UTC', [me]),
  },
);
const snapshot = snapshotOf([platform]);
const settings = settingsWith({ schedules: [{ id: 'sch_platform' }] });

async function exportWith(record: string | undefined, name: string = EXPORT_RECORD) {
  const files = new MemoryFileStore();
  if (record !== undefined) files.files.set(name, record);
  const told: Notice[] = [];
  const publisher = createCalendarPublisher(files, name, (n) => told.push(n));
  const render = () => publisher.render({ snapshot, settings, nowMs: NOW, localZone: 'Europe/Berlin' });
  return { files, told, first: await render(), second: await render() };
}

function events(text: string) {
  return ICAL.Component.fromString(text)
    .getAllSubcomponents('vevent')
    .map((e) => ({
      uid: String(e.getFirstPropertyValue('uid')),
      start: String(e.getFirstPropertyValue('dtstart')),
      sequence: Number(e.getFirstPropertyValue('sequence')),
    }));
}

const entry = (i: 0 | 1, over: Record<string, unknown> = {}) => ({
  scheduleId: 'sch_platform',
  startMs: ms(BLOCKS[i][0]),
  endMs: ms(BLOCKS[i][1]),
  digest: digestOf(`old ${i}`),
  sequence: 3,
  modifiedMs: NOW - 86_400_000,
  ...over,
});
const recordOf = (events: Record<string, unknown>) => JSON.stringify({ version: 1, events });
const OK_UID = anchorUid('sch_platform', 'old', 1);

describe("the calendar's record read back", () => {
  it('drops a UID with a line break and an absurd modification time, says so once, keeps the file aside', async () => {
    const original = recordOf({
      [`${OK_UID}\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Injected`]: entry(0),
      [anchorUid('sch_platform', 'old', 2)]: entry(1, { modifiedMs: 8.64e15 + 1000 }),
    });
    const { files, told, first, second } = await exportWith(original);
    expect(events(first)).toHaveLength(2);
    expect(first).not.toContain('Injected');
    expect(events(first).every((e) => /^[0-9a-f]{32}@oncall-tray$/.test(e.uid))).toBe(true);
    expect(second).toBe(first);
    expect(told.map((n) => n.message)).toEqual([
      "2 entries of the calendar's record of what it published (calendar-export.json) were not used (an event id " +
        "the app did not make; a time that can't be true). The file was kept as /data/calendar-export.json.bad-1. " +
        'Events already in a calendar app may show twice until their old copies are removed.',
    ]);
    expect(files.files.get('calendar-export.json.bad-1')).toBe(original);
  });

  it('writes back what holds at once, so the events stay the same on later exports', async () => {
    const files = new MemoryFileStore();
    const publisher = createCalendarPublisher(files, EXPORT_RECORD);
    const render = (nowMs: number) => publisher.render({ snapshot, settings, nowMs, localZone: 'Europe/Berlin' });
    const first = await render(NOW);
    const record: unknown = JSON.parse(files.files.get(EXPORT_RECORD) ?? '');
    const events = (record as { events: Record<string, unknown> }).events;
    files.files.set(EXPORT_RECORD, JSON.stringify({ version: 1, events: { ...events, 'x\ny': entry(0) } }));
    expect(await render(NOW)).toBe(first);
    // A second later, nothing changed: the same DTSTAMP and SEQUENCE (the record was not lost with the bad entry).
    expect(await render(NOW + 1_000)).toBe(first);
  });

  // Failed before: a 48 MB record stalled every export and feed request for 9 s (parsed and checked entry by entry,
  // then dropped as "more entries than the app makes"); now a record longer than the app can write is refused unread
  // (said as damaged, not as entries dropped) and kept aside.
  it('refuses a record far bigger than the app writes, unread, and keeps it aside', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 12_000 }, (_, i) => [anchorUid('sch_platform', `b${i}`, 1), entry(0)]),
    );
    const original = recordOf(many);
    expect(original.length).toBeGreaterThan(MAX_RECORD_CHARS);
    const { files, told, first } = await exportWith(original);
    expect(events(first)).toHaveLength(2);
    expect(told.map((n) => n.message)).toEqual([expect.stringContaining('was damaged (kept as')]);
    expect(files.files.get(`${EXPORT_RECORD}.bad-1`)).toBe(original);
  });

  it('keeps a plausible entry: the block keeps its UID and gets the next SEQUENCE', async () => {
    const { told, first } = await exportWith(recordOf({ [OK_UID]: entry(0) }));
    expect(told).toEqual([]);
    // Above the recorded 3, and never below the seconds since 2026 at the edit (adv52 r43: an older record put back).
    const clockSeconds = Math.floor((NOW - Date.parse('2026-01-01T00:00:00Z')) / 1000);
    expect(events(first).find((e) => e.uid === OK_UID)?.sequence).toBe(Math.max(3 + 1, clockSeconds));
  });
});

const badUid = fc.constantFrom(
  'x\nBEGIN:VEVENT',
  `${OK_UID}\r\nSUMMARY:x`,
  'a'.repeat(400),
  'evil@oncall-tray',
  `${OK_UID};X=1`,
  '',
);
const badValue = fc.constantFrom<Record<string, unknown>>(
  { modifiedMs: 8.64e15 },
  { modifiedMs: Number.MAX_SAFE_INTEGER + 2 },
  { modifiedMs: NOW + 30 * 86_400_000 },
  { modifiedMs: -1 },
  { sequence: 1e300 },
  { sequence: 2 ** 31 },
  { startMs: 1e17 },
  { endMs: 0 },
  { digest: 'z'.repeat(32) },
  { scheduleId: 'sch_platform\r\nX' },
  { scheduleId: 'sch_unwatched' },
  {},
);
const recordText = fc.oneof(
  fc
    .array(fc.tuple(fc.oneof(badUid, fc.constant(OK_UID)), fc.constantFrom<0 | 1>(0, 1), badValue), { maxLength: 4 })
    .map((list) => recordOf(Object.fromEntries(list.map(([uid, i, over]) => [uid, entry(i, over)])))),
  fc.json(),
  fc.string(),
  fc.nat(200).map((cut) => recordOf({ [OK_UID]: entry(0) }).slice(0, cut)),
);

// The export's record and the feed's (calendar-feed.json) are read by the same rule; each is generated here.
describe.each([EXPORT_RECORD, FEED_RECORD])('generated calendar records (%s)', (name) => {
  it('never stop the export, never reach it raw, are told at most once and kept aside', async () => {
    await fc.assert(
      fc.asyncProperty(recordText, async (text) => {
        const { files, told, first, second } = await exportWith(text, name);
        const shown = events(first);
        // Exactly my blocks, each with a UID the app makes and a SEQUENCE it could have reached.
        expect(shown.map((e) => e.start).sort()).toEqual(
          BLOCKS.map(([s]) => ICAL.Time.fromDateTimeString(s.slice(0, -1)).toString() + 'Z').sort(),
        );
        for (const e of shown) {
          expect(e.uid).toMatch(/^(\d{1,4}-)?[0-9a-f]{32}@oncall-tray$/);
          // The record's 3 + 1, or the seconds since 2026 at the edit (adv52 r43), whichever is higher.
          expect(e.sequence).toBeLessThanOrEqual(Math.max(3 + 1, (NOW - Date.parse('2026-01-01T00:00:00Z')) / 1000));
        }
        expect(first).not.toMatch(/SUMMARY:x|X=1/);
        expect(second).toBe(first);
        expect(told.length).toBeLessThanOrEqual(1);
        const backups = [...files.files.keys()].filter((n) => n.startsWith(`${name}.bad-`));
        expect(backups).toHaveLength(told.length);
        if (backups[0] !== undefined) expect(files.files.get(backups[0])).toBe(text);
        // An entry for a schedule not watched now is never let go silently (adv52 r2).
        if (/^\{"version":1,"events":.*"scheduleId":"sch_unwatched"/.test(text)) expect(told).toHaveLength(1);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('the .ics edge', () => {
  it('bounds a UID and a SEQUENCE whatever reaches it', () => {
    expect(uidValue(`${OK_UID}\r\nBEGIN:VEVENT;X=1`)).toBe(`${OK_UID}BEGINVEVENTX1`);
    expect([sequenceValue(1e300), sequenceValue(-1), sequenceValue(1.5), sequenceValue(7)]).toEqual([0, 0, 0, 7]);
  });
});
