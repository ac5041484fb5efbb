// Rings each shift start once. One timer for the next instant anything is due (capped, so a sleep without a resume
// event is noticed within MAX_TIMER_MS of waking); every judgement reads the wall clock, so a start slept through
// rings on waking while its shift is still on. Quiet hours and pause are not asked: a start alarm is never silenced.
// Ringing is recorded before it is announced (write-ahead); a snooze rings again after SNOOZE_MS; the first
// acknowledgement, from wherever it comes, settles the alarm for good.
import type { Clock } from '../ports';
import { createWakeWatch } from '../reminders/wake-watch';
import type { AlarmStore } from './alarm-store';
import { ALARM_RING_MAX_MS, SNOOZE_MS, type AckSource, type AlarmRecord, type AlarmTarget } from './types';
import { minOf } from '../../shared/extremes';
import { carriedOf, carryFront, frontOf, frontRecord, settled } from './carry';

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
  /** The engine noticed a sleep by itself (no resume event) and holds: sync, then call `release`. `awakeSinceMs`:
   *  the instant after which the machine was surely awake again (a read since then knows what the sleep hid). */
  onWake?(awakeSinceMs: number): void;
  /** Whether the target's account is muted or paused on its own now: due then, it passes unrung for good. */
  silenced?(target: AlarmTarget): boolean;
  /** When the next pause of an account ends (after now), if one does: an alarm waiting out a silence rings then. */
  silenceEndsMs?(): number | undefined;
  /** It passed so (the escalation settles it). */
  passed?(target: AlarmTarget): void;
  /** Start held (the app starting: nothing rings before the first sync or the grace). */
  held?: boolean;
  /** An alarm an earlier run of the app rang, unanswered, whose 10 min of ringing are not over (a restart while it
   *  rang): it rings on until `untilMs`. Without it, nothing rings for it in this run. */
  resume?(ring: AlarmRing, untilMs: number): void;
}

/** 'unsaved': acknowledged in this run (it stops ringing, the phone's alert is cancelled), but the record could not
 *  be saved (a read-only data folder): it may ring again after a restart. */
export type AckResult = 'acknowledged' | 'unsaved' | 'already' | 'unknown';
/** 'unsaved': snoozed in this run (it rings again in 5 min), but the record could not be saved (adv52 r16 #2). */
export type SnoozeResult = 'snoozed' | 'unsaved' | false;

export interface AlarmEngine {
  /** Replaces the alarms wanted (every account's, merged); judges at once. */
  setTargets(targets: readonly AlarmTarget[]): void;
  check(): void;
  /** Woke: hold ringing until `release` (the first sync after it) or ALARM_HOLD_GRACE_MS. */
  hold(): void;
  release(): void;
  /** `atMs`: when it was given, where that is earlier than now (the phone's answer read after a sleep). */
  ack(key: string, source: AckSource, atMs?: number): Promise<AckResult>;
  /** Snoozes a rung alarm; false when there is nothing to snooze, 'unsaved' when snoozed in this run only. */
  snooze(key: string): Promise<SnoozeResult>;
  targets(): readonly AlarmTarget[];
  stop(): void;
  settled(): Promise<void>;
}

/** One alarm engine's working state; only createAlarmEngine and its steps below hold it. */
interface Run {
  o: AlarmEngineOptions;
  targets: AlarmTarget[];
  cancelTimer: (() => void) | undefined;
  stopped: boolean;
  /** Set while ringing is held (after a wake or at start, until the first sync or the grace). */
  cancelHold: (() => void) | undefined;
  timerDueMs: number | undefined;
  wakeWatch: ReturnType<typeof createWakeWatch>;
  pending: Promise<unknown>;
  /** Rung by an earlier run and maybe ringing still: judged once, at the first judgement after the hold. */
  before: Set<string>;
}

/** Record writes are awaited by `settled`; a failed one is logged, never thrown into a timer. */
function track(r: Run, p: Promise<unknown>): void {
  r.pending = Promise.all([r.pending, p.catch((e: unknown) => r.o.log?.(`alarm record: ${String(e)}`))]);
}

const base = (t: AlarmTarget): AlarmRecord => ({ startMs: t.startMs, endMs: t.endMs });

function hold(r: Run): void {
  r.wakeWatch.reset();
  r.cancelHold?.();
  r.cancelHold = r.o.clock.setTimer(ALARM_HOLD_GRACE_MS, () => release(r));
}

function release(r: Run): void {
  if (!r.cancelHold) return;
  r.cancelHold();
  r.cancelHold = undefined;
  judge(r);
}

