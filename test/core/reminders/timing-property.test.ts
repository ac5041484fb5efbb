// Issue 18, "How it is proven", second bullet: fast-check generates sleep, outage, restart and (issue 27) hole
// timings around each reminder and judges the short worlds they make with the month world's oracles
// (partial-judge.ts): false statements, statements from stale data that don't say so (a read with a hole over the
// time is no read of it), dropped leads, phantom since/ended, changes untold or told twice, and "removed" or "cut
// short" about time the read could not read. Same setup as month-partial.test.ts (real engine, simulator behind a
// TCP proxy, real files, fake clock, a revision that never moves, a fresh install mid-day), over up to three and a
// half days. Every counterexample found is kept below as a plain test.
//
// By default (CI) a few worlds from a fixed seed, within a time limit, a failure reported unshrunk: a world takes
// seconds, shrinking one many minutes. FC_RUNS=n runs n worlds and shrinks a failure; FC_SEED=n another seed;
// FC_PATH=<path printed by a failure> replays one; FC_SHRINK=0|1 chooses; FC_TIME_LIMIT_MS=n bounds the property;
// TIMING_DUMP=file writes the failing world's whole timeline.
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { printVerdict } from '../support/month-oracle';
import { PartialWorld, type PartialKind } from '../support/month-partial-world';
import { DAY, HOUR, iso, MIN, monthSeed, MONTH_SCHEDULES, type Interval } from '../support/month-world';
import { failureText, judge, timeline } from '../support/partial-judge';
import type { Block } from '../support/truth';

const DEEP = process.env['FC_RUNS'] !== undefined;
const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 5);
/**
 * The CI seed's first worlds meet none of the five bugs below that await an app fix; most seeds find one of them
 * within a few worlds (FC_SEED=1, 2, 4, …). Any failure at this seed is a new counterexample.
 */
const SEED = Number(process.env['FC_SEED'] ?? 25);
/** In CI no world starts after this long (a world takes 2–6 s on two cores; the counterexamples need ~30 s). */
const TIME_LIMIT_MS = Number(process.env['FC_TIME_LIMIT_MS'] ?? (DEEP ? 0 : 25_000));
const SHRINK = (process.env['FC_SHRINK'] ?? (DEEP ? '1' : '0')) !== '0';
const PROPERTY_TIMEOUT_MS = Math.max(120_000, NUM_RUNS * 60_000);
const WORLD_TIMEOUT_MS = 60_000;

/** A fresh install, started mid-day (13:37 in Berlin), as in month-partial.test.ts. */
const START = Date.parse('2026-04-02T11:37:00Z');
/** Episodes start within the first three days; the world ends half a day after the last one. */
const EPISODES_UNTIL = START + 3 * DAY;
const END = EPISODES_UNTIL + 12 * HOUR;
const IDS = MONTH_SCHEDULES.map((s) => s.id);
const REFRESH = { idleIntervalSec: 3600, nearIntervalSec: 600, nearWindowMin: 5 };

// ---- The generated worlds --------------------------------------------------------------------------------------

/** Where around a block of mine an episode starts: its 24-h lead, its 15-min lead, its start, its end. */
const ANCHORS = ['lead1440', 'lead15', 'start', 'end'] as const;
type Anchor = (typeof ANCHORS)[number];

/** What happens to the laptop or the service for the episode's duration. */
type Trouble =
  | { kind: 'sleep'; resume: boolean }
  | { kind: 'restart' }
  | { kind: 'outage'; outage: 'http500' | 'down' | 'offline' }
  | { kind: 'partial'; partial: PartialKind; oneSchedule: boolean }
  /**
   * Shifts sent unreadable (issue 27): over the targeted block (from `offsetMin` after its start, for `lengthMin`),
   * or on any schedule (`schedule`, an index into the month's) over a span starting `offsetMin` after now.
   */
  | { kind: 'hole'; onTarget: boolean; schedule: number; offsetMin: number; lengthMin: number };

