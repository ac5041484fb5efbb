// Issue 35, "Done when", second bullet, for the reminders: generated worlds for the two reminder surfaces that state
// a span — the end notification ("Shift ended | Platform 09:00–17:00 is over") and change notices (a block of mine
// added, removed, moved, cut short) — with a schedule that has its own lead times. Each world: hourly shifts of me or
// Alice over four days, read twice (the previous read and the latest), each read with its own range edges and holes
// (shifts sent unreadable); some hours change owner between the reads. The oracle is the generated world itself
// (which hours each read read, who had them, the lead times chosen), never core/model or shared/basis:
//   - "Shift ended" at E only where the hour from E was read (by the latest read, or the previous one kept by sync
//     over what the latest couldn't read), else the block may go on; and at every such end of mine (none missed);
//   - a change notice only about hours both reads read and that changed owner, and every such hour from now on told;
//   - a change notice takes the place of every reminder of my next block already due by the schedule's own lead
//     times (else each comes again as a late catch-up after the notice: a duplicate).
// FC_RUNS=n, FC_SEED.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planReminders, type PlannedReminder } from '../../../electron/core/reminders/plan';
import type { ReminderSettings } from '../../../electron/shared/account-settings';
import { keptAfterRead } from '../../../electron/core/sync/kept';
import { deriveState } from '../../../electron/core/state/derive';
import { SETUP_OK } from '../support/fixtures';
import { alice, details, me, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';
import { MIN } from '../../support/time';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 80);
const SEED = Number(process.env['FC_SEED'] ?? 35);
const H = 3_600_000;
const HOURS = 96;
const T0 = Date.parse('2026-03-10T00:00:00Z');
const NOW_H = 48;
const NOW = T0 + NOW_H * H + 30 * MIN; // 2 days in, at :30
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

interface Read {
  fromH: number;
  toH: number;
  holes: { fromH: number; hours: number }[];
}

interface World {
  owners: boolean[]; // per hour from T0, in the previous read: true = me, false = Alice
  flips: number[]; // hours whose owner changed since the previous read
  before: Read;
  after: Read;
  reminders: ReminderSettings | null; // the schedule's own choice (null: the default)
  keep: boolean; // whether sync kept the previous read over what the latest couldn't read (as it does)
}

const readArb: fc.Arbitrary<Read> = fc.record({
  fromH: fc.integer({ min: 0, max: 47 }),
  toH: fc.integer({ min: 49, max: HOURS }),
  holes: fc.array(fc.record({ fromH: fc.integer({ min: 40, max: 95 }), hours: fc.integer({ min: 1, max: 6 }) }), {
    maxLength: 2,
  }),
});

const remindersArb: fc.Arbitrary<ReminderSettings | null> = fc.option(
  fc.record({
    leadTimesMin: fc.uniqueArray(fc.constantFrom(5, 20, 45, 90, 150, 24 * 60), { minLength: 1, maxLength: 3 }),
    atStart: fc.boolean(),
    atEnd: fc.constant(true),
    coverageRequests: fc.constant(true),
    shiftChanges: fc.constant(true),
  }),
  { nil: null },
);

const worldArb: fc.Arbitrary<World> = fc.record({
  owners: fc.array(fc.boolean(), { minLength: HOURS, maxLength: HOURS }),
  flips: fc.uniqueArray(fc.integer({ min: 44, max: 60 }), { maxLength: 4 }),
  before: readArb,
  after: readArb,
  reminders: remindersArb,
  keep: fc.boolean(),
});

// ---- The oracle: the world's own record ---------------------------------------------------------------------------

const read = (r: Read, h: number): boolean =>
  h >= r.fromH && h < r.toH && !r.holes.some((x) => h >= x.fromH && h < x.fromH + x.hours);
const ownerBefore = (w: World, h: number): boolean => w.owners[h] === true;
const ownerAfter = (w: World, h: number): boolean => (w.flips.includes(h) ? !ownerBefore(w, h) : ownerBefore(w, h));
/** Kept: an hour the latest read didn't read, inside its range or past it, that the previous read read, not over
 *  for more than 12 h (a late "Shift ended" may still be owed). */
const kept = (w: World, h: number): boolean =>
  w.keep && !read(w.after, h) && h >= w.after.fromH && read(w.before, h) && (h + 1) * H > NOW - MIN - T0 - 12 * H;
