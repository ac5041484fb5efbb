// A held correction of my own override and a rename at the service before quiet hours end (adv47 r24, the same
// shape as #1/#2 on corrections): the correction is judged by who covers (user ids) and worded when the summary is
// shown, with the names the service gives then. Real engine, simulator, files and a fake clock. Ops (UTC) rotates
// 8 h blocks: Bob 01–09Z, me 09–17Z, Alice 17–01Z; quiet 22:00–07:00 Berlin; "On call in 13 h" at Tue 20:00Z; at
// 23:30Z I give Wed 09–17Z to Bob (the correction is held); at 03:00Z the service renames Bob, or the schedule.
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { seedOf } from '../support/seeds';
import { closeAfterTest } from '../../support/closing';

const at = Date.parse;
const QUIET_END = at('2026-03-11T06:00:00Z');

async function world(): Promise<Harness> {
  const seed = seedOf([
    {
      id: 'sch_ops',
      name: 'Ops',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T01:00:00Z',
      userIds: ['usr_bob', 'usr_me', 'usr_alice'],
      length: { amount: 8, unit: 'hours' },
    },
  ]);
  const h = await createHarness({ startMs: at('2026-03-10T19:30:00Z'), seed, files: 'fs' });
  const reminders = { leadTimesMin: [780, 15], atStart: true, atEnd: true, shiftChanges: true, startAlarm: 'off' };
  const account = { id: 'main', label: 'Main', baseUrl: h.sim.url, email: 'me@example.com' };
  const settings = {
    version: 2,
    startAtLogin: true,
    quietHours: { enabled: true, start: '22:00', end: '07:00' },
    accounts: [{ ...account, schedules: [{ id: 'sch_ops', reminders }] }],
  };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`main@${new URL(h.sim.url).host}`, h.sim.apiKey);
  return closeAfterTest(h);
}

/** The summary's lines at 06:05Z, and the names the service gives then (the simulator's: independent of the app). */
async function night(rename: (h: Harness) => void) {
  const h = await world();
  const e = h.engine({ alarms: false });
  await e.start();
  await h.clock.advanceTo(at('2026-03-10T20:01:00Z'));
  expect(h.notifier.shown.map((n) => n.title)).toContain('On call in 13 h');
  await h.clock.advanceTo(at('2026-03-10T23:30:00Z'));
  const window = { kind: 'custom' as const, start: '2026-03-11T09:00:00Z', end: '2026-03-11T17:00:00Z' };
  const r = await h.clock.runWhileAdvancing(
    e.handlers['override:create']({ scheduleId: 'sch_ops', window, emails: ['bob@example.com'] }),
  );
  expect(r.ok).toBe(true);
  await h.clock.advanceTo(at('2026-03-11T03:00:00Z'));
  rename(h);
  await h.clock.advanceTo(QUIET_END + 5 * 60_000);
  await e.stop();
  const summaries = h.notifier.shown.filter(
    (n) => n.atMs >= QUIET_END && /while notifications were quiet$/.test(n.title),
  );
  const bobNow = h.sim.state.users.get('usr_bob')?.name ?? '?';
  const opsNow = h.sim.state.schedules.get('sch_ops')?.name ?? '?';
  return { lines: summaries.flatMap((n) => n.body.split('\n')), bobNow, opsNow };
}

describe('engine: a held correction and a rename at the service before it is shown', () => {
  it('the person covering renamed: the correction still comes, naming them as they are now', async () => {
    const { lines, bobNow, opsNow } = await night((h) => {
      const bob = h.sim.state.users.get('usr_bob');
      if (bob) h.sim.state.users.set('usr_bob', { ...bob, name: 'Robert Stone' });
    });
    expect(bobNow).toBe('Robert Stone');
    const told = lines.filter((l) => /after all/.test(l) && l.includes(`${bobNow} covers ${opsNow} `));
    expect(told).toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/Bob Stone/);
  }, 30_000);

  it('the schedule renamed: the correction names it as the service does when shown', async () => {
    const { lines, bobNow, opsNow } = await night((h) => {
      const ops = h.sim.state.schedules.get('sch_ops');
      if (ops) ops.name = 'Ops EU';
    });
    expect(opsNow).toBe('Ops EU');
    expect(lines.filter((l) => /after all/.test(l) && l.includes(`${bobNow} covers ${opsNow} `))).toHaveLength(1);
  }, 30_000);
});
