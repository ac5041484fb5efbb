// reminders.json and its stamp (reminders-saved.json) put back together from a copy taken at 07:40, or both deleted,
// while the app was off (issue 52, adv52 r42): the pair agrees with itself, so it is checked against the app's own
// record of its last run; "On call now" (08:00, shown by the run that lasted to 08:02) is not shown again, and that
// is said once. A run that stopped before 08:00 never showed it: it still comes. Real engine, real files, fake clock.
import { copyFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { OLDER_COPY_NOTICE_ID } from '../../../electron/core/storage/fired-saved';
import { RUN_FILE, RUN_NOTICE_ID } from '../../../electron/core/storage/fired-saved-file';

const M = 60_000;
// Started 10 min before the copy is taken: nothing of mine is due before 07:45 (the 15-min lead of 08:00), so an
// earlier start only stepped the fake clock through minutes that hold nothing to show or write.
const T0 = Date.parse('2026-03-26T07:30:00Z');
const START = Date.parse('2026-03-26T08:00:00Z');
const COPIED = START - 20 * M;
const PAIR = ['reminders.json', 'reminders-saved.json'];
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Tamper = 'restored' | 'deleted';

async function offAndTampered(tamper: Tamper, alarms: boolean, stopMs: number, forged?: string) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const e1 = h.engine(alarms ? {} : { alarms: false });
  await h.clock.runWhileAdvancing(e1.start(), 1000, 60);
  await h.clock.advanceTo(COPIED);
  const dir = h.dir;
  for (const f of PAIR) await copyFile(join(dir, f), join(dir, `${f}.copy`));
  await h.clock.advanceTo(stopMs);
  const first = h.notifier.shown.map((n) => ({ id: n.id, atMs: n.atMs }));
  await e1.stop();
  for (const f of PAIR)
    if (tamper === 'restored') await copyFile(join(dir, `${f}.copy`), join(dir, f));
    else await rm(join(dir, f));
  if (forged !== undefined) await writeFile(join(dir, RUN_FILE), forged);
  await h.clock.advanceTo(START + 4 * M);
  const e2 = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e2.start(), 1000, 60);
  await h.clock.advance(5 * M);
  const again = h.notifier.shown.slice(first.length).map((n) => n.id);
  const all = e2.getState().notices;
  const notices = all.filter((n) => n.id === OLDER_COPY_NOTICE_ID);
  const runNotices = all.filter((n) => n.id === RUN_NOTICE_ID);
  await e2.stop();
  return { first, again, notices, runNotices };
}

// An unanswered alarm rings again after a restart by design; a coverage request carries no due time.
const timed = (id: string): boolean => !id.startsWith('alarm:') && !id.includes('coverage');

for (const tamper of ['restored', 'deleted'] as const)
  for (const alarms of [false, true])
    it(`reminders shown after the copy are not shown again when the pair is ${tamper} (alarms ${alarms})`, async () => {
      const { first, again, notices } = await offAndTampered(tamper, alarms, START + 2 * M);
      // Shown by the first run after the copy was taken: only its own last run knows of them.
      const since = first.filter((s) => s.atMs > COPIED && timed(s.id)).map((s) => s.id);
      expect(since.length).toBeGreaterThan(0);
      expect(again.filter((id) => since.includes(id))).toEqual([]);
      expect(notices.length).toBe(1);
      expect(notices[0]?.message).toContain('not shown again');
    }, 120_000);

for (const tamper of ['restored', 'deleted'] as const)
  it(`a run that stopped before the shift began never showed its start: it still comes (${tamper})`, async () => {
    const { first, again } = await offAndTampered(tamper, false, START + 2 * M);
    // Shown at or after 08:00 by a run that lasted to 08:02: the start and whatever came with it.
    const starts = first.filter((s) => s.atMs >= START && timed(s.id)).map((s) => s.id);
    expect(starts.length).toBeGreaterThan(0);
    expect(again.filter((id) => starts.includes(id))).toEqual([]);
    await h?.close();
    h = undefined;
    const { first: stopped, again: after } = await offAndTampered(tamper, false, START - 5 * M);
    expect(stopped.map((s) => s.id).filter((id) => starts.includes(id))).toEqual([]);
    for (const id of starts) expect(after).toContain(id);
  }, 240_000);

// The run record is a claim too: one written by hand (no MAC) saying the app saved at 08:02 proves nothing, is said
// once, and silences no reminder the app never showed (its run stopped at 07:55).
it('a run record the app did not sign silences nothing and is said once', async () => {
  const forged = JSON.stringify({ version: 1, savedAtMs: START + 2 * M, owed: [] });
  const { first, again, runNotices } = await offAndTampered('restored', false, START - 5 * M, forged);
  expect(first.filter((s) => s.atMs >= START)).toEqual([]);
  expect(again.filter((id) => id.endsWith(':start')).length).toBeGreaterThan(0);
  expect(runNotices.length).toBe(1);
  expect(runNotices[0]?.message).toContain('kept as');
}, 120_000);