/** What the app knows after the latest read: that read, or the previous one kept; whose the hour is there. */
const known = (w: World, h: number): boolean => read(w.after, h) || kept(w, h);
const ownerKnown = (w: World, h: number): boolean => (read(w.after, h) ? ownerAfter(w, h) : ownerBefore(w, h));

/** My blocks as the app knows them, as hours [startH, endH): maximal runs of hours known and mine. */
function myBlocksAfter(w: World): { startH: number; endH: number }[] {
  const out: { startH: number; endH: number }[] = [];
  for (let h = 0; h < HOURS; h++) {
    if (!known(w, h) || !ownerKnown(w, h)) continue;
    const last = out[out.length - 1];
    if (last && last.endH === h) last.endH = h + 1;
    else out.push({ startH: h, endH: h + 1 });
  }
  return out;
}

const leadsOf = (w: World): number[] => w.reminders?.leadTimesMin ?? [24 * 60, 15];
const atStartOf = (w: World): boolean => w.reminders?.atStart ?? true;

// ---- The app ------------------------------------------------------------------------------------------------------

function snapOf(w: World, r: Read, owner: (h: number) => boolean, readAtMs: number) {
  const shifts = Array.from({ length: HOURS }, (_, h) => h).flatMap((h) =>
    read(r, h) ? [shift(iso(T0 + h * H), iso(T0 + (h + 1) * H), owner(h) ? me : alice)] : [],
  );
  return snapshotOf([
    scheduleSnap('sch_p', shifts, {
      shiftsFrom: iso(T0 + r.fromH * H),
      shiftsTo: iso(T0 + r.toH * H),
      shiftHoles: r.holes.map((x) => ({ from: iso(T0 + x.fromH * H), to: iso(T0 + (x.fromH + x.hours) * H) })),
      details: details('Platform', 'UTC', [alice, me]),
      detailsFetchedAt: iso(readAtMs),
      shiftsFetchedAt: iso(readAtMs),
    }),
  ]);
}

function snapshotsOf(w: World) {
  const previous = snapOf(w, w.before, (h) => ownerBefore(w, h), NOW - 20 * MIN);
  const latest = snapOf(w, w.after, (h) => ownerAfter(w, h), NOW - MIN);
  const [prev, next] = [previous.schedules[0], latest.schedules[0]];
  // Sync's own keeping (core/sync/kept.ts) makes the snapshot the planner is given: its input, not the oracle.
  const shiftsKept = w.keep && prev && next ? keptAfterRead(prev, next, NOW - MIN) : undefined;
  const snapshot = next && shiftsKept ? { ...latest, schedules: [{ ...next, shiftsKept }] } : latest;
  return { previous, snapshot };
}

function settingsOf(w: World) {
  return settingsWith({ schedules: [{ id: 'sch_p', ...(w.reminders ? { reminders: w.reminders } : {}) }] });
}

function plan(w: World): PlannedReminder[] {
  const { previous, snapshot } = snapshotsOf(w);
  const settings = settingsOf(w);
  return planReminders({
    snapshot,
    previous,
    nowMs: NOW,
    settings,
    localZone: 'UTC',
  });
}

/** The hours a change notice's key names on each side ("change:sch_p:<a>-<b>,…><a>-<b>,…"), mine before and after. */
function sidesOf(key: string): { before: Set<number>; after: Set<number> } {
  const m = /^change:[^:]+:(.*)>(.*)$/.exec(key);
  const hoursOf = (side: string) =>
    new Set(
      [...side.matchAll(/(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)-(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)/g)].flatMap((x) => {
        const [a, b] = [(Date.parse(x[1] ?? '') - T0) / H, (Date.parse(x[2] ?? '') - T0) / H];
        return Array.from({ length: b - a }, (_, i) => a + i);
      }),
    );
  return { before: hoursOf(m?.[1] ?? ''), after: hoursOf(m?.[2] ?? '') };
}

const run = <T extends unknown[]>(p: fc.IPropertyWithHooks<T>) => fc.assert(p, { numRuns: NUM_RUNS, seed: SEED });

