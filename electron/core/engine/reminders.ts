// Bridges the engine to the reminders: the plan is rebuilt whenever the snapshot, the settings, the derived state
// or the machine's zone change (all cheap and keyed, so nothing is ever shown twice). After a wake or a restart,
// shift reminders are held until every watched schedule was heard from after it (fetched, or failed to fetch),
// so a catch-up is judged from what the service says now, not from what was saved before the sleep.
import type { BlockSpan } from '../../shared/on-call-run';
import type { Basis } from '../../shared/basis';
import { myTimeOf } from '../reminders/message-words';
import type { ServiceSettings } from '../../shared/settings';
import type { FiredStore } from '../storage/cache';
import type { HeldMessage } from '../storage/fired-store';
import type { Clock, Notifier } from '../ports';
import { myUpcomingShifts, planReminders } from '../reminders/plan';
import { changeHolds, correctionStillHolds } from '../reminders/held';
import { changeRestsOnRead, coverersAreKnown, coverersNamedNow, lostWasMine, mineEntry } from '../reminders/held-read';
import { restateHeldChanges, withScheduleNamesNow } from '../reminders/held-restate';
import { coveringOf } from '../reminders/covering';
import { knownOf } from '../reminders/known';
import { myBlocksOf, segmentsOf } from '../model/segments';
import { createReminderScheduler } from '../reminders/scheduler';
import { staleAfterMs } from '../state/status';
import type { Snapshot } from '../model/snapshot';
import { coverageRecordCheck } from './coverage-record';
import { readThisRun, vouching } from './reminders-vouched';
import { heldCoverageNow } from '../reminders/coverage';

export interface ReminderInputs {
  snapshot: Snapshot;
  /** The snapshot the current one replaced (at start-up: the cached one); undefined on the very first run. */
  previous: Snapshot | undefined;
  settings: ServiceSettings;
}

export interface ReminderHook {
  replan(inputs: ReminderInputs): void;
  /** Woke from sleep (resume event) or restarted: hold catch-ups until the next sync has been heard. */
  wake(): void;
  stop(): void;
  /** Resolves when notifications and fired-key writes started so far are done. */
  settled(): Promise<void>;
}

export const NO_REMINDERS: ReminderHook = {
  replan: () => undefined,
  wake: () => undefined,
  stop: () => undefined,
  settled: async () => undefined,
};

export interface RemindersWiring {
  clock: Clock;
  notifier: Notifier;
  fired: FiredStore;
  /** The machine's zone, read each time reminders are planned or judged (it changes when the user travels). */
  localZone: () => string;
  /** The scheduler noticed a sleep by itself and the data predates it: sync now, so the held catch-ups can be judged. */
  onWake: () => void;
  /** Shift reminders fell due on data read before their instant: read these schedules (shifts included) now. */
  confirm: (scheduleIds: string[]) => void;
  /** Whether this account is muted or paused now (its due reminders pass unshown). */
  silenced?: () => boolean;
  /** Whether the shift-start alarm rings for this start (then it is the start's notice). */
  alarmTakesStart?: (scheduleId: string, startMs: number) => boolean;
  /** Whether my on-call time (every account's blocks) goes on past this end: then it is no end, and "Shift ended"
   *  is not said for it (shared/on-call-run.ts goesOnPast). */
  onCallGoesOnPast?: (endMs: number) => boolean;
  /** Every block of mine as known, on every schedule of every account (the blocks `onCallGoesOnPast` asks): what a
   *  change notice or correction asks before saying I am not on call then (shared/on-call-run.ts). */
  myBlocks?: () => readonly BlockSpan[];
  /** What "not on call" over a time rests on across every watched schedule (shared/off-call-basis.ts). */
  offCallBasis?: (fromMs: number, toMs: number, scheduleId: string) => Basis;
  log: (message: string) => void;
  /** Saved schedule data found untrue once read (a change it shows that the record of my blocks doesn't vouch for):
   *  said once, in the notice of saved entries not used. */
  untrue?: (reasons: readonly string[]) => void;
}