interface Episode {
  /** Hours that pass before the episode's block is chosen. */
  gapH: number;
  /** Which of the next three blocks of mine (ordered by the anchor's instant, at least an hour ahead). */
  target: number;
  anchor: Anchor;
  offsetMin: number;
  durationMin: number;
  trouble: Trouble;
  /** The targeted block (what is left of it) is given to someone else halfway through the episode. */
  giveAway: boolean;
}

interface TimingWorld {
  /** Seeds the engine's polling jitter, so a world replays exactly. */
  jitterSeed: number;
  episodes: Episode[];
}

const GIVE_TO = 'alice@example.com';

const troubleArb: fc.Arbitrary<Trouble> = fc.oneof(
  fc.record({ kind: fc.constant<'sleep'>('sleep'), resume: fc.boolean() }),
  fc.record({ kind: fc.constant<'restart'>('restart') }),
  fc.record({ kind: fc.constant<'outage'>('outage'), outage: fc.constantFrom('http500', 'down', 'offline') }),
  fc
    .record({
      kind: fc.constant<'partial'>('partial'),
      partial: fc.constantFrom<PartialKind>('shiftsFail', 'detailsFail', 'coverageFail'),
      // The coverage list is one list for all schedules: it fails for all or not at all.
      oneSchedule: fc.boolean(),
    })
    .map((t) => ({ ...t, oneSchedule: t.oneSchedule && t.partial !== 'coverageFail' })),
  fc.record({
    kind: fc.constant<'hole'>('hole'),
    onTarget: fc.boolean(),
    schedule: fc.nat({ max: IDS.length - 1 }),
    offsetMin: fc.integer({ min: -600, max: 2880 }),
    lengthMin: fc.integer({ min: 30, max: 960 }),
  }),
);

const episodeArb: fc.Arbitrary<Episode> = fc.record({
  gapH: fc.integer({ min: 0, max: 12 }),
  target: fc.integer({ min: 0, max: 2 }),
  anchor: fc.constantFrom(...ANCHORS),
  offsetMin: fc.integer({ min: -40, max: 10 }),
  durationMin: fc.integer({ min: 1, max: 150 }),
  trouble: troubleArb,
  giveAway: fc.boolean(),
});

/** One to four episodes; at most one gives a shift away (the first that asks), so its notice is judged alone. */
function timingWorldArb(): fc.Arbitrary<TimingWorld> {
  return fc
    .record({
      jitterSeed: fc.integer({ min: 1, max: 1_000_000 }),
      episodes: fc.array(episodeArb, { minLength: 1, maxLength: 4 }),
    })
    .map(({ jitterSeed, episodes }) => {
      const first = episodes.findIndex((e) => e.giveAway);
      return { jitterSeed, episodes: episodes.map((e, i) => ({ ...e, giveAway: i === first })) };
    });
}

// ---- Playing a world -------------------------------------------------------------------------------------------

/** Worlds not closed yet, each with its harness: a test that times out leaves its world to afterEach. */
const open = new Map<PartialWorld, Harness>();
async function close(w: PartialWorld): Promise<void> {
  const h = open.get(w);
  open.delete(w);
  await w.close();
  await h?.close();
}
afterEach(async () => {
  for (const w of [...open.keys()]) await close(w);
});

const anchorMs: Record<Anchor, (b: Block) => number> = {
  lead1440: (b) => b.startMs - 1440 * MIN,
  lead15: (b) => b.startMs - 15 * MIN,
  start: (b) => b.startMs,
  end: (b) => b.endMs,
};

/** Makes a fresh world: the month's schedules, a simulator whose revision never moves, real files, the fake clock. */
async function newWorld(jitterSeed: number): Promise<PartialWorld> {
  const h = await createHarness({ startMs: START, seed: monthSeed(), files: 'fs', jitterSeed, revisionMoves: false });
  const w = new PartialWorld(h, {
    scheduleIds: IDS,
    truthFromMs: START - 3 * DAY,
    truthToMs: END + 17 * DAY,
    zone: 'Europe/Berlin',
    ...REFRESH,
  });
  open.set(w, h);
  await w.prepare();
  return w;
}

