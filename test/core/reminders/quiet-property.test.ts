// Issue 39, "Done when", second bullet: generated worlds of quiet hours (any evening hours, some weekdays or all),
// pauses, each schedule's own reminder choice, changes others make (removed, cut short, added, moved; often during
// quiet time) and sleeps, through the real engine, simulator and a fake clock (support/quiet-world.ts). Judged by
// support/quiet-oracle.ts without the app's code: every promise a notice makes ("… still comes", "until …")
// holds, each heads-up promises exactly what the rule lets through, and no change to a shift of mine is held past
// its start. Counterexamples found are kept below as plain tests.
//
// By default (CI) a few worlds from a fixed seed within a time budget; FC_RUNS=n runs n (`npm run test:deep`),
// FC_SEED=n another seed, FC_PATH=<path printed by a failure> replays one, FC_SHRINK=0|1 chooses, FC_TIME_LIMIT_MS
// bounds the property (always bounded: the test can't time out), QUIET_DEBUG=1 prints what each world judged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuietOracle } from '../support/quiet-oracle';
import { MIN, play, T0, type Choice, type Event, type Quiet, type QuietWorld } from '../support/quiet-world';

const DEEP = process.env['FC_RUNS'] !== undefined;
const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 4);
const SEED = Number(process.env['FC_SEED'] ?? 39);
const SHRINK = (process.env['FC_SHRINK'] ?? (DEEP ? '1' : '0')) !== '0';
// Always a time budget, so the test can't time out: no world (and no shrink step) starts after it, and the test's
// own timeout leaves room for the world in flight. A world costs ~2.5 s of CPU alone (FC_RUNS=20 once took 339 s on
// the shared machine, with shrinking, past no budget at all); FC_TIME_LIMIT_MS=0 in a deep run means runs × 60 s.
const ASKED_MS = Number(process.env['FC_TIME_LIMIT_MS'] ?? (DEEP ? 0 : 40_000));
const TIME_LIMIT_MS = ASKED_MS > 0 ? ASKED_MS : NUM_RUNS * 60_000;
const PROPERTY_TIMEOUT_MS = TIME_LIMIT_MS + 120_000;

const quietArb: fc.Arbitrary<Quiet> = fc.record({
  start: fc.constantFrom('18:00', '20:00', '21:30', '22:00', '23:00', '00:30'),
  end: fc.constantFrom('05:00', '06:00', '07:00', '08:30'),
  days: fc.oneof(
    fc.constant<number[]>([]),
    fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 6 }),
  ),
});
const choiceArb: fc.Arbitrary<Choice> = fc.record({
  leadTimesMin: fc.oneof(
    {
      weight: 4,
      arbitrary: fc.uniqueArray(fc.constantFrom(15, 45, 90, 180, 600, 1440), { minLength: 1, maxLength: 3 }),
    },
    { weight: 1, arbitrary: fc.constant<number[]>([]) },
  ),
  atStart: fc.boolean(),
  atEnd: fc.boolean(),
  shiftChanges: fc.constantFrom(true, true, true, false),
});
/** Minutes into the world (its 36 h), as an instant. */
const at = fc.integer({ min: 10, max: 34 * 60 }).map((m) => T0 + m * MIN);
const eventArb: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ kind: fc.constant<'pause'>('pause'), atMs: at, lengthMin: fc.integer({ min: 30, max: 600 }) }),
  fc.record({
    kind: fc.constant<'sleep'>('sleep'),
    atMs: at,
    lengthMin: fc.integer({ min: 5, max: 240 }),
    resume: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant<'change'>('change'),
    atMs: at,
    how: fc.constantFrom<'remove' | 'cut' | 'add' | 'move'>('remove', 'cut', 'add', 'move'),
    schedule: fc.integer({ min: 0, max: 1 }),
    pick: fc.integer({ min: 0, max: 2 }),
    offsetMin: fc.integer({ min: 15, max: 600 }),
  }),
  fc.record({
    kind: fc.constant<'change'>('change'),
    atMs: at,
    how: fc.constantFrom<'remove' | 'cut' | 'add' | 'move'>('remove', 'cut', 'add', 'move'),
    schedule: fc.integer({ min: 0, max: 1 }),
    pick: fc.integer({ min: 0, max: 2 }),
    offsetMin: fc.integer({ min: 15, max: 600 }),
  }),
);
const worldArb: fc.Arbitrary<QuietWorld> = fc.record({
  jitterSeed: fc.integer({ min: 1, max: 1_000_000 }),
  quiet: quietArb,
  choices: fc.tuple(choiceArb, choiceArb),
  events: fc.array(eventArb, { minLength: 2, maxLength: 8 }),
});

