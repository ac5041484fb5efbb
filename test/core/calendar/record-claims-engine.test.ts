// Issue 52, adversarial round 2: the calendar's record (calendar-export.json) read back by the real engine (real
// files, the simulator, a fake clock) is checked against the schedules watched now, like every file: an entry for
// a schedule not watched is dropped, said once, and the file kept aside. Before, it was let go silently: no line, no
// backup, the file overwritten.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { anchorUid, digestOf } from '../../../electron/core/calendar/published-record';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MIN, ms } from '../../support/time';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('an entry for a schedule not watched now is dropped, said once, and the record kept aside', async () => {
  const now = ms('2026-03-25T10:00:00Z');
  h = await createHarness({ startMs: now, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const entry = {
    scheduleId: 'sch_tokyo',
    startMs: now + 60 * MIN,
    endMs: now + 600 * MIN,
    digest: digestOf('tokyo'),
    sequence: 2,
    modifiedMs: now - 60 * MIN,
  };
  const text = JSON.stringify({ version: 1, events: { [anchorUid('sch_tokyo', ME, entry.startMs)]: entry } });
  await writeFile(join(h.dir, 'calendar-export.json'), text);
  const e = h.engine({ serveCalendarFeed: false, alarms: false });
  await e.start();
  await h.clock.advance(1000);
  const ics = await e.calendar(14);
  await e.calendar(14);
  const notices = e.getState().notices.map((n) => n.message);
  await e.stop();
  expect(ics).toContain('BEGIN:VEVENT');
  expect(notices.filter((n) => /calendar's record/.test(n))).toEqual([
    expect.stringMatching(
      /^1 entry of the calendar's record .* was not used \(a schedule not watched now\)\. The file was kept as .*calendar-export\.json\.bad-/,
    ),
  ]);
  const backups = (await readdir(h.dir)).filter((n) => n.startsWith('calendar-export.json.bad-'));
  expect(await Promise.all(backups.map((n) => readFile(join(h?.dir ?? '', n), 'utf8')))).toEqual([text]);
  expect(await readFile(join(h.dir, 'calendar-export.json'), 'utf8')).not.toContain('sch_tokyo');
});
