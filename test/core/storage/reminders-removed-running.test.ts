// reminders.json removed while the app runs (a sync tool): the minute's look finds the app's own record gone, writes
// back what it holds and says so once, so a restart shows nothing again (issue 52, adv52 r42 #1). Real engine, real
// files, fake clock.
import { access, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { OUTSIDE_NOTICE_ID } from '../../../electron/core/storage/outside-edits';
import { OWED_CHECK_MS } from '../../../electron/core/storage/owed-records';

const M = 60_000;
const T0 = Date.parse('2026-03-26T06:00:00Z');
const START = Date.parse('2026-03-26T08:00:00Z');
const GONE_ID = `${OUTSIDE_NOTICE_ID}:reminders.json`;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

it('reminders.json removed mid-run is written back, said once, and nothing shown before is shown again', async () => {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const e1 = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e1.start(), 1000, 60);
  await h.clock.advanceTo(START + 2 * M);
  const path = join(h.dir, 'reminders.json');
  await rm(path);
  await h.clock.advance(2 * OWED_CHECK_MS);
  expect(await exists(path)).toBe(true);
  const said = e1.getState().notices.filter((n) => n.id === GONE_ID);
  expect(said.length).toBe(1);
  await h.clock.advance(30 * M);
  expect(e1.getState().notices.filter((n) => n.id === GONE_ID).length).toBe(1);
  const first = h.notifier.shown.map((n) => n.id);
  expect(first.length).toBeGreaterThan(0);
  await e1.stop();
  await h.clock.advance(2 * M);
  const e2 = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e2.start(), 1000, 60);
  await h.clock.advance(5 * M);
  const again = h.notifier.shown.slice(first.length).map((n) => n.id);
  await e2.stop();
  expect(again.filter((id) => first.includes(id))).toEqual([]);
}, 120_000);
