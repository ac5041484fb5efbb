// Rings each shift start once. One timer for the next instant anything is due (capped, so a sleep without a resume
// event is noticed within MAX_TIMER_MS of waking); every judgement reads the wall clock, so a start slept through
// rings on waking while its shift is still on. Quiet hours and pause are not asked: a start alarm is never silenced.
// Ringing is recorded before it is announced (write-ahead); a snooze rings again after SNOOZE_MS; the first
// acknowledgement, from wherever it comes, settles the alarm for good.
import type { Clock } from '../ports';
import { createWakeWatch } from '../reminders/wake-watch';
import type { AlarmStore } from './alarm-store';
import { SNOOZE_MS, type AckSource, type AlarmRecord, type AlarmTarget } from './types';

export const ALARM_MAX_TIMER_MS = 90_000;
/** A ring later than this after its instant says the start was missed (asleep, off). */
export const ALARM_LATE_MS = 60_000;
/** After a wake or restart, alarms wait this long at most for the first sync (a shift handed off meanwhile must not
 *  ring from the data before it); then they ring from what is known. */
export const ALARM_HOLD_GRACE_MS = 30_000;

export interface AlarmRing {
  target: AlarmTarget;
  /** Rung after its instant (the laptop was asleep or off): the window says since when. */
  late: boolean;
  /** The ring after a snooze. */
  again: boolean;
}

export interface AlarmEngineOptions {
  clock: Clock;
  store: AlarmStore;
  ring(ring: AlarmRing): void;
  /** A ringing (or snoozed) alarm is no longer wanted: acknowledged, handed off, or its shift is over. */
  silence?(key: string): void;
  /** The first acknowledgement of an alarm (escalation cancels what it booked). */
  acknowledged?(target: AlarmTarget, record: AlarmRecord): void;
  log?: (message: string) => void;
  /** The engine noticed a sleep by itself (no resume event) and holds: sync, then call `release`. */
  onWake?(): void;
  /** Start held (the app starting: nothing rings before the first sync or the grace). */
  held?: boolean;
}

export type AckResult = 'acknowledged' | 'already' | 'unknown';

export interface AlarmEngine {
  /** Replaces the alarms wanted (every account's, merged); judges at once. */
  setTargets(targets: readonly AlarmTarget[]): void;
  check(): void;
  /** Woke: hold ringing until `release` (the first sync after it) or ALARM_HOLD_GRACE_MS. */
  hold(): void;
  release(): void;
  ack(key: string, source: AckSource): Promise<AckResult>;
  /** Snoozes a rung alarm; false when there is nothing to snooze. */
  snooze(key: string): Promise<boolean>;
  targets(): readonly AlarmTarget[];
  stop(): void;
  settled(): Promise<void>;
}

export function createAlarmEngine(o: AlarmEngineOptions): AlarmEngine {
  let targets: AlarmTarget[] = [];
  let cancelTimer: (() => void) | undefined;
  let stopped = false;
  let cancelHold: (() => void) | undefined;
  let timerDueMs: number | undefined;
  const wakeWatch = createWakeWatch(o.clock);
  let pending: Promise<unknown> = Promise.resolve();
  const track = (p: Promise<unknown>): void => {
    pending = Promise.all([pending, p.catch((e: unknown) => o.log?.(`alarm record: ${String(e)}`))]);
  };
  const base = (t: AlarmTarget): AlarmRecord => ({ startMs: t.startMs, endMs: t.endMs });

  function hold(): void {
    wakeWatch.reset();
    cancelHold?.();
    cancelHold = o.clock.setTimer(ALARM_HOLD_GRACE_MS, release);
  }
  function release(): void {
    if (!cancelHold) return;
    cancelHold();
    cancelHold = undefined;
    judge();
  }
  if (o.held) hold();

  function judge(byTimer = false): void {
    if (stopped || cancelHold) return;
    // A start slept through must not ring from the data before the sleep (it may have been handed off meanwhile).
    if (wakeWatch.look(byTimer ? timerDueMs : undefined) !== undefined) {
      hold();
      o.onWake?.();
      return;
    }
    const nowMs = o.clock.now();
    for (const t of targets) {
      const rec = o.store.get(t.key);
      if (rec?.ackedAtMs !== undefined || nowMs >= t.endMs) continue;
      if (rec?.rungAtMs === undefined && nowMs >= t.atMs) {
        track(o.store.update(t.key, { ...base(t), ...rec, rungAtMs: nowMs }));
        o.ring({ target: t, late: nowMs - t.atMs > ALARM_LATE_MS, again: false });
      } else if (rec?.snoozedUntilMs !== undefined && nowMs >= rec.snoozedUntilMs) {
        const { snoozedUntilMs: _done, ...rest } = rec;
        track(o.store.update(t.key, rest));
        o.ring({ target: t, late: false, again: true });
      }
    }
    arm(nowMs);
  }

  function arm(nowMs: number): void {
    cancelTimer?.();
    cancelTimer = undefined;
    if (stopped || targets.length === 0) return;
    const due = targets.flatMap((t) => {
      const rec = o.store.get(t.key);
      if (rec?.ackedAtMs !== undefined || t.endMs <= nowMs) return [];
      return [rec?.rungAtMs === undefined ? t.atMs : (rec.snoozedUntilMs ?? Infinity)];
    });
    const next = Math.min(nowMs + ALARM_MAX_TIMER_MS, ...due);
    timerDueMs = Math.max(nowMs, next);
    // A snoozed alarm may have been acknowledged from a terminal (`status --ack` writes the file): read it first.
    const snoozeDue = targets.some((t) => (o.store.get(t.key)?.snoozedUntilMs ?? Infinity) <= next);
    const fire = snoozeDue
      ? () =>
          void o.store.reload().then(
            () => judge(true),
            () => judge(true),
          )
      : () => judge(true);
    cancelTimer = o.clock.setTimer(Math.max(0, next - nowMs), fire);
  }

  return {
    setTargets(next) {
      const keys = new Set(next.map((t) => t.key));
      // A rung alarm that is no longer wanted (handed off, moved) stops ringing.
      for (const t of targets) if (!keys.has(t.key) && o.store.get(t.key)?.rungAtMs !== undefined) o.silence?.(t.key);
      targets = [...new Map(next.map((t) => [t.key, t])).values()];
      judge();
    },
    check: () => judge(),
    hold,
    release,
    async ack(key, source) {
      const t = targets.find((x) => x.key === key);
      const rec = o.store.get(key);
      if (rec?.ackedAtMs !== undefined) return 'already';
      const from = rec ?? (t ? base(t) : undefined);
      if (!from) return 'unknown';
      const { snoozedUntilMs: _s, ...rest } = from;
      const record: AlarmRecord = { ...rest, ackedAtMs: o.clock.now(), ackSource: source };
      const write = o.store.update(key, record);
      track(write);
      o.silence?.(key);
      if (t) o.acknowledged?.(t, record);
      arm(o.clock.now());
      await write;
      return 'acknowledged';
    },
    async snooze(key) {
      const rec = o.store.get(key);
      if (rec?.rungAtMs === undefined || rec.ackedAtMs !== undefined) return false;
      const write = o.store.update(key, { ...rec, snoozedUntilMs: o.clock.now() + SNOOZE_MS });
      track(write);
      o.silence?.(key);
      arm(o.clock.now());
      await write;
      return true;
    },
    targets: () => targets,
    stop() {
      stopped = true;
      cancelTimer?.();
      cancelHold?.();
    },
    settled: async () => {
      await pending;
      await o.store.settled();
    },
  };
}