async function verdict(w: QuietWorld): Promise<string | undefined> {
  const played = await play(w);
  const oracle = new QuietOracle(played);
  const failures = oracle.judge();
  if (process.env['QUIET_DEBUG']) console.log(JSON.stringify(oracle.judged), JSON.stringify(w));
  if (failures.length === 0) return undefined;
  const shown = played.shown.map((s) => `${new Date(s.atMs).toISOString()} ${s.id} "${s.title}" ${s.body}`);
  return [...failures, `--- world ${JSON.stringify(w)}`, ...played.log, '--- shown', ...shown].join('\n');
}

describe('issue 39: quiet hours and pause keep their promises in generated worlds', () => {
  it(
    'every promise holds, each heads-up says what comes, no change is held past its start',
    async () => {
      const untilMs = Date.now() + TIME_LIMIT_MS;
      let played = 0;
      await fc.assert(
        fc.asyncProperty(worldArb, async (w) => {
          if (Date.now() > untilMs) return;
          played++;
          const found = await verdict(w);
          if (found) throw new Error(found);
        }),
        {
          seed: SEED,
          numRuns: NUM_RUNS,
          endOnFailure: !SHRINK,
          // Shrinking stops at the budget too (a failure found is still reported, as far as it shrank).
          interruptAfterTimeLimit: TIME_LIMIT_MS,
          ...(process.env['FC_PATH'] ? { path: process.env['FC_PATH'] } : {}),
        },
      );
      console.log(`quiet property: ${played} world(s) played of ${NUM_RUNS} (seed ${SEED})`);
    },
    PROPERTY_TIMEOUT_MS,
  );
});

// ---- Counterexamples: worlds the property found, written out -------------------------------------------------
// The first failed on the app before issue 39's fix (heads-ups promising "its start reminders still come", the
// 180-min lead held at 00:00 for a 03:00 start); the second was the oracle's own mistake (a heads-up caught up after
// a sleep speaks as a lead and promises nothing), kept so the oracle keeps judging that right.

const COUNTEREXAMPLES: [string, QuietWorld][] = [
  [
    'only leads, "at the start" off on both schedules, quiet 23:00–08:30, changes by others',
    {
      jitterSeed: 7,
      quiet: { start: '23:00', end: '08:30', days: [] },
      choices: [
        { leadTimesMin: [1440, 180], atStart: false, atEnd: false, shiftChanges: true },
        { leadTimesMin: [180], atStart: false, atEnd: false, shiftChanges: true },
      ],
      events: [
        { kind: 'change', atMs: 1773137400000, how: 'add', schedule: 1, pick: 2, offsetMin: 574 },
        { kind: 'change', atMs: 1773137400000, how: 'cut', schedule: 0, pick: 2, offsetMin: 15 },
        { kind: 'change', atMs: 1773223980000, how: 'add', schedule: 1, pick: 0, offsetMin: 401 },
      ],
    },
  ],
  [
    'a sleep over the start of quiet hours: the heads-up comes late, as a lead',
    {
      jitterSeed: 411791,
      quiet: { start: '00:30', end: '05:00', days: [] },
      choices: [
        { leadTimesMin: [], atStart: false, atEnd: true, shiftChanges: true },
        { leadTimesMin: [600], atStart: false, atEnd: true, shiftChanges: true },
      ],
      events: [
        { kind: 'change', atMs: 1773221040000, how: 'move', schedule: 0, pick: 0, offsetMin: 309 },
        { kind: 'change', atMs: 1773226980000, how: 'cut', schedule: 0, pick: 2, offsetMin: 421 },
        { kind: 'sleep', atMs: 1773208260000, lengthMin: 102, resume: true },
        { kind: 'change', atMs: 1773150900000, how: 'move', schedule: 0, pick: 1, offsetMin: 448 },
        { kind: 'sleep', atMs: 1773185100000, lengthMin: 22, resume: false },
      ],
    },
  ],
];

describe('issue 39 counterexamples, kept as plain tests', () => {
  it.each(COUNTEREXAMPLES)(
    '%s',
    async (_name, w) => {
      expect(await verdict(w)).toBeUndefined();
    },
    120_000,
  );
});
