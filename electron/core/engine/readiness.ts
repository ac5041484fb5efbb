// Runs the readiness check before my next shift: asks the platform whether notifications can be shown at the
// day-ahead mark, again 1 hour before, and hourly in between; a problem found at either mark is told once until it
// changes (the same warning at the 24 h and the 1 h mark is one), and, when notifications themselves are the problem,
// the tray icon shows it (see tray-menu.ts).
import { readinessLine, type ReadinessLine } from '../../shared/readiness-text';
import { formatDayTime } from '../../shared/format';
import { HOUR_MS } from '../../shared/time';
import type { AppState, Readiness } from '../../shared/view-state';
import type { Clock, Notifier, NotificationRequest } from '../ports';
import type { NotificationHealthResult } from '../readiness/readiness';
import { READINESS_WINDOW_MS } from '../readiness/readiness';
import type { FiredStore } from '../storage/fired-store';
import { URGENT_WITHIN_MS } from '../reminders/quiet';
import { accountSilenced } from '../../shared/accounts';
import { withAccount } from '../../shared/account-names';
import { readinessToldKey } from '../readiness/told-key';
import { createWakeHold } from './readiness-wake';

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
  /** Looks again at the next shift (call after each state change); checks now if a mark passed. */
  update(): void;
  /** The popover opened: within a day of my next shift, ask the platform again (at most once a minute). */
  opened(): void;
  stop(): void;
  /** Resolves when the checks (their answers in the state) and warning writes started so far are done. */
  settled(): Promise<void>;
}

/** The readiness line for my next shift, and the warning to tell when it names a problem (keyed by the problem,
 *  titled with the shift's account while there are several). */
function warningOf(
  state: AppState,
  r: Readiness,
  opts: { nowMs: number; localZone: string },
): { line: ReadinessLine; notice?: NotificationRequest } {
  const line = readinessLine(r, (iso) => formatDayTime(iso, opts), state);
  if (!line.problem) return { line };
  const notice = {
    id: readinessToldKey(r, line.problem),
    title: withAccount(state, r.shift.accountId, 'Not ready for your shift'),
    body: line.text,
    target: 'status' as const,
    params: { scheduleId: r.shift.scheduleId },
  };
  return { line, notice };
}

export function createReadinessWatch(o: ReadinessWatchOptions): ReadinessWatch {
  let cancel: (() => void) | undefined;
  let checkedAtMs = -Infinity;
  let checking = false;
  let stopped = false;
  let armedFor: number | undefined;
  /** A shift start whose warning waited for the session's first read: judged at the first state change after it. */
  let waitingFor: number | undefined;
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>): void => {
    const done = work
      .catch((e: unknown) => o.log(`readiness: ${e instanceof Error ? e.name : 'error'}`))
      .finally(() => pending.delete(done));
    pending.add(done);
  };

  // At the end of a wake's grace the warning is judged even if no state change comes then.
  const wake = createWakeHold(o.clock, () => update());

  /** The last mark (24 h, 1 h before) already reached for this shift start, if any. */
  const markReached = (startMs: number, nowMs: number): number | undefined =>
    [...MARKS_MS].reverse().find((m) => nowMs >= startMs - m);

  async function run(startMs: number): Promise<void> {
    if (checking || stopped) return;
    checking = true;
    try {
      o.onHealth(await o.check());
      checkedAtMs = o.clock.now();
    } catch (e) {
      o.log(`readiness: ${e instanceof Error ? e.name : 'error'}`);
    } finally {
      checking = false;
    }
    // A check that answers after stop tells nothing: the files may already be closed.
    if (!stopped) tellProblem(startMs);
  }

  function tellProblem(startMs: number): void {
    const r = o.state().me.readiness;
    const fired = o.fired();
    const mark = markReached(startMs, o.clock.now());
    if (!r || !fired || mark === undefined || Date.parse(r.shift.start) !== startMs) return;
    const state = o.state();
    const { line, notice } = warningOf(state, r, { nowMs: o.clock.now(), localZone: o.localZone() });
    // Not judged until this session's first read is back: the cache alone warns of nothing (looked at again then);
    // nor, after a sleep, until the read after it is (or the reminders' grace for it ends).
    const held = wake.holding(state, r.shift.scheduleId);
    waitingFor = line.checking || held ? startMs : undefined;
    if (held) return;
    if (!notice || fired.has(notice.id)) return;
    // A muted or paused account's shift warns no more than its reminders do.
    if (accountSilenced(o.state().settings.accounts, r.shift.accountId, o.clock.now())) return;
    // Quiet hours and pause hold the day-ahead warning (the hourly check tells it once they end); within the hour of
    // the start it comes regardless, as the start's own reminders do.
    const nowMs = o.clock.now();
    if (o.quietUntil(nowMs) !== undefined && startMs - nowMs > URGENT_WITHIN_MS) return;
    track(fired.add([{ key: notice.id, untilMs: startMs }]).then(() => o.notifier.notify(notice)));
  }

  function update(): void {
    if (stopped) return;
    const next = o.state().me.nextShift;
    const nowMs = o.clock.now();
    const startMs = next ? Date.parse(next.start) : undefined;
    if (startMs === undefined || startMs <= nowMs) {
      cancel?.();
      cancel = undefined;
      armedFor = undefined;
      return;
    }
    const inWindow = startMs - nowMs <= READINESS_WINDOW_MS;
    if (waitingFor === startMs && !checking) tellProblem(startMs);
    // At a mark, and hourly inside the window: the platform's answer may have changed (Do Not Disturb turned on).
    if (inWindow && nowMs - checkedAtMs >= HOUR_MS) track(run(startMs));
    const marks = MARKS_MS.map((m) => startMs - m).filter((at) => at > nowMs);
    const dueMs = Math.min(...marks, inWindow ? checkedAtMs + HOUR_MS : Infinity, nowMs + 6 * HOUR_MS);
    if (armedFor === dueMs && cancel) return;
    cancel?.();
    armedFor = dueMs;
    cancel = o.clock.setTimer(Math.max(0, dueMs - nowMs), () => {
      cancel = undefined;
      armedFor = undefined;
      if (marks.includes(dueMs)) checkedAtMs = -Infinity;
      update();
    });
  }

  return {
    update,
    opened() {
      const next = o.state().me.nextShift;
      const nowMs = o.clock.now();
      const startMs = next ? Date.parse(next.start) : undefined;
      if (stopped || startMs === undefined || startMs <= nowMs || startMs - nowMs > READINESS_WINDOW_MS) return;
      // Someone looking wants today's answer (Do Not Disturb may have been turned on since the last check).
      if (nowMs - checkedAtMs >= OPENED_RECHECK_MS) track(run(startMs));
    },
    stop() {
      stopped = true;
      wake.stop();
      cancel?.();
      cancel = undefined;
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
