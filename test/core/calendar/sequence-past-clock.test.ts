// adv52 r55 #2: ".ics fields come only from values the app made and checked". An edit's SEQUENCE is the seconds since
// 1 Jan 2026 at the edit, plus one per edit faster than that (sequence-clock.ts), so a record entry above what the app
// can have made by now (2^31 − 1 in 2026) is a false claim: refused and said once as the other refused entries are,
// the file kept aside, and the block published at the number the app makes now under its own UID (no second copy of
// the event, no "may show twice", no "published again as a new event"). Real engine, real files, a fake clock.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { MAX_SEQUENCE } from '../../../electron/core/calendar/published-record';
import { clockSequence, sequenceCeiling } from '../../../electron/core/calendar/sequence-clock';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-26T06:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Entry = { sequence: number; digest: string };
const sequences = (ics: string): number[] => [...ics.matchAll(/^SEQUENCE:(\d+)/gm)].map((m) => Number(m[1]));
const uidsOf = (ics: string): string[] => [...ics.matchAll(/^UID:(\S+@oncall-tray)\r?$/gm)].map((m) => m[1] ?? '');

/** A start, one export at `atMs`, stop: the export text and the notices. */
async function exportOnce(w: Harness, atMs: number) {
  const e = w.engine({ serveCalendarFeed: false, alarms: false });
  await w.clock.runWhileAdvancing(e.start(), 1000, 60);
  await w.clock.advanceTo(atMs);
  const ics = await e.calendar(14);
  const notices = e.getState().notices.map((n) => n.message);
  await e.stop();
  return { ics, notices };
}

/** One export, then the record's first entry given `sequence` (and another digest: its block reads as changed). */
async function exportThenClaim(sequence: number, changed: boolean) {
  const w = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  h = w;
  await seedSettings(w, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const first = await exportOnce(w, T0 + 60_000);
  const path = join(w.dir, 'calendar-export.json');
  const record = JSON.parse(await readFile(path, 'utf8')) as { events: Record<string, Entry> };
  const uid = Object.keys(record.events)[0] ?? '';
  Object.assign(record.events[uid] ?? {}, changed ? { sequence, digest: 'b'.repeat(32) } : { sequence });
  await writeFile(path, JSON.stringify(record));
  return { w, first, uid };
}

const AT = T0 + 120_000;
const past = [
  ['the highest revision number', MAX_SEQUENCE],
  ['one just above what the app can have made', sequenceCeiling(AT) + 1],
] as const;

for (const changed of [false, true])
  it.each(past)(
    `a record entry claiming %s (block ${changed ? 'changed' : 'unchanged'}) is refused, said once, and its event keeps its UID at the app's number`,
    async (_name, sequence) => {
      const { w, first, uid } = await exportThenClaim(sequence, changed);
      const second = await exportOnce(w, AT);
      expect(Math.max(...sequences(second.ics))).toBeLessThanOrEqual(clockSequence(AT) + 1);
      // Its SEQUENCE is the one the app makes now (an edit of it one more): never back to 0 under the same UID.
      expect(second.ics).toMatch(
        new RegExp(`UID:${uid}\r?\n(?:[^\n]*\n)*?SEQUENCE:${clockSequence(AT) + (changed ? 1 : 0)}\r?\n`),
      );
      expect(uidsOf(second.ics)).toEqual(uidsOf(first.ics));
      expect(second.notices).toHaveLength(1);
      expect(second.notices[0]).toContain("was not used (a revision number that can't be true)");
      expect(second.notices[0]).not.toMatch(/show twice|published again/);
      expect((await readdir(w.dir)).filter((f) => f.startsWith('calendar-export.json.bad-'))).toHaveLength(1);
      // The record written back is the app's own: the next start takes it silently, at the same numbers.
      const third = await exportOnce(w, AT + 60_000);
      expect(third.notices).toEqual([]);
      expect(uidsOf(third.ics)).toEqual(uidsOf(second.ics));
      expect(sequences(third.ics)).toEqual(sequences(second.ics));
    },
  );

it('a revision number the app can have made by now (edits ahead of the clock) is taken silently', async () => {
  const { w } = await exportThenClaim(sequenceCeiling(AT), false);
  const second = await exportOnce(w, AT);
  expect(second.notices).toEqual([]);
  expect(Math.max(...sequences(second.ics))).toBe(sequenceCeiling(AT));
});