describe('issue 35: reminders that state a span rest on what both reads read (generated worlds)', () => {
  it('"Shift ended" at E only where the hour from E was read, and at every such end of a block of mine', () => {
    run(
      fc.property(worldArb, (w) => {
        const ends = plan(w)
          .filter((r) => r.kind === 'end' && r.atMs > NOW)
          .map((r) => (r.atMs - T0) / H)
          .sort((a, b) => a - b);
        const owed = myBlocksAfter(w)
          .map((b) => b.endH)
          .filter((e) => e > NOW_H && known(w, e));
        expect(ends).toEqual(owed);
      }),
    );
  });

  it('a change notice is about hours both reads read whose owner changed, and every such hour ahead is told', () => {
    run(
      fc.property(worldArb, (w) => {
        const both = (h: number) => read(w.before, h) && known(w, h);
        const changed = Array.from({ length: HOURS }, (_, h) => h).filter(
          (h) => h >= NOW_H && both(h) && ownerBefore(w, h) !== ownerKnown(w, h),
        );
        const notices = plan(w).filter((r) => r.kind === 'change');
        const told = new Set<number>();
        for (const n of notices) {
          const { before, after } = sidesOf(n.key);
          const diff = [...before, ...after].filter((h) => before.has(h) !== after.has(h) && h >= NOW_H && both(h));
          // A notice must rest on a difference both reads saw.
          expect(diff, `${n.key}: "${n.notification.title}" ${n.notification.body}`).not.toEqual([]);
          diff.forEach((h) => told.add(h));
        }
        expect([...told].sort((a, b) => a - b)).toEqual(changed);
      }),
    );
  });

  it("a change notice replaces every reminder of my next block already due by the schedule's own lead times", () => {
    run(
      fc.property(worldArb, (w) => {
        const items = plan(w);
        for (const n of items.filter((r) => r.kind === 'change' && r.startsAtMs !== undefined)) {
          const startMs = n.startsAtMs ?? 0;
          // Due by the schedule's own choice: each lead whose time has come, and "On call now" once started.
          const due = [
            ...leadsOf(w).filter((lead) => startMs - lead * MIN <= NOW),
            ...(atStartOf(w) && startMs <= NOW ? [0] : []),
          ];
          const planned = items.filter(
            (r) => (r.kind === 'lead' || r.kind === 'start') && r.shift?.startMs === startMs && r.atMs <= NOW,
          );
          // Each already-due reminder the planner holds for that block is settled by the notice: none comes late.
          for (const r of planned) expect(n.replaces, `${n.key} leaves ${r.key} to come late`).toContain(r.key);
          expect(n.replaces?.filter((k) => !k.includes(':end:')).length).toBe(due.length);
        }
      }),
    );
  });
});

describe('issue 35: the week shows the reads the reminders rest on (generated worlds)', () => {
  it('the view marks saved exactly the kept hours, with who had them; a reminder says saved data iff its block has one', () => {
    run(
      fc.property(worldArb, (w) => {
        const { snapshot } = snapshotsOf(w);
        const state = deriveState({
          snapshot,
          nowMs: NOW,
          settings: settingsOf(w),
          setup: SETUP_OK,
          syncing: false,
          notices: [],
          localZone: 'UTC',
          notificationHealth: { result: 'ok', message: 'ok' },
        });
        const timeline = state.schedules[0]?.timeline ?? [];
        // Each hour as the week reads it: saved (by whom) or not.
        const savedHour = (h: number) => {
          const t = T0 + h * H;
          const span = timeline.find((x) => Date.parse(x.start) <= t && t < Date.parse(x.end));
          if (!span?.saved) return 'not saved';
          return `${span.kind} saved ${span.saved.readAt} ${span.saved.users.map((u) => u.name).join('+') || 'nobody'}`;
        };
        const expected = (h: number) =>
          kept(w, h) ? `unknown saved ${iso(NOW - 20 * MIN)} ${ownerBefore(w, h) ? 'Me' : 'Alice'}` : 'not saved';
        const hours = Array.from({ length: HOURS }, (_, h) => h);
        expect(hours.map(savedHour)).toEqual(hours.map(expected));
        // The reminders of a block rest on the saved read wherever the block has a kept hour.
        for (const r of plan(w).filter((x) => x.kind === 'lead' || x.kind === 'start' || x.kind === 'end')) {
          const ref = r.shift;
          if (!ref) continue;
          const [a, b] = [(ref.startMs - T0) / H, (ref.endMs - T0) / H];
          const anyKept = hours.some((h) => h >= a && h < b && kept(w, h));
          expect(ref.keptReadAtMs, r.key).toBe(anyKept ? NOW - 20 * MIN : undefined);
        }
      }),
    );
  });
});