/**
 * What a plan depends on besides time: shifts, names and zones, coverage, created overrides, settings and the
 * local zone. A sync that only confirmed the data (new fetch times, same arrays) needs no new plan; the scheduler
 * keeps judging the current one by the clock. Planning formats every message, so skipping it matters.
 */
function planBasis(inputs: ReminderInputs, zone: string): unknown[] {
  const { snapshot, settings } = inputs;
  const perSchedule = snapshot.schedules.flatMap((s) => [
    s.id,
    s.shifts,
    s.shiftsTo,
    s.shiftsKept,
    s.notFound,
    s.details?.name,
    s.details?.time_zone,
  ]);
  return [
    zone,
    settings,
    snapshot.coverageRequests,
    snapshot.coverageFetchedAt === null,
    snapshot.createdOverrides,
    snapshot.mayLand,
    ...perSchedule,
  ];
}

const sameBasis = (a: unknown[] | undefined, b: unknown[]): boolean =>
  a !== undefined && a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

const msOf = (iso: string | null | undefined): number | undefined => (iso ? Date.parse(iso) : undefined);

/** When the service last confirmed this schedule's shifts: what every shift reminder rests on (details alone don't). */
function confirmedAtMs(snapshot: Snapshot, scheduleId: string): number | undefined {
  const s = snapshot.schedules.find((x) => x.id === scheduleId);
  return s ? msOf(s.shiftsFetchedAt) : undefined;
}

/** When the latest read of this schedule failed, if that was after its shifts were last confirmed. */
function failedAtMs(snapshot: Snapshot, scheduleId: string): number | undefined {
  const s = snapshot.schedules.find((x) => x.id === scheduleId);
  const failedMs = msOf(s?.problem?.at);
  return failedMs !== undefined && failedMs > (msOf(s?.shiftsFetchedAt) ?? -Infinity) ? failedMs : undefined;
}

/** When a schedule's shifts are saved data at `nowMs` (its latest read failed since they were confirmed, or they
 *  were confirmed longer ago than the refresh allows), else undefined: what a start alarm says it rests on, by the
 *  reminders' own reading of the same snapshot (the alarm holds after a wake until a read, so no wake term). */
export function savedDataAtMs(snapshot: Snapshot, settings: ServiceSettings, id: string, nowMs: number) {
  const knownMs = confirmedAtMs(snapshot, id);
  if (knownMs === undefined) return undefined;
  const failed = failedAtMs(snapshot, id) !== undefined;
  return failed || nowMs - knownMs > staleAfterMs(settings) ? knownMs : undefined;
}

/**
 * Every watched schedule's shifts were confirmed, or a read of it failed, at or after `sinceMs`: what the service
 * says now is known (a failure is known too: the catch-up then says it rests on saved data). `readOnly`: only a read
 * counts (the start alarm rings from saved data only once its hold's grace is over).
 */
export function heardFromAll(snapshot: Snapshot, sinceMs: number, readOnly = false): boolean {
  return snapshot.schedules.every(
    (s) =>
      (msOf(s.shiftsFetchedAt) ?? -Infinity) >= sinceMs || (!readOnly && (msOf(s.problem?.at) ?? -Infinity) >= sinceMs),
  );
}

/** When the coverage requests are saved data (a file's list, or the latest read of them failed since), their time. */
function coverageSavedAtMs(snapshot: Snapshot): number | undefined {
  const readMs = msOf(snapshot.coverageFetchedAt);
  if (readMs === undefined) return undefined;
  return snapshot.coverageSaved || (msOf(snapshot.coverageProblem?.at) ?? -Infinity) > readMs ? readMs : undefined;
}

/** What the app had read when it started: the account's saved data as loaded (a change held before rests on it). */
interface StartRead {
  startedMs: number;
  snapshot?: Snapshot;
  /** The account's record (its `mine:` keys: the blocks the app had as mine). */
  fired: Pick<FiredStore, 'keys'>;
}

