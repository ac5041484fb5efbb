// Issue 17, "Say only what is known", as a property: in generated hostile worlds (the real engine and simulator on
// the fake clock; per-route, per-schedule and per-page faults; lists that stop short; a key rejected mid-way; 404
// episodes; long sleeps, closed apps and restarts over the saved cache; revisions that never move), after every step
// no surface states an absence the app does not know. What the app could know is computed from the wire (every
// answer it got, through a recording proxy) and the world's own changes: see ../support/hostile-world.ts.
//
// FC_RUNS=n (default 15; `npm run test:deep` 500), FC_PATH=<path printed by a failure> replays one counterexample (pick its property with -t),
// FC_TIME_LIMIT_MS bounds a property (default 15 s when FC_RUNS is unset), DEBUG17=1 prints every step's surfaces
// and truth, STATS17=1 counts which statements were judged under which knowledge (is the generator reaching them?).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../../electron/cli/status-run';
import { formatStatus } from '../../../electron/cli/status-format';
import { buildHandoffSummary } from '../../../electron/core/state/handoff-summary';
import { buildTrayMenu, trayIconFor, trayTooltip, type TrayIcon } from '../../../electron/core/state/tray-menu';
import { hasData } from '../../../electron/shared/freshness';
import type { AppState } from '../../../electron/shared/view-state';
import { countsText, staleLine, uncoveredText } from '../../../renderer/src/lib/glance';
import { myShiftsNote } from '../../../renderer/src/lib/my-shift-rows';
import { cardLines, coverageNote, myStateLine, type FormatContext } from '../../../renderer/src/lib/status-model';
import {
  DAY,
  HOUR,
  MIN,
  nameOf,
  runWorld,
  worldArb,
  ZONE,
  type HostileWorld,
  type ScheduleSpec,
  type Step,
  type Truth,
  type World,
  type WorldSpec,
} from '../support/hostile-world';
import { caseTally } from '../../support/case-tally';
import { trayLabels } from '../support/tray-labels';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 15);
const SEED = 20261123;
/**
 * Each world runs the real engine over loopback, so shrinking a failure can take minutes: in CI (FC_RUNS unset) a
 * property stops after this long and reports the failure as shrunk so far (replay it with the printed seed and
 * path for the rest). `npm run test:deep` shrinks to the end.
 */
const TIME_LIMIT_MS = Number(process.env['FC_TIME_LIMIT_MS'] ?? (process.env['FC_RUNS'] === undefined ? 15_000 : 0));
const PARAMS: fc.Parameters<[World]> = {
  seed: SEED,
  numRuns: NUM_RUNS,
  ...(process.env['FC_PATH'] ? { path: process.env['FC_PATH'] } : {}),
  // The option, not the plugin: fc.interruptAfterTimeLimit() is a Plugin<unknown>, which a typed property's
  // parameters (Plugin<[World]>) don't accept in fast-check 4.10.
  ...(TIME_LIMIT_MS > 0 ? { interruptAfterTimeLimit: TIME_LIMIT_MS } : {}),
};

/** The test's own limit: well past the time limit above, or a few seconds a run (and shrinking) when deep. */
const PROPERTY_TIMEOUT_MS = Math.max(120_000, NUM_RUNS * 5_000);
/** One counterexample is one world: well under a second, unless the machine is very busy. */
const WORLD_TIMEOUT_MS = 60_000;

// ---- The surfaces, as the user reads them ----------------------------------------------------------------------

interface Card {
  id: string;
  text: string;
}

interface Surfaces {
  icon: TrayIcon;
  tooltip: string[];
  menu: string[];
  /** The popover's status line: title (with its "(saved data)" mark) and detail. */
  popoverMe: string;
  /** The My shifts list's words besides its rows (shown only when some schedule has data). */
  popoverMyShifts: string | undefined;
  popoverCards: Card[];
  /** The popover's one stale line. */
  popoverStale: string;
  /** The Coverage view: the list's freshness note and its counts. */
  coverageView: string;
  summary: string[];
  status: string[];
  exit: number;
}

