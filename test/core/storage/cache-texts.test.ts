// Text read back from the saved schedule data (cache.json) is bounded and cleaned before it is shown or published:
// a schedule name of 200,000 characters with NUL and a right-to-left override is cut to the settings' bound for
// schedule names, said once, and neither the window nor the .ics carries it whole. A person's address that can't
// be one drops what holds it (read again), never cleaned into another address that could be mine.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { expect, it } from 'vitest';
import { SnapshotSchema, type Snapshot } from '../../../electron/core/model/snapshot';
import { FIELD_LIMITS } from '../../../electron/shared/limits';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MIN, ms } from '../../support/time';

async function savedThenDown(damage: (cache: Snapshot) => void) {
  const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const e = h.engine({});
  await e.start();
  await h.clock.advance(1000);
  const before = await e.calendar(14);
  await e.stop();
  const cache = SnapshotSchema.parse(JSON.parse(await readFile(join(h.dir, 'cache.json'), 'utf8')));
  damage(cache);
  await writeFile(join(h.dir, 'cache.json'), JSON.stringify(cache));
  h.sim.faults.set('*', { status: 503 }); // the service is down: the app serves what it saved
  const e2 = h.engine({});
  await e2.start();
  await h.clock.advance(MIN);
  const after = { ics: await e2.calendar(14), state: e2.getState() };
  await e2.stop();
  return { before, ...after };
}

it('a huge schedule name with control characters is bounded, said once, and published bounded', async () => {
  const { before, ics, state } = await savedThenDown((c) => {
    const d = c.schedules[0]?.details;
    if (d) d.name = 'Berlin \u202e\u0000' + 'x'.repeat(200_000);
  });
  const summaries = ICAL.Component.fromString(ics)
    .getAllSubcomponents('vevent')
    .map((v) => String(v.getFirstPropertyValue('summary')));
  expect(summaries.length).toBeGreaterThan(0);
  for (const s of summaries) expect(s.length).toBeLessThan(1_000);
  expect(ics).not.toMatch(/[\u0000\u202e]/);
  expect(ics.length).toBeLessThan(10 * before.length);
  const shown = state.schedules.map((s) => s.name);
  for (const name of shown) expect([...name].length).toBeLessThanOrEqual(FIELD_LIMITS.scheduleName);
  expect(JSON.stringify(state.notices)).toMatch(/1 entry of the saved schedule data was not used \(a text too long/);
});

it("a person's e-mail address that can't be one drops the schedule's saved data, said once", async () => {
  const { state } = await savedThenDown((c) => {
    const user = c.schedules[0]?.details?.users?.[0];
    if (user) user.email = `${ME}\u0000`;
  });
  expect(JSON.stringify(state.notices)).toMatch(/e-mail address that can't be true/);
  expect(state.schedules.find((s) => s.id === 'sch_berlin')?.status.kind).toBe('error');
});
