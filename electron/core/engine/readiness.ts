// Runs the readiness check before my next shift: asks the platform whether notifications can be shown at the
// day-ahead mark, again 1 hour before, and hourly in between; a problem found at either mark is told once until it
// changes (the same warning at the 24 h and the 1 h mark is one), and, when notifications themselves are the problem,
// the tray icon shows it (see tray-menu.ts).
import { HOUR_MS } from '../../shared/time';
import type { AppState } from '../../shared/view-state';
import type { Clock, Notifier } from '../ports';
import { readinessWarning } from './readiness-warning';
import type { NotificationHealthResult } from '../readiness/readiness';
import { READINESS_WINDOW_MS } from '../readiness/readiness';
import type { FiredStore } from '../storage/fired-store';
import { URGENT_WITHIN_MS } from '../reminders/quiet';
import { createWakeHold, type WakeHold } from './readiness-wake';
import { nextStartShift } from '../../shared/on-call-run';

const MARKS_MS = [READINESS_WINDOW_MS, HOUR_MS];
/** Opening the popover asks the platform again, but not at every click on the tray. */
const OPENED_RECHECK_MS = 60_000;

export interface ReadinessWatchOptions {
  clock: Clock;
  check: () => Promise<NotificationHealthResult>;
  state: () => AppState;
  localZone: () => string;
  /** A new answer from the platform: the state is derived again with it. */
  onHealth: (health: NotificationHealthResult) => void;
  notifier: Notifier;
  fired: () => FiredStore | undefined;
  /** Quiet hours or pause: until when notifications wait (undefined when they may speak). */
  quietUntil: (nowMs: number) => number | undefined;
  log: (message: string) => void;
}

export interface ReadinessWatch {
  /** Looks again at the next start of my on-call time (call after each state change); checks now if a mark passed. */
  update(): void;
  /** The popover opened: within a day of my next shift, ask the platform again (at most once a minute). */
  opened(): void;
  /** A notification failed or was shown again (the fallback, the notifier): ask the platform now, unthrottled. */
  recheck(): void;
  stop(): void;
  /** Resolves when the checks (their answers in the state) and warning writes started so far are done. */
  settled(): Promise<void>;
}

/** One watch's working state; only createReadinessWatch and its steps below hold it. */
interface Run {
  o: ReadinessWatchOptions;
  wake: WakeHold;
  cancel: (() => void) | undefined;
  checkedAtMs: number;
  /** One platform check at a time (a second would only ask the same question again). */
  checking: boolean;
  /** Asked again while a check ran: its answer may predate the failure that asked, so one more follows. */
  again: boolean;
  stopped: boolean;
  armedFor: number | undefined;
  /** A shift start whose warning waited for the session's first read: judged at the first state change after it. */
  waitingFor: number | undefined;
  /** Checks and warning writes started and not yet done, so `settled()` can wait for them. */
  pending: Set<Promise<void>>;
}

function track(r: Run, work: Promise<void>): void {
  const done = work
    .catch((e: unknown) => r.o.log(`readiness: ${e instanceof Error ? e.name : 'error'}`))
    .finally(() => r.pending.delete(done));
  r.pending.add(done);
}

/** The last mark (24 h, 1 h before) already reached for this shift start, if any. */
const markReached = (startMs: number, nowMs: number): number | undefined =>
  [...MARKS_MS].reverse().find((m) => nowMs >= startMs - m);

/** Asks the platform (its answer goes into the state), then tells a problem the answer shows. */
async function run(r: Run, startMs: number): Promise<void> {
  if (r.checking || r.stopped) return;
  r.checking = true;
  try {
    r.o.onHealth(await r.o.check());
    r.checkedAtMs = r.o.clock.now();
  } catch (e) {
    r.o.log(`readiness: ${e instanceof Error ? e.name : 'error'}`);
  } finally {
    r.checking = false;
  }
  // A check that answers after stop tells nothing: the files may already be closed.
  if (!r.stopped) tellProblem(r, startMs);
  if (r.again && !r.stopped) {
    r.again = false;
    await run(r, startMs);
  }
}