function surfaces(state: AppState, nowMs: number): Surfaces {
  const ctx: FormatContext = { nowMs, locale: 'en-GB', localZone: ZONE };
  const me = myStateLine(state, ctx);
  const saved = state.schedules.some(
    (s) => s.status.kind === 'stale' || (s.status.kind === 'not_found' && hasData(s.status)),
  );
  const brief = state.sync.kind !== 'ok' && state.sync.kind !== 'partial';
  const note = myShiftsNote(state, ctx);
  const showsMyShifts =
    state.accounts.some((a) => a.email.trim() !== '') && state.schedules.some((s) => hasData(s.status));
  const myShifts = state.me.shifts.length === 0 ? [note.empty, note.missing ?? ''].join(' ') : (note.missing ?? '');
  const cards = state.schedules.map((s) => {
    const lines = cardLines(s, ctx, brief);
    const uncovered = uncoveredText(s, ctx);
    const now = lines.known && uncovered ? uncovered : lines.now;
    // A stale card is dimmed: with the status line's "(saved data)" mark, that is how the popover shows saved data.
    const dimmed = s.status.kind === 'stale' ? ' (dimmed)' : '';
    return {
      id: s.id,
      text: [`${s.name}${dimmed}`, `Now ${now}`, `Next ${lines.next}`, lines.status ?? ''].join(' | '),
    };
  });
  const stale = staleLine(state, ctx)?.text ?? '';
  const counts = hasData(state.coverage.status) ? countsText(state, ctx) : '';
  const menu = trayLabels(buildTrayMenu(state, nowMs, ZONE));
  return {
    icon: trayIconFor(state, nowMs),
    tooltip: trayTooltip(state, nowMs, ZONE).split('\n'),
    menu,
    // As MyStatus shows it: the title's mark only when the detail does not already say it ("saved data" once).
    popoverMe: `${me.title}${saved && !me.savedInDetail ? ' (saved data)' : ''} | ${me.detail}`,
    popoverMyShifts: showsMyShifts ? myShifts : undefined,
    popoverCards: cards,
    popoverStale: stale,
    coverageView: [coverageNote(state, ctx) ?? '', counts].join(' | '),
    summary: buildHandoffSummary(state, { nowMs, localZone: ZONE }).trimEnd().split('\n'),
    status: formatStatus(state, { nowMs, localZone: ZONE }).trimEnd().split('\n'),
    exit: exitCodeFor(state),
  };
}

function dump(s: Surfaces): string {
  return [
    `icon: ${s.icon}`,
    `tooltip:\n  ${s.tooltip.join('\n  ')}`,
    `menu:\n  ${s.menu.join('\n  ')}`,
    `popover me: ${s.popoverMe}`,
    `popover my shifts: ${s.popoverMyShifts ?? '(not shown)'}`,
    `popover cards:\n  ${s.popoverCards.map((c) => c.text).join('\n  ')}`,
    `popover stale: ${s.popoverStale}`,
    `coverage view: ${s.coverageView}`,
    `summary:\n  ${s.summary.join('\n  ')}`,
    `status:\n  ${s.status.filter((l) => !/^ {4}\S.* — /.test(l)).join('\n  ')}`,
    `exit: ${s.exit}`,
  ].join('\n');
}

// ---- The invariants ---------------------------------------------------------------------------------------------

/** My own state said as off call / none. */
const ME_ABSENCE =
  /Off call|No upcoming shift of yours|You are not on call|Not on call|No shift of yours|none in the next \d+ days|My next block: none|Your next shift: none/;
/** A schedule's "nobody" / "nothing". */
const SCHEDULE_ABSENCE = /nobody on call|No one is on call|[Uu]ncovered|[Nn]othing planned|[Nn]othing scheduled/;
/**
 * The coverage list's "none". (The tray's "Coverage requests (0)…" counts only requests asking me, not mine or those I
 * already cover, so it is no statement about the whole list and is left out.)
 */
const COVERAGE_ABSENCE = /none pending|No pending coverage requests/;
const SAVED = /saved data/i;

/** How often each kind of statement was judged, and under which knowledge (printed with STATS17=1). */
const note = caseTally('STATS17');

interface Judge {
  truth: Truth;
  nowMs: number;
  state: AppState;
  found: string[];
}

/** Whether a text names this schedule (by the name the service gives it, or its id: "Still loading: sch_data" counts). */
function names(text: string, id: string): boolean {
  return text.includes(nameOf(id)) || text.toLowerCase().includes(id);
}

/**
 * A "saved data" line about this schedule: it names it, or names no schedule (then it is about all of them). A line
 * about the coverage list is about that list only.
 */
