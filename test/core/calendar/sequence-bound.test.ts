// Adversarial round 10 #4 (issue 52): a calendar record entry at the read-back's bound (sequence 100000) whose block
// changed was published as SEQUENCE:100001 and saved so; the next start refused the app's own record as "a revision
// number that can't be true" and published that event as SEQUENCE:0, which a calendar that took 100001 ignores.
// The increment and the bound agree: a sequence never passes MAX_SEQUENCE, and the next start keeps the record,
// says nothing, and publishes the same UIDs at the same SEQUENCE. Real engine, real files, the simulator, a fake clock.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { MAX_SEQUENCE } from '../../../electron/core/calendar/published-record';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-26T06:00:00Z');
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

it('a changed block at the bound keeps SEQUENCE at the bound, and the next start keeps its own record', async () => {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  await exportOnce(h, T0 + 60_000);
  const path = join(h.dir, 'calendar-export.json');
  const record = JSON.parse(await readFile(path, 'utf8')) as Record;
  const uid = Object.keys(record.events)[0] ?? '';
  // At the bound, and its block reads as changed (another digest): the next export is an edit.
  const entry = record.events[uid];
  if (entry === undefined) throw new Error('no entry in the record');
  Object.assign(entry, { sequence: MAX_SEQUENCE, digest: 'b'.repeat(32) });
  await writeFile(path, JSON.stringify(record));

  const second = await exportOnce(h, T0 + 120_000);
  expect(sequences(second.ics)).toContain(String(MAX_SEQUENCE));
  expect(Math.max(...sequences(second.ics).map(Number))).toBe(MAX_SEQUENCE);
  expect(second.notices).toEqual([]);
  const saved = JSON.parse(await readFile(path, 'utf8')) as Record;
  expect(saved.events[uid]?.sequence).toBe(MAX_SEQUENCE);

  const third = await exportOnce(h, T0 + 180_000);
  expect(third.notices).toEqual([]);
  expect(sequences(third.ics)).toEqual(sequences(second.ics));
  expect([...third.ics.matchAll(/UID:(\S+)/g)].map((m) => m[1])).toEqual(
    [...second.ics.matchAll(/UID:(\S+)/g)].map((m) => m[1]),
  );
});