/** Plays the episodes; returns what happened, in words, and when the world ended. */
async function simulate(w: PartialWorld, tw: TimingWorld): Promise<{ done: string[]; endMs: number }> {
  // A block whose schedule changed lately is not targeted: what the app owes around it is the change's notice,
  // judged apart (and the lead oracle skips such blocks anyway), as month-partial's `fresh` filter does.
  const lastChange = new Map<string, number>();
  const fresh = (b: Block) => (lastChange.get(b.scheduleId) ?? -Infinity) < w.now() - 2 * DAY;
  const done: string[] = [];
  await w.start('start');
  for (const e of tw.episodes) {
    await w.advanceTo(w.now() + e.gapH * HOUR);
    // "Ahead" is the anchor's: a 24-h lead an hour away is as much a target as a start an hour away.
    const at = anchorMs[e.anchor];
    const candidates = w
      .truth()
      .filter((b) => fresh(b) && at(b) >= w.now() + HOUR)
      .sort((a, b) => at(a) - at(b) || a.scheduleId.localeCompare(b.scheduleId))
      .slice(0, 3);
    const b = candidates[e.target % Math.max(1, candidates.length)];
    const fromMs = b ? at(b) + e.offsetMin * MIN : Infinity;
    if (!b || fromMs < w.now() || fromMs > EPISODES_UNTIL) {
      done.push(`skipped at ${iso(w.now())}: ${b ? `it would start at ${iso(fromMs)}` : 'no block to target'}`);
      continue;
    }
    await w.advanceTo(fromMs);
    let given = '';
    const giveAway = async (): Promise<void> => {
      // The part not yet over, from the next whole minute (a running shift is given away from now on).
      const startMs = Math.max(b.startMs, Math.ceil((w.now() + 1) / MIN) * MIN);
      if (!e.giveAway || startMs >= b.endMs) return;
      const c = await w.change(`give ${b.scheduleId} ${iso(b.startMs)} away`, [
        { scheduleId: b.scheduleId, startMs, endMs: b.endMs, email: GIVE_TO },
      ]);
      for (const sid of c.diff.keys()) lastChange.set(sid, w.now());
      given = `, ${iso(startMs)}–${iso(b.endMs)} given away at ${iso(w.now())}`;
    };
    await play(w, e.trouble, e.durationMin * MIN, giveAway, b);
    const offset = `${e.anchor}${e.offsetMin >= 0 ? '+' : ''}${e.offsetMin} min`;
    const block = `${b.scheduleId} ${iso(b.startMs)}–${iso(b.endMs)}`;
    done.push(`${describeTrouble(e.trouble)} ${iso(fromMs)} for ${e.durationMin} min (${offset} of ${block})${given}`);
  }
  // Half a day after the last episode is enough for its consequences (a backoff, a re-read every 2 h, a late end).
  const endMs = Math.min(END, Math.max(w.now(), START + 12 * HOUR) + 12 * HOUR);
  await w.advanceTo(endMs);
  await w.engine?.stop();
  return { done, endMs };
}

async function play(w: PartialWorld, t: Trouble, ms: number, giveAway: () => Promise<void>, b: Block): Promise<void> {
  const during = [{ afterMs: Math.floor(ms / 2), act: giveAway }];
  if (t.kind === 'sleep') return w.sleep(ms, t.resume, during);
  if (t.kind === 'restart') return w.restart(ms, during);
  const fromMs = w.now();
  if (t.kind === 'outage') await w.outageBegin(t.outage);
  else if (t.kind === 'hole') await w.holeBegin(...holeOf(t, b, fromMs));
  else await w.partialBegin(t.partial, t.oneSchedule ? b.scheduleId : undefined);
  await w.advanceTo(fromMs + Math.floor(ms / 2));
  await giveAway();
  await w.advanceTo(fromMs + ms);
  if (t.kind === 'outage') await w.outageEnd();
  else if (t.kind === 'hole') await w.holeEnd();
  else await w.partialEnd(t.partial);
}