function savedAbout(lines: readonly string[], id: string, ids: readonly string[]): boolean {
  return lines.some(
    (l) => SAVED.test(l) && !/^Coverage requests/.test(l) && (names(l, id) || !ids.some((other) => names(l, other))),
  );
}

/**
 * A schedule's absence ("nobody on call", "uncovered", "nothing planned") is said only about a time its last full
 * read covers (now, not in a hole), and plainly only while that read is fresh; otherwise the surface marks it as
 * saved data (`marked`).
 */
function judgeScheduleAbsence(j: Judge, surface: string, id: string, text: string, marked: boolean): void {
  if (!SCHEDULE_ABSENCE.test(text)) return;
  note(
    `schedule absence (${surface}): ${!j.truth.covers(id, j.nowMs) ? 'not covered' : j.truth.fresh(id, j.nowMs) ? 'fresh' : marked ? 'saved, marked' : 'saved, unmarked'}`,
  );
  if (!j.truth.covers(id, j.nowMs)) {
    j.found.push(`${surface}: says "${text}" about ${id}, whose shifts at now were never read`);
  } else if (!j.truth.fresh(id, j.nowMs) && !marked) {
    j.found.push(
      `${surface}: says "${text}" about ${id} plainly, but its data is not fresh and nothing marks it as saved data`,
    );
  }
}

/**
 * A statement about my shifts names every schedule it can't speak for: "no shift of yours" (and "off call") every
 * one not known fresh over now..horizon, and never counts such a one among those it covers; "your next shift is …"
 * every one whose shifts before it were never read (an earlier shift may hide there); "unknown"/"checking" every one
 * never read at now. "You are on call" is a positive fact and is left alone.
 */
