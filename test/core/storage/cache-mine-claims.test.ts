// adv52 round 20 #1: saved schedule data (cache.json: right account, right shape, a person the schedule lists) edited
// to name me on Alice's block Fri 27 Mar 08:00Z → Sat 08:00Z. On restart the fresh read (the real schedule) was
// compared against it and "Your shift was changed … (was Thu 09:00 – Sun 09:00)" was told (held and summed up in
// quiet hours): a block the app never had as mine. Its own record of my blocks (reminders.json `mine:`) vouches
// for what a change from saved data says I lost; what it doesn't is not told, and is said once as saved data not
// used. A real change made while the app was down is still told. Real engine, real files, the simulator, a fake clock.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SnapshotSchema } from '../../../electron/core/model/snapshot';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MIN, ms } from '../../support/time';

const FORGED_START = '2026-03-27T08:00';
// Said at load since adv52 r58 #1 (engine/cache-mine.ts), with where the file was kept and that it is read again.
const NOT_USED =
  '1 entry of the saved schedule data was not used (a shift named as yours that the app never had as yours).';
const isNotUsed = (n: string) => n.startsWith(NOT_USED);
const Json = z.record(z.string(), z.unknown());
const RemindersRecord = z.object({ fired: z.record(z.string(), z.unknown()).optional() });
const aboutMyShift = (s: string) => /Your shift|removed|covering your|changed/i.test(s);

/** A first run at `startIso` writes cache.json and reminders.json; then `edit` is done while the app is down. */
async function firstRun(startIso: string, quiet: boolean, edit: (h: Harness) => Promise<void>) {
  const h = await createHarness({ startMs: ms(startIso), seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  if (quiet) {
    const s = Json.parse(JSON.parse(await readFile(join(h.dir, 'settings.json'), 'utf8')));
    s.quietHours = { enabled: true, start: '22:00', end: '07:00', days: [] };
    await writeFile(join(h.dir, 'settings.json'), JSON.stringify(s));
  }
  const e = h.engine({ serveCalendarFeed: false, alarms: false });
  await e.start();
  await h.clock.advance(1000);
  await e.stop();
  await edit(h);
  h.notifier.shown.length = 0;
  return h;
}

/** Names me on Alice's Friday block in the saved data, as the adversary did. */
async function forgeFriday(h: Harness) {
  const cache = SnapshotSchema.parse(JSON.parse(await readFile(join(h.dir, 'cache.json'), 'utf8')));
  const shifts = cache.schedules[0]?.shifts ?? [];
  const me = shifts.flatMap((s) => s.users).find((u) => u.email === ME);
  const friday = shifts.filter((s) => s.start.startsWith(FORGED_START));
  expect(friday.length).toBe(1);
  for (const s of friday) s.users = me ? [me] : [];
  await writeFile(join(h.dir, 'cache.json'), JSON.stringify(cache));
}

async function restart(h: Harness, until?: string) {
  const e = h.engine({ serveCalendarFeed: false, alarms: false });
  await e.start();
  await h.clock.advance(2 * MIN);
  if (until) await h.clock.advanceTo(ms(until));
  // Another pass: the notice is said once, not once per read.
  await h.clock.advance(20 * MIN);
  const notices = e.getState().notices.map((n) => n.message);
  await e.stop();
  const record = RemindersRecord.parse(JSON.parse(await readFile(join(h.dir, 'reminders.json'), 'utf8')));
  const mine = Object.keys(record.fired ?? {}).filter((k) => k.startsWith('mine:'));
  return { shown: h.notifier.shown.map((n) => `${n.title} | ${n.body}`), notices, mine };
}

describe('saved schedule data naming me on a block the app never had as mine', () => {
  it('is not told as a change to my shift, and is said once as saved data not used', async () => {
    const h = await firstRun('2026-03-25T10:00:00Z', false, forgeFriday);
    const { shown, notices, mine } = await restart(h);
    expect(shown.filter(aboutMyShift)).toEqual([]);
    expect(notices.filter(isNotUsed)).toHaveLength(1);
    // The file's claim never reaches the record of my blocks.
    expect(mine.filter((k) => k.includes('2026-03-27T08:00:00Z>'))).toEqual([]);
  });

  it('held by quiet hours: nothing of it in the summary when they end', async () => {
    const h = await firstRun('2026-03-25T21:30:00Z', true, forgeFriday);
    const { shown, notices } = await restart(h, '2026-03-26T06:30:00Z');
    expect(shown.filter(aboutMyShift)).toEqual([]);
    expect(notices.filter(isNotUsed)).toHaveLength(1);
  }, 60_000);

  it('a real change made while the app was down (my Saturday block given to Alice) is still told', async () => {
    const h = await firstRun('2026-03-25T10:00:00Z', false, async (w) => {
      const alice = w.sim.state.userByEmail('alice@example.com')?.id ?? '';
      const sat = ms('2026-03-28T08:00:00Z');
      w.sim.state.addOverride(
        'sch_berlin',
        { startMs: sat, endMs: sat + 24 * 60 * MIN, userIds: [alice] },
        w.clock.now(),
      );
    });
    const { shown, notices } = await restart(h);
    expect(shown.filter(aboutMyShift)).toHaveLength(1);
    expect(shown.find(aboutMyShift)).toMatch(/Berlin primary/);
    expect(notices.filter(isNotUsed)).toEqual([]);
  });
});