/** Puts the blocks of mine in these reads on the record (held-read.ts), those not on it yet, before a change between
 *  them can be held: a later change about a lost block is believed only when the block is there. */
function recordMine(
  fired: FiredStore,
  inputs: ReminderInputs,
  at: { nowMs: number; startedMs: number },
  zone: string,
  done?: Snapshot,
): void {
  const { nowMs, startedMs } = at;
  // A read already recorded (the one this replaced, given last time) is not walked again; only reads made in this
  // run go on it: saved data read back from a file is a claim, not proof a block was mine (adv52 r20).
  const reads = [inputs.previous, inputs.snapshot]
    .filter((r): r is Snapshot => r !== undefined && r !== done)
    .map((r) => readThisRun(r, startedMs));
  const seen = new Set<string>();
  // Each block once (a Set, not a scan per entry: a cache of many blocks stays linear).
  const entries = reads
    .flatMap((snapshot) => myUpcomingShifts(snapshot, inputs.settings, nowMs, zone))
    .map((s) => mineEntry(s.ref))
    .filter((e) => !fired.has(e.key) && !seen.has(e.key) && seen.add(e.key));
  if (entries.length > 0) void fired.add(entries).catch(() => undefined);
}

/** Whether a held message is still true now: a coverage request still asks me, a change is still what the
 *  service says (it may have changed it again since), naming only people of its schedule as read, and one read back
 *  at start rests on what the app had read (issue 52: a block never mine is not "removed"). */
function heldStillTrue(inputs: ReminderInputs, nowMs: number, zone: string, h: HeldMessage, start: StartRead): boolean {
  if (h.kind === 'coverage') return coverageNow(inputs, nowMs, zone, h) !== undefined;
  if (h.kind !== 'change' && h.kind !== 'correction') return true;
  // The block it says I lost must be one the app had as mine (its record), not one a read shows as another's.
  if (!heldVouched(inputs, nowMs, h, start)) return false;
  const mine = myUpcomingShifts(inputs.snapshot, inputs.settings, nowMs, zone).map((s) => s.ref);
  return h.kind === 'change' ? changeHolds(h, mine, nowMs) : correctionStillHolds(h, mine);
}

/** Whether the file vouches for a held change or correction: it names only people of its schedule as read, the
 *  block it says I lost is one the app had as mine (its record), and one read back at start rests on a saved read. */
function heldVouched(inputs: ReminderInputs, nowMs: number, h: HeldMessage, start: StartRead): boolean {
  if (!coverersAreKnown(h, inputs.snapshot)) return false;
  if (!lostWasMine(h, start.fired.keys(), nowMs)) return false;
  return changeRestsOnRead(h, start.snapshot, start.startedMs, nowMs);
}

/** The held messages with held changes restated from the latest read (reminders/held-restate): what I was told
 *  before them against my blocks now, who covers as read now (issue 47, adversarial round 17). */
function restateHeld(
  inputs: ReminderInputs,
  nowMs: number,
  zone: string,
  held: readonly HeldMessage[],
  start: StartRead,
) {
  const me = inputs.settings.email.trim().toLowerCase();
  const mine = myUpcomingShifts(inputs.snapshot, inputs.settings, nowMs, zone).map((s) => s.ref);
  const covering = (scheduleId: string, span: { startMs: number; endMs: number }) => {
    const s = inputs.snapshot.schedules.find((x) => x.id === scheduleId);
    return s ? coveringOf(segmentsOf(knownOf(s).shifts), [span], me) : { coverers: [], covererIds: [] };
  };
  const known = (scheduleId: string) => {
    const s = inputs.snapshot.schedules.find((x) => x.id === scheduleId);
    return s ? knownOf(s) : undefined;
  };
  const myBlocks = (scheduleId: string) => {
    const k = known(scheduleId);
    return k ? myBlocksOf(segmentsOf(k.shifts), me) : [];
  };
  const coversOf = (scheduleId: string) => known(scheduleId)?.covers ?? [];
  const restatable = (h: HeldMessage): boolean => heldVouched(inputs, nowMs, h, start);
  const now = { mine, coveringOf: covering, myBlocksOf: myBlocks, coversOf, restatable };
  // Each schedule and person named as they are now (a rename at the service moves no block: restating kept old names).
  const nameOf = (id: string) => inputs.snapshot.schedules.find((x) => x.id === id)?.details?.name ?? undefined;
  const namedNow = (h: HeldMessage) => coverersNamedNow(withScheduleNamesNow(h, nameOf), inputs.snapshot);
  return restateHeldChanges(held, now, nowMs).map((h) => coverageWordedNow(inputs, nowMs, zone, namedNow(h)));
}