function judgeMyLine(j: Judge, surface: string, line: string): void {
  const { truth, nowMs, state } = j;
  const onCallNow = /^(On call: (?!unknown|checking)|You are on call|On call until )/.test(line);
  if (onCallNow) return;
  if (ME_ABSENCE.test(line)) {
    // "No shift of yours": every schedule not fresh over now..horizon is named, and never among those it covers.
    const covered = /(?:No shift of yours|none) in the next \d+ days on (.+?)(?: ·| \(|\.|$)/.exec(line)?.[1] ?? '';
    note(
      `me absence: ${truth.ids.every((id) => truth.freshToHorizon(id, nowMs)) ? 'all fresh' : truth.ids.some((id) => !truth.covers(id, nowMs)) ? 'some unknown' : 'some saved'}`,
    );
    for (const id of truth.ids) {
      if (truth.freshToHorizon(id, nowMs)) continue;
      if (!names(line, id))
        j.found.push(`${surface}: "${line}" leaves out ${id}, whose shifts to the horizon are not known fresh`);
      else if (names(covered, id))
        j.found.push(
          `${surface}: "${line}" counts ${id} as covered, but its shifts to the horizon are not known fresh`,
        );
    }
    return;
  }
  const next = state.me.nextShift;
  const isNext =
    next !== null &&
    /^(Next on call:|Next: |Your next shift: (?!unknown|checking)|On call |My next block: (?!unknown))/.test(line);
  const untilMs = isNext && next ? Date.parse(next.start) : nowMs;
  note(
    `me ${isNext ? 'next' : 'other'} line: ${truth.ids.every((id) => truth.covers(id, nowMs, untilMs)) ? 'all known' : 'some unknown'}`,
  );
  // "Your next shift is …": an earlier one may hide where the shifts before it are unknown; "unknown": name them.
  for (const id of truth.ids) {
    if (truth.covers(id, nowMs, untilMs)) continue;
    if (!names(line, id))
      j.found.push(
        `${surface}: "${line}" says something about my shifts but leaves out ${id}, whose shifts ${isNext ? 'before that shift' : 'at now'} were never read`,
      );
  }
}

function judgeCoverageAbsence(j: Judge, surface: string, text: string, marked: boolean): void {
  if (!COVERAGE_ABSENCE.test(text)) return;
  const { truth, nowMs } = j;
  note(
    `coverage absence: ${!truth.coverageRead() ? 'never read' : truth.coverageFresh(nowMs) ? 'fresh' : marked ? 'saved, marked' : 'saved, unmarked'}`,
  );
  if (!truth.coverageRead()) j.found.push(`${surface}: says "${text}" but the coverage list was never read in full`);
  else if (truth.coverageOpen(nowMs) > 0)
    j.found.push(
      `${surface}: says "${text}" but the last full read of the list holds ${truth.coverageOpen(nowMs)} open pending (or unreadable) request(s)`,
    );
  else if (!truth.coverageFresh(nowMs) && !marked)
    j.found.push(
      `${surface}: says "${text}" plainly, but the coverage list is not fresh and nothing marks it as saved data`,
    );
}

function violations(w: HostileWorld, s: Surfaces, state: AppState): string[] {
  const j: Judge = { truth: w.truth, nowMs: w.now(), state, found: [] };
  const { truth, nowMs } = j;
  const ids = truth.ids;

  note(
    `exit ${s.exit}, icon ${s.icon}: ${ids.every((id) => truth.freshToHorizon(id, nowMs)) && truth.coverageFresh(nowMs) ? 'all fresh' : ids.some((id) => !truth.covers(id, nowMs)) ? 'some unknown' : 'some not fresh'}`,
  );
  // 3. Exit 0 only when every source is fresh (and whole).
  if (s.exit === 0) {
    for (const id of ids)
      if (!truth.freshToHorizon(id, nowMs)) j.found.push(`status exit 0, but ${id} is not known fresh to the horizon`);
    if (!truth.coverageFresh(nowMs)) j.found.push('status exit 0, but the coverage list is not fresh');
    if (truth.coverageUnreadable() > 0) j.found.push('status exit 0, but the coverage list held unreadable requests');
  }
  // 4. The icon never says "off" while my state at now is unknown somewhere.
  if (s.icon === 'off')
    for (const id of ids)
      if (!truth.covers(id, nowMs)) j.found.push(`tray icon 'off', but ${id}'s shifts at now were never read`);

  // Tray tooltip: my line first, then "Uncovered: …" per schedule, coverage and problem lines.
  const [first = '', ...rest] = s.tooltip;
  judgeMyLine(j, 'tray tooltip', first);
  for (const line of rest) {
    for (const id of ids)
      if (/^Uncovered:/.test(line) && names(line, id))
        judgeScheduleAbsence(j, 'tray tooltip', id, line, savedAbout(s.tooltip, id, ids));
    if (ME_ABSENCE.test(line))
      j.found.push(`tray tooltip: my state said off call on a line after the first: "${line}"`);
  }

  // Tray menu: a section per schedule (header, Now, Next), my line, the coverage action.
  for (const view of state.schedules) {
    const at = s.menu.findIndex((l) => l === view.name || l.startsWith(`${view.name} (`));
    if (at < 0) continue;
    const header = s.menu[at] ?? '';
    for (const line of s.menu
      .slice(at + 1)
      .filter((l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('  ')))) {
      judgeScheduleAbsence(j, 'tray menu', view.id, line, SAVED.test(header));
    }
  }
  for (const line of s.menu) {
    if (/^(Your next shift|You are on call|No upcoming shift of yours|No shift of yours)/.test(line))
      judgeMyLine(j, 'tray menu', line);
    judgeCoverageAbsence(
      j,
      'tray menu',
      line,
      s.menu.some((l) => /^Coverage requests: .*saved data/.test(l)),
    );
  }

  // Popover: the status line, My shifts, each card, the coverage counts.
  judgeMyLine(j, 'popover status line', s.popoverMe);
  if (s.popoverMyShifts !== undefined) judgeMyLine(j, 'popover My shifts', s.popoverMyShifts);
  const savedMark = /\(saved data( from [^)]*)?\)/.test(s.popoverMe);
  for (const card of s.popoverCards) {
    const marked =
      SAVED.test(card.text) ||
      savedAbout([s.popoverStale], card.id, ids) ||
      (savedMark && card.text.includes('(dimmed)'));
    judgeScheduleAbsence(j, 'popover card', card.id, card.text, marked);
  }
  judgeCoverageAbsence(j, 'popover Coverage view', s.coverageView, SAVED.test(s.coverageView));

  // Hand-off summary: one line per schedule, then my blocks.
  for (const line of s.summary) {
    const id = ids.find((x) => line.startsWith(`${nameOf(x)}:`) || line.startsWith(`${x}:`));
    if (id) judgeScheduleAbsence(j, 'hand-off summary', id, line, SAVED.test(line));
    if (/^My next block/.test(line)) judgeMyLine(j, 'hand-off summary', line);
  }

  // `npm run status`: my lines, a block per schedule (header, now, next), the coverage line.
  let block: { id: string; header: string } | undefined;
  for (const line of s.status) {
    if (line === '') block = undefined;
    const id = ids.find((x) => line.includes(`[${x}]`));
    if (id) block = { id, header: line };
    else if (block) judgeScheduleAbsence(j, 'npm run status', block.id, line.trim(), SAVED.test(block.header));
    if (/^Your next shift/.test(line)) judgeMyLine(j, 'npm run status', line);
    if (/^Coverage requests/.test(line)) judgeCoverageAbsence(j, 'npm run status', line, SAVED.test(line));
  }
  return j.found;
}

