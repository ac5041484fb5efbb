// A re-plan that makes a block's lead reminders due at once (the e-mail fixed, an account or schedule added, a key
// fixed, a wake) tells that block once, in the words a start-up at that instant tells it (issue 47/50, adv47 r33).
// Generated: the lead times, the instant of the re-plan, how old the last read is then and what re-plans (the
// block newly mine with the service up or down, a wake). Each world is judged against a start-up at the same
// instant and against what the lead times alone say: one catch-up for the leads already due (none when the next
// lead comes within half an hour anyway, or the start within a minute), then each later lead on its own; never two
// notices with the same words, never two for the block at one instant. Real scheduler and record, fake clock.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NotificationRequest } from '../../../electron/core/ports';
import { planReminders } from '../../../electron/core/reminders/plan';
import {
  CATCH_UP_QUIET_MS,
  createReminderScheduler,
  REMINDER_GRACE_MS,
} from '../../../electron/core/reminders/scheduler';
import { openFiredStore } from '../../../electron/core/storage/cache';
import { FakeClock } from '../support/fake-clock';
import { bob, details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';
import { MemoryFileStore } from '../support/memory-file-store';
import { MIN } from '../../support/time';

const START = ms('2026-03-03T08:00:00Z');
const snapshot = snapshotOf([
  scheduleSnap('sch_p', [shift('2026-03-03T08:00:00Z', '2026-03-03T16:00:00Z', me, bob)], {
    details: details('Platform primary', 'Europe/Berlin', [me, bob]),
    shiftsFetchedAt: '2026-03-01T00:00:00Z',
    shiftsFrom: '2026-03-01T00:00:00Z',
    shiftsTo: '2026-03-05T00:00:00Z',
  }),
]);
const LEADS = [1440, 240, 60, 30, 15, 5, 2];
type Kind = 'now-mine' | 'now-mine-down' | 'wake';
interface World {
  leads: number[];
  /** Seconds before the start the re-plan comes. */
  beforeS: number;
  /** Seconds before the re-plan the service last confirmed the schedule. */
  ageS: number;
  kind: Kind;
}
interface Told {
  atMs: number;
  words: string;
}

async function run(w: World, how: 'replan' | 'start-up'): Promise<Told[]> {
  const replanMs = START - w.beforeS * 1000;
  const down = w.kind === 'now-mine-down';
  const base = settingsWith({ schedules: [{ id: 'sch_p' }] });
  const settings = { ...base, reminders: { ...base.reminders, leadTimesMin: w.leads, atEnd: false } };
  const plan = () =>
    planReminders({ snapshot, previous: snapshot, nowMs: clock.now(), settings, localZone: 'Europe/Berlin' });
  const wakes = how === 'replan' && w.kind === 'wake';
  const clock = new FakeClock(how === 'start-up' ? replanMs : wakes ? START - 30 * 60 * MIN : replanMs - MIN);
  let confirmedMs = replanMs - w.ageS * 1000;
  let failedMs: number | undefined;
  const told: Told[] = [];
  const notifier = {
    notify: async (n: NotificationRequest) => void told.push({ atMs: clock.now(), words: `${n.title} — ${n.body}` }),
  };
  const firedStore = await openFiredStore(new MemoryFileStore(), { now: () => clock.now() });
  // The schedule's read (asked for by a due reminder, or the first sync after a start or wake) answers at once.
  const read = () => (down ? (failedMs = clock.now()) : (confirmedMs = clock.now()), s.setPlan(plan()));
  const s = createReminderScheduler({
    clock,
    notifier,
    firedStore,
    localZone: 'Europe/Berlin',
    knownAtMs: () => confirmedMs,
    confirm: {
      confirmedAtMs: () => confirmedMs,
      failedAtMs: () => failedMs,
      request: () => void clock.setTimer(0, read),
    },
  });
  if (how === 'start-up' || wakes) {
    if (wakes) s.setPlan(plan());
    if (wakes) clock.sleep(replanMs - clock.now());
    s.hold();
    s.setPlan(plan());
    clock.setTimer(0, () => (read(), s.release()));
  } else {
    s.setPlan([]); // not known as mine until the re-plan
    await clock.advanceTo(replanMs);
    s.setPlan(plan());
  }
  await clock.advance(0); // the read answers
  await s.settled(); // shown at the re-plan instant (the record is written first)
  await clock.advanceTo(START - MIN);
  await s.settled();
  s.stop();
  return told;
}

/** What the lead times alone say is told from the re-plan on: the catch-up's instant (if any), the later leads'. */
function expectedInstants(w: World): number[] {
  const replanMs = START - w.beforeS * 1000;
  const at = w.leads.map((l) => START - l * MIN);
  const due = at.filter((t) => t <= replanMs);
  const later = at.filter((t) => t > replanMs).sort((a, b) => a - b);
  const latestDue = Math.max(...due);
  const onTime = due.length > 0 && replanMs - latestDue <= REMINDER_GRACE_MS;
  const nextSoon = later.length > 0 && later[0]! - replanMs <= CATCH_UP_QUIET_MS;
  const catchUp = due.length > 0 && (onTime || (!nextSoon && START - replanMs >= MIN));
  return [...(catchUp ? [replanMs] : []), ...later];
}

/** Whether the last read came before the latest lead already due at the re-plan. */
const readBefore = (w: World): boolean =>
  w.leads.some(
    (l) => START - l * MIN <= START - w.beforeS * 1000 && START - l * MIN > START - (w.beforeS + w.ageS) * 1000,
  );

const worlds = fc.record({
  leads: fc.uniqueArray(fc.constantFrom(...LEADS), { minLength: 1, maxLength: 4 }),
  beforeS: fc.integer({ min: 2 * 60, max: 26 * 60 * 60 }),
  ageS: fc.integer({ min: 0, max: 40 * 60 }),
  kind: fc.constantFrom<Kind>('now-mine', 'now-mine-down', 'wake'),
});

describe('a re-plan catches a block up once, as a start-up at that instant does', () => {
  it('for generated lead times, re-plan instants and kinds', async () => {
    await fc.assert(
      fc.asyncProperty(worlds, async (w) => {
        const replanMs = START - w.beforeS * 1000;
        const replanned = await run(w, 'replan');
        expect(replanned.map((t) => t.atMs)).toEqual(expectedInstants(w));
        expect(new Set(replanned.map((t) => t.words)).size).toBe(replanned.length);
        for (const t of replanned) expect(t.words).toMatch(/^On call in /);
        // Down, a catch-up resting on a read from before its lead's instant says it comes from saved data.
        if (w.kind === 'now-mine-down' && replanned[0]?.atMs === replanMs && readBefore(w))
          expect(replanned[0].words).toContain('saved data from');
        // A start-up's first read failing makes all it had saved data (it restarted); a re-plan's data read a moment
        // ago is not: with the service down only the instants must agree.
        const startUp = await run(w, 'start-up');
        if (w.kind === 'now-mine-down') expect(replanned.map((t) => t.atMs)).toEqual(startUp.map((t) => t.atMs));
        else expect(replanned).toEqual(startUp);
      }),
      { numRuns: Number(process.env['FC_RUNS'] ?? 80), seed: Number(process.env['FC_SEED'] ?? 47) },
    );
  }, 120_000);

  it('the case found: one-day and 15-min leads, the e-mail fixed 13 min before, read 3 min earlier', async () => {
    const w: World = { leads: [1440, 15], beforeS: 13 * 60, ageS: 3 * 60, kind: 'now-mine' };
    const told = await run(w, 'replan');
    expect(told.map((t) => t.atMs)).toEqual([START - 13 * MIN]);
    expect(told).toEqual(await run(w, 'start-up'));
  });
});
