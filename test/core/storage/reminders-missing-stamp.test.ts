// reminders.json deleted while the app was off, its signed stamp (reminders-saved.json) kept: the missing record is
// the oldest copy possible, so reminders due up to the stamp were handled and are not shown again (issue 52, adv52
// r42 #1). Real engine, real files, fake clock.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { OLDER_COPY_NOTICE_ID } from '../../../electron/core/storage/fired-saved';

const M = 60_000;
const T0 = Date.parse('2026-03-26T06:00:00Z');
const START = Date.parse('2026-03-26T08:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function deletedWhileOff(alarms: boolean) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const e1 = h.engine(alarms ? {} : { alarms: false });
  await h.clock.runWhileAdvancing(e1.start(), 1000, 60);
  await h.clock.advanceTo(START + 2 * M);
  const first = h.notifier.shown.map((n) => n.id);
  await e1.stop();
  await rm(join(h.dir, 'reminders.json'));
  await h.clock.advanceTo(START + 4 * M);
  const e2 = h.engine(alarms ? {} : { alarms: false });
  await h.clock.runWhileAdvancing(e2.start(), 1000, 60);
  await h.clock.advance(5 * M);
  const again = h.notifier.shown.slice(first.length).map((n) => n.id);
  const notices = e2.getState().notices.filter((n) => n.id === OLDER_COPY_NOTICE_ID);
  await e2.stop();
  return { first, again, notices };
}

for (const alarms of [false, true]) {
  it(`a deleted reminders.json under a signed stamp shows no timed reminder again (alarms ${alarms})`, async () => {
    const { first, again, notices } = await deletedWhileOff(alarms);
    // An unanswered alarm rings again after a restart by design; a coverage request carries no due time (below).
    const timed = first.filter((id) => !id.startsWith('alarm:') && !id.includes('coverage'));
    expect(timed.length).toBeGreaterThan(0);
    expect(again.filter((id) => timed.includes(id))).toEqual([]);
    expect(notices.length).toBe(1);
  }, 120_000);
}