function checkWorld(world: World): Promise<void> {
  return runWorld(world, (w, after) => {
    const state = w.state();
    const nowMs = w.now();
    const s = surfaces(state, nowMs);
    if (process.env['DEBUG17'])
      console.log(`=== ${after} @ ${new Date(nowMs).toISOString()}\n${w.truth.describe(nowMs)}\n${dump(s)}`);
    const found = violations(w, s, state);
    if (found.length > 0) {
      throw new Error(
        `${found.join('\n')}\n--- after ${after} at ${new Date(nowMs).toISOString()}\n--- truth\n${w.truth.describe(nowMs)}\n--- surfaces\n${dump(s)}\n--- journal\n${w.journal.join('\n')}`,
      );
    }
  });
}

describe('issue 17: no surface states an absence the app does not know (generated hostile worlds)', () => {
  it(
    'holds after every step, with revisions that move on every change',
    async () => {
      await fc.assert(fc.asyncProperty(worldArb({ silent: false }), checkWorld), PARAMS);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'holds after every step, with shifts the service sends unreadable (holes, issue 27) on any schedule at any time',
    async () => {
      await fc.assert(fc.asyncProperty(worldArb({ silent: true, holes: true }), checkWorld), PARAMS);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'holds after every step, with revisions that never move when overrides are made',
    async () => {
      await fc.assert(fc.asyncProperty(worldArb({ silent: true }), checkWorld), PARAMS);
    },
    PROPERTY_TIMEOUT_MS,
  );
});

// ---- Counterexamples: worlds the properties found (shrunk, then written out), each a real bug today --------------

const T0 = Date.parse('2026-03-02T08:00:00Z');
/** A schedule spec: who rotates, how long a shift is, and when the rotation starts (hours from the world's start). */
const rota = (users: ScheduleSpec['users'], length: ScheduleSpec['length'], startOffsetH: number): ScheduleSpec => ({
  users,
  length,
  startOffsetH,
});
const nobodyYet = rota(['usr_alice'], { amount: 1, unit: 'days' }, 2);
const aliceAlways = rota(['usr_alice'], { amount: 1, unit: 'days' }, -480);
const world = (
  spec: Partial<WorldSpec> & Pick<WorldSpec, 'schedules' | 'watched'>,
  steps: Step[],
  more: Partial<World> = {},
): World => ({
  spec: { startMs: T0, coverage: [], idleIntervalSec: 300, ...spec },
  opening: [],
  saved: null,
  steps,
  ...more,
});

/** Runs a counterexample and returns what the check found (the property's failure text), '' when nothing. */
async function findings(w: World): Promise<string> {
  return checkWorld(w).then(
    () => '',
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );
}

describe('counterexamples', () => {
  it(
    'the tray tooltip says "Uncovered: <schedule>" from saved data without saying so (the key was rejected)',
    async () => {
      // I am on call on Platform primary; Payments US has nobody on call until its rotation starts in 2 h. The key is
      // revoked and "Refresh now" pressed: every source is saved data now. The menu says "Payments US (saved data
      // from 09:00) · Now: ⚠ uncovered until 10:00", the popover dims the card under "(saved data)", the summary and
      // `status` say "saved data from 09:00"; the tooltip says "On call: Platform primary until 13:00 (4 h left) (saved
      // data)", then "Uncovered: Payments US until 10:00" and "The service rejected the API key…": nothing there says
      // that what it says of Payments US is saved data (uncoveredLines in core/state/tray-sections.ts add no mark).
      const mine = rota(['usr_me'], { amount: 4, unit: 'hours' }, 0);
      const found = await findings(
        world({ schedules: [mine, nobodyYet, aliceAlways], watched: [0, 1] }, [
          { kind: 'revoke' },
          { kind: 'refresh' },
        ]),
      );
      expect(found).toBe('');
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    '"your next shift" does not name a schedule whose saved shifts end before that shift',
    async () => {
      // (Times UTC.) Payments US puts me on call from 17 Mar 08:00, 15 days ahead; Platform primary answers 503 after
      // its first read at 08:00 today, so its saved shifts end on 17 Mar 07:00. At 11:00 "Refresh now" reads Payments
      // US up to 17 Mar 10:00, and every surface says "Your next shift: Payments US 17 Mar 09:00 CET …" (the tooltip
      // adds "(saved data)") without saying that Platform primary is known only until 17 Mar 07:00: a shift of mine
      // there may come first. Its gap is of kind 'saved' (gapOf in core/state/knowledge.ts checks 'saved' before
      // 'short'), and gapsBefore (shared/knowledge.ts) names only unknown and 'short' gaps.
      const payments = rota(['usr_me'], { amount: 4, unit: 'hours' }, 360);
      const found = await findings(
        world({ schedules: [aliceAlways, payments, aliceAlways], watched: [1, 0] }, [
          { kind: 'fault', route: 'getSchedule', fault: '503', schedule: 1, page2: false, times: null },
          { kind: 'advance', ms: 3 * HOUR },
          { kind: 'refresh' },
        ]),
      );
      expect(found).toBe('');
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    'right after a wake without a resume event, every surface shows the state from before the sleep as fresh',
    async () => {
      // The laptop sleeps 16 days and wakes without a resume event (some desktops send none). Until the app's timers
      // run (the sleep pushed them back: up to an idle interval, an hour for the state keeper's own), getState() is the
      // state derived before the sleep, statuses 'fresh': icon 'off', "Off call", "You are not on call", "No shift of
      // yours in the next 14 days", "No pending coverage requests", "Sync: ok · updated 16 d ago", exit 0, while the
      // saved shifts ended a day ago (the cards, worded from now, already say "Unknown (saved data ends …)"). The tray
      // is redrawn every minute from that state.
      const found = await findings(
        world(
          { schedules: [nobodyYet, aliceAlways, aliceAlways], watched: [0] },
          [
            { kind: 'advance', ms: MIN },
            { kind: 'sleep', ms: 16 * DAY, resume: false },
          ],
          { wakeUnnoticed: true },
        ),
      );
      expect(found).toBe('');
    },
    WORLD_TIMEOUT_MS,
  );

  // Still open (issue 17, case 7, far part): the probe's current/next shift confirms only the next handoff, so a change
  // further ahead that the revision doesn't announce waits for the 6-hour full read. Kept as an expected failure so it
  // turns red the day it is fixed (then make it a plain `it`).
  it(
    'issue 17 case 7: an override that does not move current_revision is not seen for hours, so "no shift of yours" is said with the time the shifts were read',
    async () => {
      // Five-day shifts: Alice now, Bob from day 5, Carol from day 10, me from day 15 (past the horizon): "No shift of
      // yours in the next 14 days". Someone puts me on call on day 6 (4 h) and the service's revision doesn't move.
      // The probe's current (Alice) and next (Bob) shifts still agree with the cache, no handoff of mine is near, so
      // the shifts are not read again for up to 6 h. Eleven minutes on (past the two-interval allowance) the probes
      // still vouch for now and the next shift, but not for day 6: every surface says when Platform's shifts were
      // read ("Platform checked 10:00") instead of stating the 14 days as fresh, and `status` doesn't exit 0.
      const rotation = rota(['usr_alice', 'usr_bob', 'usr_carol', 'usr_me'], { amount: 5, unit: 'days' }, -1);
      const found = await findings(
        world({ schedules: [rotation, aliceAlways, aliceAlways], watched: [0] }, [
          { kind: 'override', schedule: 0, silent: true, startH: 6 * 24, hours: 4, user: 3 },
          { kind: 'advance', ms: 11 * MIN },
        ]),
      );
      expect(found).toBe('');
    },
    WORLD_TIMEOUT_MS,
  );
});
