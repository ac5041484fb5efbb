// Adversarial round 10 #4 (issue 52): a calendar record entry at the read-back's bound (sequence 100000) whose block
// changed was published as SEQUENCE:100001 and saved so; the next start refused the app's own record as "a revision
// number that can't be true" and published that event as SEQUENCE:0, which a calendar that took 100001 ignores.
// The increment and the bound agree: a sequence never passes MAX_SEQUENCE (an edit past it is a new event), and the
// next start keeps the record, says nothing, and publishes the same UIDs at the same SEQUENCE. Real engine, real
// files, the simulator, a fake clock.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { MAX_SEQUENCE } from '../../../electron/core/calendar/published-record';
import { SEQUENCE_EPOCH_MS } from '../../../electron/core/calendar/sequence-clock';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-26T06:00:00Z');
/** An hour before the clock's SEQUENCE reaches MAX_SEQUENCE (January 2094): the first time the app can make it
 *  (adv52 r55 #2: before then a record at it is a false claim, sequence-past-clock.test.ts). */
const AT_BOUND = SEQUENCE_EPOCH_MS + MAX_SEQUENCE * 1000 - 3_600_000;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Record = { events: { [uid: string]: { sequence: number; digest: string } } };
const sequences = (ics: string): string[] => [...ics.matchAll(/SEQUENCE:(\d+)/g)].map((m) => m[1] ?? '');

/** A start, one export, stop: the engine's export text and notices. */
async function exportOnce(w: Harness, atMs: number) {
  const e = w.engine({ serveCalendarFeed: false, alarms: false });
  await w.clock.runWhileAdvancing(e.start(), 1000, 60);
  await w.clock.advanceTo(atMs);
  const ics = await e.calendar(14);
  const notices = e.getState().notices.map((n) => n.message);
  await e.stop();
  return { ics, notices };
}

const uidsOf = (ics: string): string[] => [...ics.matchAll(/^UID:(\S+@oncall-tray)\r?$/gm)].map((m) => m[1] ?? '');

/** The record after one export, with `uid`'s entry changed by `edit` (the file by hand, or the app's own history). */
async function firstExportThen(edit: (entry: { sequence: number; digest: string }) => void, startMs = T0) {
  const w = await createHarness({ startMs, seed: threeZoneSeed(), files: 'fs' });
  h = w;
  await seedSettings(w, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const first = await exportOnce(w, startMs + 60_000);
  const path = join(w.dir, 'calendar-export.json');
  const record = JSON.parse(await readFile(path, 'utf8')) as Record;
  const uid = Object.keys(record.events)[0] ?? '';
  const entry = record.events[uid];
  if (entry === undefined) throw new Error('no entry in the record');
  edit(entry);
  await writeFile(path, JSON.stringify(record));
  return { w, first, path, uid };
}

// adv52 r21 #2: an entry at the bound used to be published at the bound for every later edit (frozen: a calendar
// that took that SEQUENCE ignores each edit). An edit past the bound is a new event: a new UID from SEQUENCE 0.
it('a changed block at the bound is published again as a new event, and the next start keeps its own record', async () => {
  // At the bound, and its block reads as changed (another digest): the next export is an edit.
  const { w, first, path, uid } = await firstExportThen(
    (e) => Object.assign(e, { sequence: MAX_SEQUENCE, digest: 'b'.repeat(32) }),
    AT_BOUND,
  );
  const second = await exportOnce(w, AT_BOUND + 120_000);
  expect(Math.max(...sequences(second.ics).map(Number))).toBeLessThanOrEqual(MAX_SEQUENCE);
  // The same events, one of them under a new UID: the old one is gone (a calendar app can't freeze it).
  const before = uidsOf(first.ics);
  const after = uidsOf(second.ics);
  expect(after.length).toBe(before.length);
  expect(after).not.toContain(uid);
  const added = after.filter((u) => !before.includes(u));
  expect(added.length).toBe(1);
  expect(second.ics).toMatch(new RegExp(`UID:${added[0]}\r?\n(?:[^\n]*\n)*?SEQUENCE:0\r?\n`));
  expect(second.notices.length).toBe(1);
  const saved = JSON.parse(await readFile(path, 'utf8')) as Record;
  expect(saved.events[added[0] ?? '']?.sequence).toBe(0);
  expect(saved.events[uid]).toBeUndefined();

  const third = await exportOnce(w, AT_BOUND + 180_000);
  expect(third.notices).toEqual([]);
  expect(sequences(third.ics)).toEqual(sequences(second.ics));
  expect(uidsOf(third.ics)).toEqual(after);
});

// adv52 r21 #2: 99999 was under the read-back's cap (100000) and taken unsaid; the app never numbers an edit past
// MAX_SEQUENCE (RFC 5545's INTEGER limit since adv52 r43), so an entry above it is refused, said once, the file kept aside, and its block published afresh under a
// UID the calendar app never saw at that number.
it('a record entry with a revision number the app never makes is refused and its block published as a new event', async () => {
  const { w, first, uid } = await firstExportThen((e) => Object.assign(e, { sequence: MAX_SEQUENCE + 1 }));
  const second = await exportOnce(w, T0 + 120_000);
  const after = uidsOf(second.ics);
  expect(after.length).toBe(uidsOf(first.ics).length);
  expect(after).not.toContain(uid);
  expect(Math.max(...sequences(second.ics).map(Number))).toBe(0);
  expect(second.notices.length).toBe(1);
  expect(second.notices[0]).toContain("a revision number that can't be true");
  const kept = (await readdir(w.dir)).filter((f) => f.startsWith('calendar-export.json.bad-'));
  expect(kept.length).toBe(1);
});
