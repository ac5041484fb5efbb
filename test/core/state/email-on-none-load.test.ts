// Issue 47 (adv47 r28 #1): my e-mail names no one on an account's schedules, so my shifts there are unknown (every
// surface says so). The load then counts none of that time as a known 0 h: it is the schedule's time not readable as
// mine, worded as unreadable hours are, in `status` and in the popover's line. Expected hours are worked out here from
// the read's reach and the clock, not taken from the load.
import { expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { surfaces, ZONE } from '../truth/support';
import { SettingsSchema } from '../../../electron/shared/settings';
import { twoServices } from '../engine/support/two-services';
import { loadLine } from '../../../electron/shared/load-text';
import type { ScheduleView } from '../../../electron/shared/view-state';

const MIN = 60_000;
const HOUR = 3_600_000;
const START = Date.parse('2026-03-10T09:30:00Z');
const words = { dateTime: (iso: string) => iso, time: (iso: string) => iso };

/** The hours of this month so far (to the whole hour) from where the schedule's read reaches back. */
function hoursThisMonth(view: ScheduleView | undefined, nowMs: number): number {
  const from = view?.known?.from;
  const monthStart = DateTime.fromMillis(nowMs, { zone: ZONE }).startOf('month').toMillis();
  const fromMs = Math.max(monthStart, Date.parse(from ?? ''));
  return Math.round((Math.floor(nowMs / HOUR) * HOUR - fromMs) / HOUR);
}

it('one account, my e-mail on none of its schedules: its hours this month are not readable, not 0 h', async () => {
  const seed = seedOf([
    {
      id: 'sch_quiet',
      name: 'Quiet',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T09:00:00Z',
      userIds: ['usr_alice', 'usr_bob'],
      length: { amount: 1, unit: 'days' },
    },
  ]);
  const h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_quiet'] });
  const engine = h.engine({ alarms: false });
  await engine.start();
  await h.clock.advance(MIN);
  const now = h.clock.now();
  const state = engine.getState();
  const t = surfaces(state, now);
  expect(t.status).toMatch(/On call now: unknown \(not read: no one on .* has the e-mail me@example\.com\)/);
  const n = hoursThisMonth(state.schedules[0], now);
  expect(n).toBeGreaterThan(24);
  const month = t.status.split('\n').find((l) => / this month 2026-03: /.test(l)) ?? '';
  expect(month).toMatch(new RegExp(`this month 2026-03: 0 h \\+ ${n} h not readable`));
  expect(month).toMatch(new RegExp(`— Quiet 0 h \\+ ${n} h not readable$`));
  expect(loadLine(state.me.load, words)).toMatch(new RegExp(`^This month: 0 h \\+ ${n} h not readable`));
  // The hand-off text says unknown too, never "no shifts".
  expect(t.handoff).toMatch(/unknown/);
});

it("two services, Work's e-mail on none of Work's schedules: Work's hours not readable, Acme's counted", async () => {
  const s = await twoServices(START);
  const h = s.harness;
  const stored = SettingsSchema.parse(JSON.parse((await h.files.read('settings.json')) ?? '{}'));
  const accounts = stored.accounts.map((a) => (a.id === 'work' ? { ...a, email: 'zed@example.com' } : a));
  await h.files.writeAtomic('settings.json', JSON.stringify({ ...stored, accounts }));
  await s.engine.start();
  await h.clock.advance(MIN);
  const now = h.clock.now();
  const state = s.engine.getState();
  const t = surfaces(state, now);
  const work = state.schedules.find((v) => v.accountId === 'work');
  const n = hoursThisMonth(work, now);
  expect(n).toBeGreaterThan(24);
  const workLine = t.status.split('\n').find((l) => / Work this month 2026-03: /.test(l)) ?? '';
  expect(workLine).toMatch(new RegExp(`Work this month 2026-03: 0 h \\+ ${n} h not readable`));
  expect(loadLine(state.me.load, words)).toMatch(new RegExp(`Work 0 h \\+ ${n} h not readable`));
  // Acme reads me: its hours are counted as hours, none of them unreadable.
  expect(t.status).toMatch(/ Acme this month 2026-03: \d+ h[ (·]/);
  expect(t.status).not.toMatch(/Acme this month 2026-03: \d+ h \+/);
}, 60_000);
