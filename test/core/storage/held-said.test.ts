// reminders.json holds three held (quiet-hours) messages that fail against what the app knows: one on a schedule not
// watched (dropped at start), one for a coverage request the service doesn't have and one for a block on a watched
// schedule that is not mine (both found untrue once the service was read again). None is shown, and every one is
// said: the one notice counts all three, with the app's reasons.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { jsonObject } from '../../support/json';
import { DAY, HOUR, MIN, ms } from '../../support/time';

it('every dropped held reminder is said once, those dropped after the first read included', async () => {
  const T = ms('2026-03-25T20:30:00Z');
  const h = await createHarness({ startMs: T, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork', 'sch_tokyo'] });
  const s = jsonObject(await readFile(join(h.dir, 'settings.json'), 'utf8'));
  const quietHours = { enabled: true, start: '21:00', end: '07:00', days: [] };
  await writeFile(join(h.dir, 'settings.json'), JSON.stringify({ ...s, quietHours }));
  const fri = ms('2026-03-27T08:00:00Z'); // Alice's block on Berlin, not mine
  const gone = ms('2026-03-26T08:00:00Z');
  const at = T - MIN;
  const held = [
    {
      key: 'coverage:cov_fake',
      kind: 'coverage',
      title: 'Request from Mallory',
      body: 'FAKE',
      atMs: at,
      untilMs: T + 10 * DAY,
    },
    {
      key: 'shift:sch_gone:2026-03-26T08:00:00Z:lead1440',
      kind: 'lead',
      title: 'On call in 9 h',
      body: 'GONE',
      atMs: at,
      untilMs: T + DAY,
      scheduleId: 'sch_gone',
      group: 'shift:sch_gone:2026-03-26T08:00:00Z',
      startsAtMs: gone,
    },
    {
      key: 'shift:sch_berlin:2026-03-27T08:00:00Z:lead1440',
      kind: 'lead',
      title: 'On call in 1 day',
      body: 'NOTMINE',
      atMs: at,
      untilMs: fri,
      scheduleId: 'sch_berlin',
      group: 'shift:sch_berlin:2026-03-27T08:00:00Z',
      startsAtMs: fri,
    },
  ];
  await writeFile(join(h.dir, 'reminders.json'), JSON.stringify({ version: 1, fired: {}, held }));
  const e = h.engine({ serveCalendarFeed: false });
  await e.start();
  await h.clock.advance(11 * HOUR);
  expect(JSON.stringify(h.notifier.shown)).not.toMatch(/FAKE|GONE|NOTMINE|Mallory/);
  const said = e.getState().notices.filter((n) => /record of reminders/.test(n.message));
  expect(said).toHaveLength(1);
  expect(said[0]?.message).toMatch(
    /^3 entries .*\(a schedule not watched now; not true once the service was read again\)/,
  );
  await e.stop();
  // 11 simulated hours over three schedules: 15 s alone on a loaded 2-core machine, three quarters of vitest's 20 s
  // default (it timed out in a full CI run).
}, 60_000);