/** Where a hole goes: over the targeted block, or on any schedule from now on. */
function holeOf(t: Extract<Trouble, { kind: 'hole' }>, b: Block, nowMs: number): [string, Interval] {
  const fromMs = (t.onTarget ? b.startMs : nowMs) + t.offsetMin * MIN;
  return [t.onTarget ? b.scheduleId : (IDS[t.schedule] ?? b.scheduleId), { fromMs, toMs: fromMs + t.lengthMin * MIN }];
}

function describeTrouble(t: Trouble): string {
  if (t.kind === 'hole')
    return `shifts sent unreadable (${t.onTarget ? 'the block' : IDS[t.schedule]} ${t.offsetMin >= 0 ? '+' : ''}${t.offsetMin} min, ${t.lengthMin} min)`;
  if (t.kind === 'sleep') return t.resume ? 'sleep' : 'sleep (no resume event)';
  if (t.kind === 'restart') return 'app closed';
  if (t.kind === 'outage') return `outage ${t.outage}`;
  return `partial ${t.partial}${t.oneSchedule ? ' (that schedule only)' : ''}`;
}

/** The timeline without the routine successful probes and coverage reads, which say nothing about a failure. */
const shortTimeline = (w: PartialWorld): string =>
  timeline(w)
    .split('\n')
    .filter((l) => !/ SYNC (getSchedule|listCoverageRequests|listAllCoverageRequests) \S* ok$/.test(l))
    .join('\n');

interface Run {
  w: PartialWorld;
  /** What happened, episode by episode, in words. */
  done: string[];
  /** '' when both oracles are satisfied, else the failures, what happened and the timeline. */
  found: string;
  /** When the world ended. */
  endMs: number;
}

/**
 * Plays one world and judges it; `print` prints a failing verdict's table. The world is closed after; what it
 * recorded stays readable.
 */
async function run(tw: TimingWorld, print = false): Promise<Run> {
  const w = await newWorld(tw.jitterSeed);
  try {
    const { done, endMs } = await simulate(w, tw);
    const verdict = judge(w, { startMs: START, endMs, refresh: REFRESH });
    if (verdict.failures.size === 0) return { w, done, found: '', endMs };
    if (print)
      printVerdict(verdict, { jitterSeed: tw.jitterSeed, episodes: done.length, messages: w.rec.shown.length });
    const dump = process.env['TIMING_DUMP'];
    if (dump) writeFileSync(dump, timeline(w));
    const found = [
      failureText(verdict),
      `--- world ${JSON.stringify(tw)}`,
      ...done.map((d) => `--- ${d}`),
      '--- timeline (successful probes and coverage reads left out)',
      shortTimeline(w),
    ].join('\n');
    return { w, done, found, endMs };
  } finally {
    await close(w);
  }
}

// No `interruptAfterTimeLimit`: it abandons an async run midway, and an abandoned world's engine would go on in the
// background into the next test. The property checks its own time budget before each world instead.
const PARAMS: fc.Parameters<[TimingWorld]> = {
  seed: SEED,
  numRuns: NUM_RUNS,
  endOnFailure: !SHRINK,
  ...(process.env['FC_PATH'] ? { path: process.env['FC_PATH'] } : {}),
};

describe('issue 18: generated sleep, outage and restart timings around each reminder', () => {
  it(
    'says nothing false or stale-unsaid, drops no lead, tells no phantom and every change once',
    async () => {
      const untilMs = TIME_LIMIT_MS > 0 ? Date.now() + TIME_LIMIT_MS : Infinity;
      let played = 0;
      await fc.assert(
        fc.asyncProperty(timingWorldArb(), async (tw) => {
          if (Date.now() > untilMs) return; // past the budget: the rest are not played
          played++;
          const { found } = await run(tw, true);
          if (found) throw new Error(found);
        }),
        PARAMS,
      );
      console.log(`timing property: ${played} world(s) played of ${NUM_RUNS} (seed ${SEED})`);
    },
    PROPERTY_TIMEOUT_MS,
  );
});

// ---- Counterexamples: worlds the property found, shrunk (by fast-check or by hand), then written out ------------
// Times are UTC; Berlin is UTC+2, the machine's zone. The first five were real bugs (fixed in the app: each also
// checks the message a user now gets); the next four were the oracle's own mistakes (fixed there), kept so the
// oracles keep judging those timings right; the last two come from the worlds with holes (issue 27): the app's bug, then the oracle's.