function judge(r: Run, byTimer = false): void {
  const { o } = r;
  if (r.stopped || r.cancelHold) return;
  // A start slept through must not ring from the data before the sleep (it may have been handed off meanwhile).
  const awakeSinceMs = r.wakeWatch.look(byTimer ? r.timerDueMs : undefined);
  if (awakeSinceMs !== undefined) {
    hold(r);
    o.onWake?.(awakeSinceMs);
    return;
  }
  const nowMs = o.clock.now();
  for (const t of r.targets) {
    const rec = o.store.get(t.key);
    if (settled(rec) || nowMs >= t.endMs) continue;
    const due = rec?.rungAtMs === undefined ? nowMs >= t.atMs : nowMs >= (rec.snoozedUntilMs ?? Infinity);
    // Muted while it rings (adv50 r6 #2): it stops as at a hand-off (not an acknowledgement), and the phone's
    // booking is cancelled, as readiness then says "won't ring". Before, it rang on, and the phone at T+N.
    const ringing = rec?.rungAtMs !== undefined;
    if ((due || ringing) && o.silenced?.(t) === true) {
      // Silenced at its time but before its start (5 min before): it waits. A pause or mute over before the start
      // leaves the start as if never silenced, so it rings then, late (adv50 r25 #1); only silenced at the start
      // does it pass unrung. Before, it passed at 08:55 for good: nothing rang, nor "On call now", nor the phone.
      if (!ringing && nowMs < t.startMs) continue;
      if (ringing) o.silence?.(t.key);
      const { snoozedUntilMs: _s, ...rest } = rec ?? base(t);
      track(r, o.store.update(t.key, { ...base(t), ...rest, passedAtMs: nowMs }));
      o.passed?.(t);
    } else if (rec?.rungAtMs === undefined && nowMs >= t.atMs) {
      const through = t.accountName === undefined ? {} : { rungThrough: t.accountName };
      track(r, o.store.update(t.key, { ...base(t), ...rec, rungAtMs: nowMs, ...through }));
      o.ring({ target: t, late: nowMs - t.atMs > ALARM_LATE_MS, again: false });
    } else if (rec?.snoozedUntilMs !== undefined && nowMs >= rec.snoozedUntilMs) {
      const { snoozedUntilMs: _done, ...rest } = rec;
      track(r, o.store.update(t.key, { ...rest, againAtMs: nowMs }));
      o.ring({ target: t, late: false, again: true });
    }
  }
  judgeBefore(r, nowMs);
  arm(r, nowMs);
}

/** When the ring now on of a record began, and whether it is within its ALARM_RING_MAX_MS (not snoozed, settled). */
function ringFromMs(rec: AlarmRecord | undefined): number | undefined {
  if (rec?.rungAtMs === undefined || settled(rec) || rec.snoozedUntilMs !== undefined) return undefined;
  return rec.againAtMs ?? rec.rungAtMs;
}

/**
 * What an earlier run left ringing (adv50 r16): the app restarted inside an alarm's 10 min. Still mine and still
 * within them, it rings on for what is left (window, sound, the notification re-sent under its id); acknowledged
 * meanwhile (`status --ack`), handed off, or its 10 min over, it is silenced (the notification the run that quit
 * left up is withdrawn).
 */
function judgeBefore(r: Run, nowMs: number): void {
  const { o } = r;
  for (const key of r.before) {
    r.before.delete(key);
    const t = r.targets.find((x) => x.key === key);
    const rec = o.store.get(key);
    const fromMs = ringFromMs(rec);
    if (t && fromMs !== undefined && nowMs < fromMs + ALARM_RING_MAX_MS && nowMs < t.endMs && o.resume) {
      const late = (rec?.rungAtMs ?? nowMs) - t.atMs > ALARM_LATE_MS;
      o.resume({ target: t, late, again: rec?.againAtMs !== undefined }, fromMs + ALARM_RING_MAX_MS);
    } else o.silence?.(key);
  }
}

function arm(r: Run, nowMs: number): void {
  const { o, targets } = r;
  r.cancelTimer?.();
  r.cancelTimer = undefined;
  if (r.stopped || targets.length === 0) return;
  const due = targets.flatMap((t) => {
    const rec = o.store.get(t.key);
    if (settled(rec) || t.endMs <= nowMs) return [];
    // Past its time unrung, it waits out a silence (judge): judged again when a pause ends, and at its start.
    const unrungAtMs = t.atMs > nowMs ? t.atMs : Math.min(t.startMs, o.silenceEndsMs?.() ?? Infinity);
    return [rec?.rungAtMs === undefined ? unrungAtMs : (rec.snoozedUntilMs ?? Infinity)];
  });
  const next = minOf(due, nowMs + ALARM_MAX_TIMER_MS);
  r.timerDueMs = Math.max(nowMs, next);
  // A snoozed alarm may have been acknowledged from a terminal (`status --ack` writes the file): read it first.
  const snoozeDue = targets.some((t) => (o.store.get(t.key)?.snoozedUntilMs ?? Infinity) <= next);
  const fire = snoozeDue
    ? () =>
        void o.store.reload().then(
          () => judge(r, true),
          () => judge(r, true),
        )
    : () => judge(r, true);
  r.cancelTimer = o.clock.setTimer(Math.max(0, next - nowMs), fire);
}

