// My on-call block can span several segments (two on call at once, partners changing daily). Sync only reads
// shifts from the previous hour on, so later snapshots no longer show the block's first segment: its start
// looks later than it was. Each reminder must still be shown exactly once, the start at the true start and the
// end at the true end, with the engine running over the real simulator for days.
import { describe, expect, it } from 'vitest';
import { openFiredStore } from '../../../electron/core/storage/cache';
import type { NotificationRequest } from '../../../electron/core/ports';
import { planReminders } from '../../../electron/core/reminders/plan';
import { createReminderScheduler } from '../../../electron/core/reminders/scheduler';
import { createHarness, seedSettings, type Harness, type Shown } from '../support/engine-harness';
import { FakeClock } from '../support/fake-clock';
import { alice, bob, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';
import { MemoryFileStore } from '../support/memory-file-store';
import { myBlocks } from '../support/truth';
import { DAY } from '../../support/time';

const START = Date.parse('2026-03-10T06:00:00Z');
const END = START + 6 * DAY;
const ME = 'me@example.com';

const users = [
  { id: 'usr_me', name: 'Mia', email: ME, role: 'owner', seat: 'member', chat_id: 'U0' },
  { id: 'usr_alice', name: 'Alice', email: 'alice@example.com', role: 'standard', seat: 'member', chat_id: 'U1' },
  { id: 'usr_bob', name: 'Bob', email: 'bob@example.com', role: 'standard', seat: 'member', chat_id: 'U2' },
];
const layer = {
  name: 'L',
  rotation_start: '2026-03-10T09:00:00Z',
  concurrent_oncall_users: 2,
  user_ids: ['usr_me', 'usr_alice', 'usr_bob'],
  shift_length: { amount: 1, unit: 'days' },
};
const seed = {
  api_keys: [{ key: 'ocs_test_key_1', user_id: 'usr_me' }],
  users,
  teams: [],
  schedules: [{ id: 'sch_pair', name: 'Pairs', time_zone: 'Etc/UTC', layers: [layer] }],
};

let h: Harness | undefined;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const at = (n: Shown): string => new Date(n.atMs).toISOString();

describe('reminders for a block of several segments (concurrent on-call users, changing partners)', () => {
  it('shows every reminder once: the start once at the start, the end once at the real end', async () => {
    h = await createHarness({ startMs: START, seed });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_pair'] });
    const blocks = (await myBlocks(h.sim, ['sch_pair'], ME, START - DAY, END + 3 * DAY)).filter(
      (b) => b.startMs > START,
    );
    // Two days on, one day off: each block really is two segments with different partners.
    expect(blocks.slice(0, 2).map((b) => [iso(b.startMs), iso(b.endMs)])).toEqual([
      ['2026-03-10T09:00:00Z', '2026-03-12T09:00:00Z'],
      ['2026-03-13T09:00:00Z', '2026-03-15T09:00:00Z'],
    ]);
    // The reminders' own notices are judged: with the start alarm on, it is the start's one notice (issue 50).
    const engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advanceTo(END);
    const shown = h.notifier.shown.filter((n) => n.id.startsWith('shift:'));

    const ids = shown.map((n) => n.id);
    expect(new Set(ids).size, ids.join('\n')).toBe(ids.length);
    const starts = shown.filter((n) => n.title === 'On call now');
    const ends = shown.filter((n) => n.title === 'Shift ended');
    const begun = blocks.filter((b) => b.startMs <= END);
    const ended = blocks.filter((b) => b.endMs <= END);
    expect(starts.map(at)).toEqual(begun.map((b) => new Date(b.startMs).toISOString()));
    expect(starts.every((n) => !n.body.startsWith('You have been on call'))).toBe(true);
    // The block lasts two days, so "until" names the day it ends.
    expect(starts[0]?.body).toBe('Pairs until Thu 10:00 (09:00 UTC), with Alice');
    expect(ends.map(at)).toEqual(ended.map((b) => new Date(b.endMs).toISOString()));
    // Each end message names the block's true start (Tue 10:00 Berlin, not the later-looking Wed 10:00).
    expect(ends[0]?.body).toMatch(/^Pairs Tue 10:00 – Thu 10:00 .* is over\./);
    // Nothing else: the leads (1 day and 15 min before; the first block's day-ahead one, already past at
    // start-up, is caught up at once) and the start and end of each block.
    const leads = shown.filter((n) => n.title.startsWith('On call in'));
    const leadTimes = blocks
      .flatMap((b) => [b.startMs - DAY, b.startMs - 15 * 60_000])
      .map((ms) => Math.max(ms, START));
    expect(leads.map(at)).toEqual(leadTimes.filter((ms) => ms <= END).map((ms) => new Date(ms).toISOString()));
    expect(shown).toHaveLength(starts.length + ends.length + leads.length);
  }, 120_000);
});

describe('a block whose start lies before the fetched shifts (app started mid-block)', () => {
  // Me with Alice Tue 09:00Z–Wed 09:00Z, then me with Bob until Thu 09:00Z; the app starts Wed 10:30Z, so
  // sync read shifts from Wed 09:00Z and the first segment is not in the data.
  const cut = snapshotOf([
    scheduleSnap(
      'sch_p',
      [
        shift('2026-03-11T09:00:00Z', '2026-03-12T09:00:00Z', me, bob),
        shift('2026-03-12T09:00:00Z', '2026-03-13T09:00:00Z', alice, bob),
      ],
      {
        details: details('Pairs', 'Etc/UTC', [me, alice, bob]),
        shiftsFetchedAt: '2026-03-11T10:30:00Z',
        shiftsFrom: '2026-03-11T09:00:00Z',
        shiftsTo: '2026-03-26T09:00:00Z',
      },
    ),
  ]);

  it('says nothing about its start, and at its end says it is over without a made-up window', async () => {
    const clock = new FakeClock(ms('2026-03-11T10:30:00Z'));
    const shown: { atMs: number; n: NotificationRequest }[] = [];
    const firedStore = await openFiredStore(new MemoryFileStore(), { now: () => clock.now() });
    const notifier = { notify: async (n: NotificationRequest) => void shown.push({ atMs: clock.now(), n }) };
    const scheduler = createReminderScheduler({ clock, notifier, firedStore, localZone: 'Etc/UTC' });
    const settings = settingsWith({ schedules: [{ id: 'sch_p' }] });
    const plan = planReminders({ snapshot: cut, previous: cut, nowMs: clock.now(), settings, localZone: 'Etc/UTC' });
    expect(plan.map((r) => [r.kind, r.key])).toEqual([['end', 'shift:sch_p:end:2026-03-12T09:00:00Z']]);
    scheduler.setPlan(plan);
    await clock.advanceTo(ms('2026-03-12T10:00:00Z'));
    await scheduler.settled();
    expect(shown.map((s) => [new Date(s.atMs).toISOString(), s.n.title, s.n.body])).toEqual([
      ['2026-03-12T09:00:00.000Z', 'Shift ended', 'Your Pairs shift is over. Alice and Bob take over.'],
    ]);
  });
});