function tellProblem(r: Run, startMs: number): void {
  const { o } = r;
  const ready = o.state().me.readiness;
  const fired = o.fired();
  const mark = markReached(startMs, o.clock.now());
  if (!ready || !fired || mark === undefined || Date.parse(ready.shift.start) !== startMs) return;
  const state = o.state();
  const { line, notice, silenced } = readinessWarning(state, ready, { nowMs: o.clock.now(), localZone: o.localZone() });
  // Not judged until this session's first read is back: the cache alone warns of nothing (looked at again then);
  // nor, after a sleep, until the read after it is (or the reminders' grace for it ends).
  const held = r.wake.holding(state, ready.shift.scheduleId);
  // Nor while a watched schedule's first read is on its way: another account's shift at this start may be on it, and
  // the statement told must be the whole one the tray words once it is in (adv47 r49 #1: "Work · Not ready" was told
  // before Team's read came, then the tray said "Team · Not ready").
  const loading = state.schedules.some((s) => s.status.kind === 'loading');
  r.waitingFor = line.checking || held || loading ? startMs : undefined;
  if (loading) return;
  if (held) return;
  if (!notice || fired.has(notice.id)) return;
  // A shift no account speaks for (each watching it muted or paused) warns no more than its reminders do.
  if (silenced) return;
  // Quiet hours and pause hold the day-ahead warning (the hourly check tells it once they end); within the hour of
  // the start it comes regardless, as the start's own reminders do.
  const nowMs = o.clock.now();
  if (o.quietUntil(nowMs) !== undefined && startMs - nowMs > URGENT_WITHIN_MS) return;
  track(
    r,
    fired.add([{ key: notice.id, untilMs: startMs }]).then(() => o.notifier.notify(notice)),
  );
}

function disarm(r: Run): void {
  r.cancel?.();
  r.cancel = undefined;
  r.armedFor = undefined;
}

/** Looks at the next shift: checks if a mark passed or the hour is up, and arms the timer for the next look. */
function update(r: Run): void {
  if (r.stopped) return;
  const next = nextStartShift(r.o.state().me);
  const nowMs = r.o.clock.now();
  const startMs = next ? Date.parse(next.start) : undefined;
  if (startMs === undefined || startMs <= nowMs) {
    disarm(r);
    return;
  }
  const inWindow = startMs - nowMs <= READINESS_WINDOW_MS;
  if (r.waitingFor === startMs && !r.checking) tellProblem(r, startMs);
  // At a mark, and hourly inside the window: the platform's answer may have changed (Do Not Disturb turned on).
  if (inWindow && nowMs - r.checkedAtMs >= HOUR_MS) track(r, run(r, startMs));
  const marks = MARKS_MS.map((m) => startMs - m).filter((at) => at > nowMs);
  const dueMs = Math.min(...marks, inWindow ? r.checkedAtMs + HOUR_MS : Infinity, nowMs + 6 * HOUR_MS);
  if (r.armedFor === dueMs && r.cancel) return;
  r.cancel?.();
  r.armedFor = dueMs;
  r.cancel = r.o.clock.setTimer(Math.max(0, dueMs - nowMs), () => {
    r.cancel = undefined;
    r.armedFor = undefined;
    // A mark reached asks the platform again even if it was asked within the hour.
    if (marks.includes(dueMs)) r.checkedAtMs = -Infinity;
    update(r);
  });
}

/** The next start within a day, which a check outside the marks looks at; undefined when there is none. */
function startWithinDay(r: Run): number | undefined {
  const next = nextStartShift(r.o.state().me);
  const nowMs = r.o.clock.now();
  const startMs = next ? Date.parse(next.start) : undefined;
  if (r.stopped || startMs === undefined || startMs <= nowMs || startMs - nowMs > READINESS_WINDOW_MS) return undefined;
  return startMs;
}

/** The popover opened: someone looking wants today's answer (Do Not Disturb may have been turned on since). */
function opened(r: Run): void {
  const startMs = startWithinDay(r);
  if (startMs !== undefined && r.o.clock.now() - r.checkedAtMs >= OPENED_RECHECK_MS) track(r, run(r, startMs));
}

/** A delivery failed or succeeded again: the tray must say so now, not after the popover's once-a-minute limit
 *  (adv50 r21 #1: a failure seconds after the alarm's own check was never asked about). */
function recheck(r: Run): void {
  const startMs = startWithinDay(r);
  if (startMs === undefined) return;
  if (r.checking) r.again = true;
  else track(r, run(r, startMs));
}

export function createReadinessWatch(o: ReadinessWatchOptions): ReadinessWatch {
  const r: Run = {
    o,
    // At the end of a wake's grace the warning is judged even if no state change comes then.
    wake: createWakeHold(o.clock, () => update(r)),
    cancel: undefined,
    checkedAtMs: -Infinity,
    checking: false,
    again: false,
    stopped: false,
    armedFor: undefined,
    waitingFor: undefined,
    pending: new Set(),
  };
  return {
    update: () => update(r),
    opened: () => opened(r),
    recheck: () => recheck(r),
    stop() {
      r.stopped = true;
      r.wake.stop();
      r.cancel?.();
      r.cancel = undefined;
    },
    async settled() {
      while (r.pending.size > 0) await Promise.allSettled([...r.pending]);
    },
  };
}