const episode = (e: Partial<Episode> & Pick<Episode, 'anchor' | 'trouble'>): Episode => ({
  gapH: 0,
  target: 0,
  offsetMin: 0,
  durationMin: 10,
  giveAway: false,
  ...e,
});
const sleep = (resume: boolean): Trouble => ({ kind: 'sleep', resume });
const down: Trouble = { kind: 'outage', outage: 'down' };
const offline: Trouble = { kind: 'outage', outage: 'offline' };
/** Harmless to reminders: a trouble that only times the give-away. */
const coverageFails: Trouble = { kind: 'partial', partial: 'coverageFail', oneSchedule: false };
const shiftsFail = (oneSchedule: boolean): Trouble => ({ kind: 'partial', partial: 'shiftsFail', oneSchedule });
/**
 * Where my on-call time that reaches `atMs` (a block's end) ends, read from the world's blocks by the test itself:
 * my blocks on every schedule, merged where they touch or overlap (issue 50: "Shift ended" is said at the end of
 * the run, not at a join inside it). `atMs` when no other block of mine carries it on.
 */
function runEndAt(blocks: readonly Block[], atMs: number): number {
  let endMs = atMs;
  for (let grew = true; grew;) {
    grew = false;
    for (const b of blocks)
      if (b.startMs <= endMs && b.endMs > endMs) {
        endMs = b.endMs;
        grew = true;
      }
  }
  return endMs;
}
/** The "Shift ended" notices the world owes for a run ending at `runEndMs`: one, if the world got there. */
const endOfRunTold = (w: PartialWorld, runEndMs: number): number =>
  w.rec.shown.filter((m) => m.id.includes(':end:') && m.atMs >= runEndMs).length;
/** What was shown from one instant (UTC) to another, as "title | body". */
const shownBetween = (w: PartialWorld, from: string, to: string): string[] =>
  w.rec.shown.filter((m) => m.atMs >= Date.parse(from) && m.atMs < Date.parse(to)).map((m) => `${m.title} | ${m.body}`);

