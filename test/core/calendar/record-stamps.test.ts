// adv52 r21 #3: calendar-export.json entries stamped 1 Jan 2000 (modifiedMs, readMs) were taken unsaid and the .ics
// published DTSTAMP/LAST-MODIFIED 20000101 for blocks of 2026: the app reads at most 366 days ahead, so it stamps a
// block no earlier than that before its start. Such an entry is dropped, said once, the file kept aside, and the block
// published with the app's own stamp; a stamp the app could have made (the furthest ahead it reads) is kept.
// Real engine, real files, the simulator, a fake clock.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-26T06:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Entry = { startMs: number; modifiedMs: number; readMs?: number };
type Record = { events: { [uid: string]: Entry } };

/** Each DTSTAMP and LAST-MODIFIED of the calendar, as instants. */
const stampsOf = (ics: string): number[] =>
  [...ics.matchAll(/^(?:DTSTAMP|LAST-MODIFIED):(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z\r?$/gm)].map((m) =>
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])),
  );

async function exportOnce(w: Harness, atMs: number) {
  const e = w.engine({ serveCalendarFeed: false, alarms: false });
  await w.clock.runWhileAdvancing(e.start(), 1000, 60);
  await w.clock.advanceTo(atMs);
  const ics = await e.calendar(14);
  const notices = e.getState().notices.map((n) => n.message);
  await e.stop();
  return { ics, notices };
}

/** One export, then every entry's stamps set by `stamp` (from its block's start), then another export. */
async function restamped(stamp: (startMs: number) => number) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  await exportOnce(h, T0 + 60_000);
  const path = join(h.dir, 'calendar-export.json');
  const record = JSON.parse(await readFile(path, 'utf8')) as Record;
  for (const e of Object.values(record.events))
    Object.assign(e, { modifiedMs: stamp(e.startMs), readMs: stamp(e.startMs) });
  await writeFile(path, JSON.stringify(record));
  const second = await exportOnce(h, T0 + 120_000);
  const kept = (await readdir(h.dir)).filter((f) => f.startsWith('calendar-export.json.bad-'));
  return { ...second, kept, entries: Object.keys(record.events).length };
}

it('entries stamped 1 Jan 2000 are dropped, said once, kept aside, and no event carries that stamp', async () => {
  const r = await restamped(() => Date.UTC(2000, 0, 1));
  const stamps = stampsOf(r.ics);
  expect(stamps.length).toBeGreaterThan(0);
  // Every stamp is the app's own, made by these two exports.
  expect(stamps.filter((ms) => ms < T0)).toEqual([]);
  expect(r.notices.length).toBe(1);
  expect(r.notices[0]).toContain(`${r.entries === 1 ? '1 entry' : `${r.entries} entries`} of the calendar`);
  expect(r.notices[0]).toContain("a time that can't be true");
  expect(r.kept.length).toBe(1);
});

it('entries stamped as far ahead of their block as the app reads are kept and published as stamped', async () => {
  const reach = (startMs: number) => startMs - 366 * DAY;
  const r = await restamped(reach);
  expect(r.notices).toEqual([]);
  expect(r.kept).toEqual([]);
  // Unchanged blocks keep their stamps: each published one is its block's start minus 366 days.
  const starts = [...r.ics.matchAll(/^DTSTART:(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z\r?$/gm)].map((m) =>
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])),
  );
  expect(stampsOf(r.ics).sort()).toEqual(starts.flatMap((s) => [reach(s), reach(s)]).sort());
});