/** A held coverage request as it would be notified now (its words, its zone), or 'waits' / undefined (coverage.ts). */
const coverageNow = (inputs: ReminderInputs, nowMs: number, zone: string, h: HeldMessage) =>
  heldCoverageNow({ ...inputs, nowMs, localZone: zone }, h.key);

/** A held coverage request worded now, from the request as read now in the zone of now (issue 47, round 20). */
function coverageWordedNow(inputs: ReminderInputs, nowMs: number, zone: string, h: HeldMessage): HeldMessage {
  if (h.kind !== 'coverage') return h;
  const now = coverageNow(inputs, nowMs, zone, h);
  return now === undefined || now === 'waits' ? h : { ...h, title: now.title, body: now.body };
}

/** What the scheduler asks of the latest inputs (none before the first). */
function readsOfLast(last: () => ReminderInputs | undefined, request: RemindersWiring['confirm']) {
  const confirmed = (id: string) => {
    const l = last();
    return l ? confirmedAtMs(l.snapshot, id) : undefined;
  };
  return {
    knownAtMs: confirmed,
    confirm: {
      confirmedAtMs: confirmed,
      failedAtMs: (id: string) => lastOf(last, (l) => failedAtMs(l.snapshot, id)),
      request,
    },
    // The same allowance after which every surface shows the schedule's data as stale.
    staleAfterMs: () => lastOf(last, (l) => staleAfterMs(l.settings)),
    quiet: () => last()?.settings,
    coverageSavedAtMs: () => lastOf(last, (l) => coverageSavedAtMs(l.snapshot)),
  };
}

const lastOf = <T>(last: () => ReminderInputs | undefined, f: (l: ReminderInputs) => T): T | undefined => {
  const l = last();
  return l ? f(l) : undefined;
};

/** What the summary after quiet time asks of the latest read: what is still true, worded as of now, what waits. */
function heldHooks(last: () => ReminderInputs | undefined, wiring: RemindersWiring, start: StartRead) {
  const zone = wiring.localZone;
  return {
    // A held coverage request is summed up only if it still asks me when quiet time ends.
    // A held change only while the latest read still says it (the service may have changed it again since).
    stillTrue: (h: HeldMessage) => {
      const l = last();
      return !l || heldStillTrue(l, wiring.clock.now(), zone(), h, start);
    },
    // And worded from what is known when shown: restated against what I was told before it; a held coverage request
    // from the request as read now, in the zone of now (issue 47, round 20).
    restate: (held: readonly HeldMessage[], nowMs: number) => {
      const l = last();
      return l ? restateHeld(l, nowMs, zone(), held, start) : [...held];
    },
    // A held coverage request not known to ask me now (its asked time saved data) waits, as a fresh one would.
    waits: (h: HeldMessage, nowMs: number) => {
      const l = last();
      return h.kind === 'coverage' && l !== undefined && coverageNow(l, nowMs, zone(), h) === 'waits';
    },
  };
}

/** What a plan is made from: the inputs as of now, and every block of mine on every account (a change notice or
 *  correction says "not on call" only where none of them has me). */
function planInput(inputs: ReminderInputs, wiring: RemindersWiring, nowMs: number, localZone: string) {
  return { ...inputs, nowMs, localZone, ...myTimeOf(wiring) };
}

