// adv52 round 58 #1: cache.json (right account, right shape, a person the schedule lists) edited to name me on Alice's
// Friday block (Berlin, 27 Mar 08:00Z → 28 Mar 08:00Z); the app's own record of my blocks (reminders.json `mine:`)
// never had it. The restart is offline (every request answers 503), so the saved data is all there is: the block
// was shown as my next shift's end and published in the .ics merged with my real Thursday (Thu 08:00Z → Sun 07:00Z),
// with nothing said. Saved time named as mine that the record lacks is left unknown (engine/cache-mine.ts), said once
// in the online check's words, the file kept aside. A restart of the app's own cache says nothing and loses nothing.
// Real engine, real files, the simulator, a fake clock.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SnapshotSchema } from '../../../electron/core/model/snapshot';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MIN, ms } from '../../support/time';

const NOT_ON_RECORD = 'a shift named as yours that the app never had as yours';

/** A first run reads the schedule (writing cache.json and the record); `forge` names me on Alice's Friday while the
 *  app is down; the restart is offline. */
async function offlineRestart(forge: boolean) {
  const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const first = h.engine({ alarms: false });
  await first.start();
  await h.clock.advance(1000);
  const icsBefore = await first.calendar(14);
  await first.stop();
  if (forge) {
    const cache = SnapshotSchema.parse(JSON.parse(await readFile(join(h.dir, 'cache.json'), 'utf8')));
    const shifts = cache.schedules[0]?.shifts ?? [];
    const me = shifts.flatMap((s) => s.users).find((u) => u.email === ME);
    const friday = shifts.filter((s) => s.start.startsWith('2026-03-27T08:00'));
    expect(friday.length).toBe(1);
    for (const s of friday) s.users = me ? [me] : [];
    await writeFile(join(h.dir, 'cache.json'), JSON.stringify(cache));
  }
  h.sim.faults.set('*', { status: 503 });
  const e = h.engine({ alarms: false });
  await e.start();
  await h.clock.advance(2 * MIN);
  // Another pass: said once, not once per pass.
  await h.clock.advance(20 * MIN);
  const ics = await e.calendar(14);
  const state = e.getState();
  await e.stop();
  const keptAside = (await readdir(h.dir)).filter((f) => f.startsWith('cache.json.bad-'));
  return { icsBefore, ics, state, notices: state.notices.map((n) => n.message), keptAside };
}

const starts = (ics: string): string[] =>
  ics
    .split(/\r?\n/)
    .filter((l) => l.startsWith('DTSTART:'))
    .map((l) => l.slice(8).trim());

/** The DTEND of the event starting Thu 26 Mar 08:00Z (my real Thursday). */
const thursdayEnd = (ics: string): string | undefined => {
  const lines = ics.split(/\r?\n/).map((l) => l.trim());
  const i = lines.indexOf('DTSTART:20260326T080000Z');
  return i < 0 ? undefined : lines.slice(i, i + 3).find((l) => l.startsWith('DTEND:'));
};

describe('offline start: saved data naming me on a block the app never had as mine', () => {
  it('is not shown as my shift nor published, is said once, and the file is kept aside', async () => {
    const r = await offlineRestart(true);
    // Independent truth: Berlin rotates daily from 20 Mar 08:00Z between me and Alice; Thu and Sat are mine.
    expect(thursdayEnd(r.icsBefore)).toBe('DTEND:20260327T080000Z');
    expect(r.state.schedules[0]?.next?.end).toBe('2026-03-27T08:00:00Z');
    expect(thursdayEnd(r.ics)).toBe('DTEND:20260327T080000Z');
    // Nothing of mine is lost: my Saturday (and every other real block) is still published.
    expect(starts(r.ics)).toEqual(starts(r.icsBefore));
    expect(r.notices.filter((n) => n.includes(NOT_ON_RECORD))).toHaveLength(1);
    expect(r.keptAside).toHaveLength(1);
  }, 60_000);

  it("the app's own saved data: the same calendar, nothing said, nothing kept aside", async () => {
    const r = await offlineRestart(false);
    expect(r.ics.split(/\r?\n/).filter((l) => /^(DTSTART|DTEND):/.test(l))).toEqual(
      r.icsBefore.split(/\r?\n/).filter((l) => /^(DTSTART|DTEND):/.test(l)),
    );
    expect(r.state.schedules[0]?.next?.end).toBe('2026-03-27T08:00:00Z');
    expect(r.notices.filter((n) => /saved schedule data/i.test(n))).toEqual([]);
    expect(r.keptAside).toEqual([]);
  }, 60_000);
});