async function ack(r: Run, key: string, source: AckSource, atMs?: number): Promise<AckResult> {
  const { o } = r;
  const t = r.targets.find((x) => x.key === key);
  const rec = o.store.get(key);
  if (rec?.ackedAtMs !== undefined) return 'already';
  // A start no longer planned whose block goes on at a later start (its front given away since: carry.ts frontOf).
  const front = t || rec ? undefined : frontOf(r.targets, key);
  // That later start's alarm rang meanwhile: it is the one answered.
  if (front && o.store.get(front.key) !== undefined) return ack(r, front.key, source, atMs);
  const from = rec ?? (t ? base(t) : front ? frontRecord(front, key) : undefined);
  if (!from) return 'unknown';
  const { snoozedUntilMs: _s, ...rest } = from;
  const nowMs = o.clock.now();
  // Never dated before the ring it answers: after the clock was set back (NTP, the user) "now" may be, and such an
  // acknowledgement is refused on reading (adv47 r21 #3), so a restart rang the alarm again.
  const ackedAtMs = Math.max(rec?.rungAtMs ?? -Infinity, Math.min(nowMs, atMs ?? nowMs));
  // An acknowledgement is of a ring: one before this app rang it (the phone's answer to its alert) records that
  // ring too, as a record acknowledged with no ring is refused on reading (alarm-records.ts). The ring is dated now,
  // when this run learns of it: an answer given while the app was stopped is dated outside every run of the app, and
  // such a ring is refused on reading (alarm-runs.ts).
  const record: AlarmRecord = { rungAtMs: nowMs, ...rest, ackedAtMs, ackSource: source };
  const write = o.store.update(key, record);
  track(r, write);
  o.silence?.(key);
  // Recorded under the earlier start, the later one carries it on from now (as a re-plan would carry it).
  const carried = front ? carryFront(o.store, r.targets, front) : undefined;
  const carries = carried?.carried.key === key;
  if (carries) r.targets = carried.targets;
  const settledOne = carries ? carried.carried : t;
  if (settledOne) o.acknowledged?.(settledOne, record);
  arm(r, o.clock.now());
  // The failed save is logged (track) and said by the app's notice; the acknowledgement itself took effect.
  return write.then(
    () => 'acknowledged' as const,
    () => 'unsaved' as const,
  );
}

async function snooze(r: Run, key: string): Promise<SnoozeResult> {
  const { o } = r;
  const rec = o.store.get(key);
  if (rec?.rungAtMs === undefined || rec.ackedAtMs !== undefined) return false;
  const write = o.store.update(key, { ...rec, snoozedUntilMs: o.clock.now() + SNOOZE_MS });
  track(r, write);
  o.silence?.(key);
  arm(r, o.clock.now());
  // As for an acknowledgement: the failed save is logged (track) and said by the folder's notice; the snooze took
  // effect in this run. Before, it threw: "Something went wrong", and "find cover" never opened Ask for cover.
  return write.then(
    () => 'snoozed' as const,
    () => 'unsaved' as const,
  );
}

export function createAlarmEngine(o: AlarmEngineOptions): AlarmEngine {
  const r: Run = {
    o,
    targets: [],
    cancelTimer: undefined,
    stopped: false,
    cancelHold: undefined,
    timerDueMs: undefined,
    wakeWatch: createWakeWatch(o.clock),
    pending: Promise.resolve(),
    before: new Set(
      Object.entries(o.store.all())
        .filter(
          ([, rec]) => rec.shownAs !== undefined || (ringFromMs(rec) ?? -Infinity) + ALARM_RING_MAX_MS > o.clock.now(),
        )
        .map(([key]) => key),
    ),
  };
  if (o.held) hold(r);
  return {
    setTargets(next) {
      const keys = new Set(next.map((t) => t.key));
      // A rung alarm that is no longer wanted (handed off, moved) stops ringing; one carried by its block rings on.
      const carried = next.map((t) => carriedOf(o.store, t, keys));
      for (const t of carried) keys.add(t.key);
      for (const t of r.targets) if (!keys.has(t.key) && o.store.get(t.key)?.rungAtMs !== undefined) o.silence?.(t.key);
      r.targets = [...new Map(carried.map((t) => [t.key, t])).values()];
      judge(r);
    },
    check: () => judge(r),
    hold: () => hold(r),
    release: () => release(r),
    ack: (key, source, atMs) => ack(r, key, source, atMs),
    snooze: (key) => snooze(r, key),
    targets: () => r.targets,
    stop() {
      r.stopped = true;
      r.cancelTimer?.();
      r.cancelHold?.();
    },
    settled: async () => {
      await r.pending;
      await o.store.settled();
    },
  };
}