export function createRemindersFor(wiring: RemindersWiring): ReminderHook {
  const { clock } = wiring;
  let lastInputs: ReminderInputs | undefined;
  let lastBasis: unknown[] | undefined;
  let planning = false;
  const start: StartRead = { startedMs: clock.now(), fired: wiring.fired };
  const checkCoverageRecord = coverageRecordCheck(wiring.fired);
  // A change found against saved data is told only when the record of my blocks vouches for what it says I lost.
  const vouched = vouching(wiring.fired, start.startedMs, clock, wiring.untrue);

  function replan(inputs: ReminderInputs, force = false): void {
    // The first snapshot it is given is the one before any read now (the cache as loaded, or none).
    if (!lastInputs) start.snapshot = inputs.previous ?? inputs.snapshot;
    const recorded = lastInputs?.snapshot;
    lastInputs = inputs;
    // Before any plan judges a request as told: the record's coverage entries against the first fresh read.
    checkCoverageRecord(inputs.snapshot);
    const zone = wiring.localZone();
    const basis = planBasis(inputs, zone);
    const since = scheduler.heldSince();
    const knowsAgain = since !== undefined && heardFromAll(inputs.snapshot, since);
    const newPlan = force || !sameBasis(lastBasis, basis);
    // The same basis holds the same blocks, already on record: walking every block again on each sync made a
    // large cache's start quadratic (issue 52). A read not given before is walked whatever the basis.
    const unseen = inputs.previous !== undefined && inputs.previous !== recorded;
    if (newPlan || unseen)
      recordMine(wiring.fired, inputs, { nowMs: clock.now(), startedMs: start.startedMs }, zone, recorded);
    if (newPlan) {
      lastBasis = basis;
      planning = true;
      try {
        scheduler.setPlan(vouched(planReminders(planInput(inputs, wiring, clock.now(), zone)), inputs));
      } finally {
        planning = false;
      }
    }
    // Released after the new plan is in, so what was held is judged against what the service said.
    if (knowsAgain) scheduler.release();
    // Same plan, new fetch times: a reminder waiting for its schedule's read is judged now that it came (or failed).
    // Only then: a judgement looks at the clocks, and one in the middle of a sync after a sleep would take the sleep
    // as unnoticed and ask for a second read of everything.
    else if (!newPlan && !planning && scheduler.confirming()) scheduler.check();
  }

  const scheduler = createReminderScheduler({
    clock,
    notifier: wiring.notifier,
    firedStore: wiring.fired,
    log: wiring.log,
    localZone: wiring.localZone,
    ...readsOfLast(() => lastInputs, wiring.confirm),
    // The sync loop's own timer may have read everything since the wake already: then no second read is needed.
    onWake: (awakeSinceMs) => {
      if (lastInputs && heardFromAll(lastInputs.snapshot, awakeSinceMs)) return 'known';
      wiring.onWake();
      return 'syncing';
    },
    ...(wiring.silenced ? { silenced: wiring.silenced } : {}),
    ...(wiring.alarmTakesStart ? { alarmTakesStart: wiring.alarmTakesStart } : {}),
    ...(wiring.onCallGoesOnPast ? { onCallGoesOnPast: wiring.onCallGoesOnPast } : {}),
    ...myTimeOf(wiring),
    ...heldHooks(() => lastInputs, wiring, start),
    // Travel: a plan made in another zone words its messages in that zone's times; plan again before judging.
    beforeJudge: () => {
      if (planning || !lastInputs || lastBasis === undefined || Object.is(lastBasis[0], wiring.localZone())) return;
      replan(lastInputs, true);
    },
  });
  // A restart is a wake: nothing from the saved data is judged until the service was heard from.
  scheduler.hold();

  return {
    replan: (inputs) => replan(inputs),
    wake: () => scheduler.hold(),
    stop: () => scheduler.stop(),
    settled: () => scheduler.settled(),
  };
}
