import { describe, expect, it } from 'vitest';
import { openFiredStore } from '../../../electron/core/storage/cache';
import type { NotificationRequest } from '../../../electron/core/ports';
import { planReminders } from '../../../electron/core/reminders/plan';
import { createReminderScheduler } from '../../../electron/core/reminders/scheduler';
import { FakeClock } from '../support/fake-clock';
import { bob, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';
import { MemoryFileStore } from '../support/memory-file-store';
import { MIN } from '../../support/time';

// Platform primary (Berlin, CET in early March): I am on call 09:00–17:00 local = 08:00–16:00Z, with Bob.
const snapshot = snapshotOf([
  scheduleSnap(
    'sch_p',
    [
      shift('2026-03-03T08:00:00Z', '2026-03-03T16:00:00Z', me, bob),
      shift('2026-03-03T16:00:00Z', '2026-03-04T08:00:00Z', bob),
    ],
    {
      details: details('Platform primary', 'Europe/Berlin', [me, bob]),
      shiftsFetchedAt: '2026-03-02T00:00:00Z',
      shiftsFrom: '2026-03-02T00:00:00Z',
      shiftsTo: '2026-03-05T00:00:00Z',
    },
  ),
]);
const defaults = settingsWith({ schedules: [{ id: 'sch_p' }] });
// Apps started on the morning of the shift: only the 15-minute lead, so the start-up itself announces nothing.
const morning = { ...defaults, reminders: { ...defaults.reminders, leadTimesMin: [15] } };

async function app(startIso: string, files = new MemoryFileStore(), settings = morning) {
  const clock = new FakeClock(ms(startIso));
  const shown: { atMs: number; n: NotificationRequest }[] = [];
  const firedStore = await openFiredStore(files, { now: () => clock.now() });
  const notifier = { notify: async (n: NotificationRequest) => void shown.push({ atMs: clock.now(), n }) };
  const scheduler = createReminderScheduler({ clock, notifier, firedStore, localZone: 'Europe/Berlin' });
  const replan = () =>
    scheduler.setPlan(
      planReminders({ snapshot, previous: snapshot, nowMs: clock.now(), settings, localZone: 'Europe/Berlin' }),
    );
  replan();
  return { clock, shown, scheduler, replan, files };
}

describe('reminders across sleep', () => {
  it('a sleep over the shift start gives one "since" message on resume, never "starts in 15 min"', async () => {
    const a = await app('2026-03-03T07:40:00Z');
    a.clock.sleep(50 * MIN); // lid closed 08:40–09:30 local; the 15-min lead and the start pass while asleep
    a.scheduler.hold(); // resume event: nothing is judged from saved data…
    expect(a.scheduler.pending().length).toBeGreaterThan(0);
    a.replan(); // …until the sync that follows a resume re-plans (still nothing new)
    a.scheduler.release();
    await a.scheduler.settled();
    expect(a.shown.map((s) => s.n)).toEqual([
      expect.objectContaining({
        title: 'On call now',
        body: 'You have been on call for Platform primary since 09:00 (until 17:00).',
      }),
    ]);
    await a.clock.advanceTo(ms('2026-03-03T16:00:30Z'));
    await a.scheduler.settled();
    expect(a.shown.map((s) => s.n.title)).toEqual(['On call now', 'Shift ended']);
  });

  it('still catches up on its own when no resume event comes, with one message', async () => {
    const a = await app('2026-03-03T07:40:00Z');
    a.clock.sleep(50 * MIN);
    await a.clock.advance(15 * MIN);
    await a.scheduler.settled();
    expect(a.shown).toHaveLength(1);
    expect(a.shown[0]?.n.body).toContain('since 09:00');
  });

  it('notices a sleep from the clock itself and holds the catch-up until it knows again', async () => {
    const a = await app('2026-03-03T07:40:00Z');
    a.clock.sleep(50 * MIN); // no resume event follows
    a.replan(); // the next periodic sync re-plans: the sleep is seen from wall time running ahead of monotonic time
    // Held for data newer than the last moment it was surely awake before the sleep (no awake time since 07:40).
    expect(a.scheduler.heldSince()).toBe(ms('2026-03-03T07:40:00Z') + 1);
    expect(a.shown).toEqual([]);
    a.scheduler.release();
    await a.scheduler.settled();
    expect(a.shown.map((s) => s.n.body)).toEqual([
      'You have been on call for Platform primary since 09:00 (until 17:00).',
    ]);
  });

  it('tells a shift that ended while asleep once, in the past tense, and nothing of its start', async () => {
    const a = await app('2026-03-03T07:40:00Z');
    a.clock.sleep(10 * 60 * MIN); // wakes at 18:40 local
    a.scheduler.check();
    await a.clock.advanceTo(ms('2026-03-04T12:00:00Z'));
    await a.scheduler.settled();
    expect(a.shown.map((s) => [s.n.title, s.n.body])).toEqual([
      ['Shift ended', 'Your Platform primary shift 09:00–17:00 ended at 17:00. Bob took over.'],
    ]);
  });

  it('after sleeping through the day-before reminder, tells the true time left, then the rest on time', async () => {
    const a = await app('2026-03-02T07:00:00Z', new MemoryFileStore(), defaults);
    a.clock.sleep(20 * 60 * MIN); // 1-day lead (08:00Z on 2 March) passes while asleep; wakes 03:00Z on 3 March
    a.scheduler.check();
    a.replan();
    a.scheduler.release();
    await a.scheduler.settled(); // shown once its record is written (write-ahead)
    await a.clock.advanceTo(ms('2026-03-03T08:00:30Z'));
    await a.scheduler.settled();
    expect(a.shown.map((s) => [new Date(s.atMs).toISOString(), s.n.title])).toEqual([
      ['2026-03-03T03:00:00.000Z', 'On call in 5 h'],
      ['2026-03-03T07:45:00.000Z', 'On call in 15 min'],
      ['2026-03-03T08:00:00.000Z', 'On call now'],
    ]);
  });

  it('a restart while the app was closed over the start gives the "since" message once, not again later', async () => {
    const files = new MemoryFileStore();
    const first = await app('2026-03-03T07:40:00Z', files);
    first.scheduler.stop();
    const second = await app('2026-03-03T09:00:00Z', files);
    await second.scheduler.settled();
    const third = await app('2026-03-03T09:05:00Z', files); // and restarted once more
    await third.scheduler.settled();
    expect(first.shown).toEqual([]);
    expect(second.shown.map((s) => s.n.body)).toEqual([
      'You have been on call for Platform primary since 09:00 (until 17:00).',
    ]);
    expect(third.shown).toEqual([]);
  });
});

describe('catching up on lead reminders missed before the app knew of the shift', () => {
  it('a shift first seen 16 min before it starts gets only the 15-minute reminder, not two "on call in" messages', async () => {
    const a = await app('2026-03-03T07:44:00Z', new MemoryFileStore(), defaults); // the 1-day lead passed long ago
    await a.scheduler.settled();
    expect(a.shown).toEqual([]);
    await a.clock.advanceTo(ms('2026-03-03T07:45:30Z'));
    await a.scheduler.settled();
    expect(a.shown.map((s) => [s.atMs, s.n.title])).toEqual([[ms('2026-03-03T07:45:00Z'), 'On call in 15 min']]);
  });

  it('a shift first seen hours before it starts is announced at once, since the next reminder is far off', async () => {
    const a = await app('2026-03-03T04:00:00Z', new MemoryFileStore(), defaults);
    await a.scheduler.settled();
    expect(a.shown).toHaveLength(1);
    expect(a.shown[0]?.n.title).toMatch(/On call in 4 h/);
  });
});
