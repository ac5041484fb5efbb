// issue 52, adv52 r41 #2: reminders.json put back (a backup restore, a sync tool) as the app itself wrote it earlier
// is valid and signed, yet lacks what was shown since. Reminders due while the app ran are not shown again; one due
// while it was off still comes as a catch-up ("none missed").
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const M = 60_000;
const T0 = Date.parse('2026-03-26T06:00:00Z');
/** My Berlin shift in the seed starts here; its start reminder is keyed by it. */
const START = Date.parse('2026-03-26T08:00:00Z');
const START_KEY = `shift:sch_berlin:${new Date(START).toISOString().replace('.000Z', 'Z')}:start`;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Runs the app from T0 to `stopAt` (copying reminders.json at START − 20 min), then from `restartAt` for 5 min with
 *  the copy put back when `restore`; answers the keys shown in each run and the second run's notices. */
async function twoRuns(stopAt: number, restartAt: number, restore: boolean, forgedStampMs?: number) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const e1 = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e1.start(), 1000, 60);
  await h.clock.advanceTo(START - 20 * M);
  const path = join(h.dir, 'reminders.json');
  const old = await readFile(path, 'utf8');
  await h.clock.advanceTo(stopAt);
  const first = h.notifier.shown.map((n) => n.id);
  await e1.stop();
  if (restore) await writeFile(path, old);
  // A stamp the app didn't sign (no MAC) claiming it ran later: proves nothing.
  if (forgedStampMs !== undefined)
    await writeFile(join(h.dir, 'reminders-saved.json'), JSON.stringify({ version: 1, savedAtMs: forgedStampMs }));
  await h.clock.advanceTo(restartAt);
  const e2 = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e2.start(), 1000, 60);
  await h.clock.advance(5 * M);
  const second = h.notifier.shown.slice(first.length).map((n) => n.id);
  const notices = e2.getState().notices.map((n) => n.message);
  await e2.stop();
  return { first, second, notices };
}

const olderSaid = (notices: readonly string[]): number => notices.filter((m) => m.includes('an older copy')).length;

it.each([3, 10])(
  'an older copy put back: nothing shown before is shown again on a restart %i min after the start',
  async (after) => {
    const { first, second, notices } = await twoRuns(START + 2 * M, START + after * M, true);
    expect(first).toContain(START_KEY);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    expect(olderSaid(notices)).toBe(1);
  },
  120_000,
);

it('the app off at the start: the start reminder still comes once as a catch-up, old copy or not', async () => {
  for (const restore of [false, true]) {
    const { first, second, notices } = await twoRuns(START - 10 * M, START + 3 * M, restore);
    await h?.close();
    h = undefined;
    expect(first).not.toContain(START_KEY);
    expect(second.filter((id) => id === START_KEY)).toHaveLength(1);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    expect(olderSaid(notices)).toBe(restore ? 1 : 0);
  }
}, 120_000);

it('its own latest record: nothing said, nothing repeated', async () => {
  const { first, second, notices } = await twoRuns(START + 2 * M, START + 3 * M, false);
  expect(second.filter((id) => first.includes(id))).toEqual([]);
  expect(olderSaid(notices)).toBe(0);
}, 120_000);

it("a stamp the app didn't sign, claiming it ran past the start, silences no catch-up", async () => {
  const { second, notices } = await twoRuns(START - 10 * M, START + 3 * M, false, START + 2 * M);
  expect(second.filter((id) => id === START_KEY)).toHaveLength(1);
  expect(olderSaid(notices)).toBe(0);
}, 120_000);