describe('counterexamples', () => {
  it(
    'a shift cut short while asleep gets one true message, not a late "Shift ended" and a "removed" for all of it',
    async () => {
      // Shrunk by fast-check (FC_SEED=4, path 14:0:0:1:2:1:2:1:1:1:2). Edge network 00:00–08:00 is mine: "On call
      // now" at 00:00, then asleep one minute (no resume event); at 00:00:30 the rest of it from 00:01 goes to Alice.
      // When the app notices the sleep (00:11) both come at once: "Shift ended — Your Edge network shift 02:00–02:01
      // ended at 02:01. Alice Doe took over." and "Your shift was removed — Alice Doe is covering your Edge network
      // shift 02:00–10:00: you are not on call now" (I was on call 02:00–02:01).
      const { w, found } = await run({
        jitterSeed: 1,
        episodes: [episode({ anchor: 'start', durationMin: 1, trouble: sleep(false), giveAway: true })],
      });
      expect(found).toBe('');
      // Now: one notice, when the sleep is noticed (within a minute of waking), of the cut; no "removed", no late end.
      // No "you are not on call now": another schedule of mine in this world has me from 12:00 the day before to 12:00
      // (the world's blocks, mine on each schedule), so that clause, pinned here before, was false (adv47 r30 #1).
      const told = shownBetween(w, '2026-04-03T00:00:30Z', '2026-04-03T08:00:00Z').filter((m) => m.includes('Edge'));
      expect(told).toEqual([
        'Your shift was cut short | Your Edge network shift ended at 02:01 (01:01 London), not 10:00 (09:00 London) as planned. Alice Doe is covering the rest.',
      ]);
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    '"On call now" after twenty minutes of failed reads of that schedule says it rests on saved data',
    async () => {
      // Platform primary 07:00 (09:00 Berlin) is mine. The service is down from 06:08; every probe fails from 06:39 on.
      // At 06:58:30 my shift is given to Alice. At 07:00 "On call now — Platform primary until Sat 09:00", plain: the
      // shifts were read at 05:38, inside the two-interval allowance, and the failures since are not looked at.
      const { w, found } = await run({
        jitterSeed: 964199,
        episodes: [
          episode({ gapH: 12, anchor: 'lead15', offsetMin: -37, durationMin: 101, trouble: down, giveAway: true }),
        ],
      });
      expect(found).toBe('');
      // Now: the lead and the start say what they rest on (the reads since 06:39 failed).
      const told = shownBetween(w, '2026-04-03T06:40:00Z', '2026-04-03T07:01:00Z');
      expect(told).toHaveLength(2);
      for (const m of told) expect(m).toMatch(/\| According to saved data from 07:\d\d, you are on call/);
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    '"Shift ended" is not said as fresh once the probe contradicted the saved shifts and their re-read failed',
    async () => {
      // Data pipeline 04:00–16:00 is mine; shifts fail for every schedule 15:44–16:03 while details answer. At 15:53:30
      // its last six minutes go to Alice. The probe from 15:55 asks for the shifts again, four reads fail; at 16:00
      // "Shift ended — Data pipeline 06:00–18:00 is over. Bob Stone takes over." (it ended at 17:54 Berlin, to Alice),
      // and at 16:09 a second "Shift ended" for the same shift: "… 06:00–17:54 ended at 17:54. Alice Doe took over."
      const { w, found, endMs } = await run({
        jitterSeed: 999993,
        episodes: [
          episode({ anchor: 'end', offsetMin: -16, durationMin: 19, trouble: shiftsFail(false), giveAway: true }),
        ],
      });
      expect(found).toBe('');
      // Now: one "Shift ended", at 16:00, saying what it rests on (the re-read failed); no second one. Unless another
      // block of mine carries my on-call time on past 15:54/16:00 (issue 50): then none here, and the run's end says it.
      const ended = shownBetween(w, '2026-04-02T15:00:00Z', '2026-04-02T18:00:00Z').filter((m) =>
        m.startsWith('Shift ended'),
      );
      const runEndMs = Math.max(
        ...['2026-04-02T15:54:00Z', '2026-04-02T16:00:00Z'].map((t) => runEndAt(w.truth(), Date.parse(t))),
      );
      const endsHere = runEndMs <= Date.parse('2026-04-02T16:00:00Z');
      expect(ended).toEqual(
        endsHere
          ? [expect.stringMatching(/^Shift ended \| According to saved data from 17:\d\d, your Data pipeline/)]
          : [],
      );
      if (!endsHere && runEndMs <= endMs) expect(endOfRunTold(w, runEndMs)).toBe(1);
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    '"On call now" is not said for a shift given away a minute before it starts',
    async () => {
      // Edge network 00:00–08:00 is mine; the service is healthy (only the coverage list fails) and its revision
      // never moves. The probe at 23:55 (near window) agrees with the saved shifts; at 23:59 the shift goes to Alice;
      // at 00:00 "On call now — Edge network until 10:00" from shifts nothing re-read since.
      const { w, found } = await run({
        jitterSeed: 17,
        episodes: [episode({ anchor: 'start', offsetMin: -4, durationMin: 6, trouble: coverageFails, giveAway: true })],
      });
      expect(found).toBe('');
      // Now: at 00:00 the start reminder reads the schedule first and finds the shift gone: one "removed" notice.
      const told = shownBetween(w, '2026-04-02T23:50:00Z', '2026-04-03T00:05:00Z');
      expect(told).toEqual([
        expect.stringMatching(/^Your shift was removed \| Alice Doe is covering your Edge network/),
      ]);
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    'a 15-min lead slept through without a resume event is caught up on waking six minutes before the start',
    async () => {
      // Platform primary 07:00 is mine. Asleep 06:27–06:54, no resume event. The sleep is first noticed at 07:03 (a
      // sync timer; the scheduler's own may be up to 10 min out): nothing before the start, then "On call now — You
      // have been on call … since 09:00".
      const { w, found } = await run({
        jitterSeed: 767261,
        episodes: [
          episode({ gapH: 9, target: 1, anchor: 'lead15', offsetMin: -18, durationMin: 27, trouble: sleep(false) }),
        ],
      });
      expect(found).toBe('');
      // Now: the sleep is noticed within a minute of waking, and the lead caught up before the start.
      const told = shownBetween(w, '2026-04-03T06:27:00Z', '2026-04-03T07:00:00Z');
      expect(told).toEqual([expect.stringMatching(/^On call in [56] min \| Platform primary/)]);
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    'a "Shift ended" told at the instant the app quits is not owed again after the restart',
    async () => {
      // Data pipeline 04:00–16:00 is mine; the app quits at 16:00, right after saying "Shift ended", and starts again
      // at 16:02. The oracle asked for the end once more after the restart (it took the end as missed while closed).
      const { w, found, endMs } = await run({
        jitterSeed: 428097,
        episodes: [episode({ anchor: 'end', durationMin: 2, trouble: { kind: 'restart' } })],
      });
      const quitMs = w.closed[0]?.fromMs ?? NaN;
      // One "Shift ended" at the quit, unless another block of mine carries my on-call time on (issue 50): then the
      // run's end says it, if the world got there.
      const runEndMs = runEndAt(w.truth(), quitMs);
      const endsHere = runEndMs === quitMs;
      expect(w.rec.shown.filter((m) => m.id.includes(':end:') && m.atMs === quitMs)).toHaveLength(endsHere ? 1 : 0);
      if (!endsHere && runEndMs <= endMs) expect(endOfRunTold(w, runEndMs)).toBe(1);
      expect(found).toBe('');
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    "a change made while one schedule's shifts fail alone is told once they answer again",
    async () => {
      // Platform primary's shifts fail alone 06:49–09:12; at 08:00:30 the rest of my running shift goes to Alice. The
      // app can read that schedule only from 09:12 (then waits out its backoff); the oracle's deadline counted only
      // outages of every schedule (change + 1 h).
      const { w, found } = await run({
        jitterSeed: 676546,
        episodes: [
          episode({
            gapH: 10,
            target: 1,
            anchor: 'lead15',
            offsetMin: 4,
            durationMin: 143,
            trouble: shiftsFail(true),
            giveAway: true,
          }),
        ],
      });
      const notices = w.rec.shown.filter((m) => m.id.startsWith('change:'));
      expect(notices).toHaveLength(1);
      expect(notices[0]?.atMs).toBeGreaterThan(w.partials[0]?.toMs ?? Infinity);
      expect(found).toBe('');
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    "a change to tomorrow's shift made after its 24-h lead is told before the 15-min lead, not within the hour",
    async () => {
      // Offline 08:07–08:22; at 08:14:30 tomorrow's Edge network shift (08:00) goes to Alice. The revision doesn't
      // move and the probe vouches only for now and the next shift, so the app learns it at the 2-hourly re-read
      // (10:22): well before the next reminder (the 15-min lead tomorrow). The oracle asked for it within the hour.
      const { w, found } = await run({
        jitterSeed: 314410,
        episodes: [
          episode({
            gapH: 4,
            target: 1,
            anchor: 'lead1440',
            offsetMin: 7,
            durationMin: 15,
            trouble: offline,
            giveAway: true,
          }),
        ],
      });
      const notices = w.rec.shown.filter((m) => m.id.startsWith('change:'));
      expect(notices).toHaveLength(1);
      expect(notices[0]?.atMs).toBeGreaterThan((w.outages[0]?.toMs ?? Infinity) + HOUR);
      expect(found).toBe('');
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    'shifts sent unreadable two days ahead are not told as removed, nor as added once readable again',
    async () => {
      // Found by the property with holes (issue 27; FC_SEED=3, before the fix). Data pipeline's shifts over Sun
      // 04:00–14:09 are sent unreadable 15:57–16:57 on Fri, while my running 16:00–04:00 shift is given away from
      // 16:28. At 16:00 "Your shift was removed — Data pipeline Sun 06:00–18:00 was removed from your shifts", at
      // 17:00 "Your shift was added — You were added to Data pipeline Sun 06:00–18:00", beside the true notice.
      const { w, found } = await run({
        jitterSeed: 605046,
        episodes: [
          episode({
            gapH: 1,
            target: 2,
            anchor: 'start',
            offsetMin: -3,
            durationMin: 60,
            trouble: { kind: 'hole', onTarget: false, schedule: 2, offsetMin: 2142, lengthMin: 609 },
            giveAway: true,
          }),
        ],
      });
      expect(found).toBe('');
      // Now: one notice, about the shift given away; nothing about Sunday.
      const notices = w.rec.shown.filter((m) => m.id.startsWith('change:sch_data:'));
      expect(notices.map((m) => m.id)).toEqual([expect.stringMatching(/^change:sch_data:2026-04-03T16:00:00Z-/)]);
      expect(w.rec.shown.filter((m) => /Sun 06:00/.test(m.body) && m.id.startsWith('change:'))).toEqual([]);
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    'a hole is the whole shifts the service sends unreadable, and a change inside one is told once it can be read',
    async () => {
      // Found by the property with holes (FC_SEED=8), the oracle's mistake. Platform primary's shifts over Sat 21:27 –
      // Sun 13:17 are sent unreadable 07:02–08:37 on Fri; at 07:49:30 the rest of my running shift goes to Alice. Her
      // override joins her own shift on Sat into one listed shift 07:50 Fri – 07:00 Sun, which overlaps the span: the
      // read at 08:00 can't read the change from the shifts, but the schedule's fresh answer states Alice's shift (issue
      // 47, adv47 r34), so it may be told then. The oracle took the hole for the span asked, not for the whole shifts
      // sent, and wanted the notice by 08:51; it now counts the answer's own spans as read.
      const { w, found } = await run({
        jitterSeed: 339076,
        episodes: [
          episode({
            gapH: 11,
            target: 1,
            anchor: 'start',
            offsetMin: 2,
            durationMin: 95,
            trouble: { kind: 'hole', onTarget: true, schedule: 5, offsetMin: 2307, lengthMin: 950 },
            giveAway: true,
          }),
        ],
      });
      expect(w.holes.map((x) => `${iso(x.span.fromMs)}–${iso(x.span.toMs)}`)).toContain(
        '2026-04-03T07:50:00Z–2026-04-06T07:00:00Z',
      );
      expect(w.rec.shown.filter((m) => m.id.startsWith('change:sch_platform:'))).toHaveLength(1);
      expect(found).toBe('');
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    'a late "Shift ended" for a shift whose last minutes were given away while asleep tells its true end',
    async () => {
      // Edge network 00:00–08:00 is mine. Asleep 07:55–08:00 (no resume event); at 07:57:30 its last two minutes go to
      // Alice. At 08:00 "Shift ended — Your Edge network shift 02:00–09:58 ended at 09:58. Alice Doe took over.": true,
      // about the shift the app knew. The oracle took it for a phantom (no read held a block ending at 07:58).
      const { w, found, endMs } = await run({
        jitterSeed: 149313,
        episodes: [
          episode({ gapH: 10, anchor: 'end', offsetMin: -5, durationMin: 5, trouble: sleep(false), giveAway: true }),
        ],
      });
      // One "Shift ended" for its true end, unless another block of mine carries my on-call time on past it (issue
      // 50): then the run's end says it, if the world got there.
      const trueEndMs = Date.parse('2026-04-03T07:58:00Z');
      const runEndMs = runEndAt(w.truth(), trueEndMs);
      const endsHere = runEndMs === trueEndMs;
      expect(w.rec.shown.filter((m) => m.id === 'shift:sch_edge:end:2026-04-03T07:58:00Z')).toHaveLength(
        endsHere ? 1 : 0,
      );
      if (!endsHere && runEndMs <= endMs) expect(endOfRunTold(w, runEndMs)).toBe(1);
      expect(found).toBe('');
    },
    WORLD_TIMEOUT_MS,
  );
});
