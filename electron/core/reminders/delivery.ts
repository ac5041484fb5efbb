// Delivering what the scheduler judged: recorded first (write-ahead, so a crash in between can lose one message
// but never repeat one), then shown; during quiet hours or a pause, kept (urgent ones excepted) and summed up in one
// message when quiet time ends, leaving out what is no longer true then. An account that is muted or paused on its
// own shows nothing and keeps nothing: what falls due then passes (recorded as passed, never as shown).
import type { ServiceSettings } from '../../shared/settings';
import type { NotificationRequest, Notifier } from '../ports';
import { FIRED_RETENTION_MS, type FiredEntry, type FiredStore, type HeldMessage } from '../storage/fired-store';
import { heldExpired, heldWordedNow, isUrgent, summaryOf, toHeld } from './held';
import type { Outcome } from './judge';
import { quietUntil } from './quiet';
import type { MessageOptions } from './messages';
import { isKind, policyOf } from './policy';
import type { PlannedReminder } from './types';

export interface DeliveryOptions {
  firedStore: FiredStore;
  notifier: Notifier;
  /** The local zone quiet hours are counted in, read each time. */
  zone: () => string;
  /** Quiet hours and pause, read each time. */
  quiet?: () => Pick<ServiceSettings, 'quietHours' | 'pausedUntil'> | undefined;
  /** Whether a held message (e.g. a coverage request) is still worth telling when quiet time ends. */
  stillTrue?: (held: HeldMessage) => boolean;
  /** When the account's coverage requests are saved data now (a held request's line then says so). */
  coverageSavedAtMs?: () => number | undefined;
  /** The held messages as they are true now: held changes restated from what is known (./held-restate). */
  restate?: (held: readonly HeldMessage[], nowMs: number) => HeldMessage[];
  /** Whether a held message waits on past quiet time, kept held: a coverage request not known to ask me now. */
  waits?: (held: HeldMessage, nowMs: number) => boolean;
  /** Whether this account is silenced now (muted or paused): its due reminders pass unshown, see `passedKey`. */
  silenced?: () => boolean;
  /** Whether the shift-start alarm rings (or rang) for this start: then it is the start's one notice (issue 50). */
  alarmTakesStart?: (scheduleId: string, startMs: number) => boolean;
  /** Whether my on-call time (every account's blocks) goes on past this end: then it is no end, and "Shift ended"
   *  is not said for it (shared/on-call-run.ts goesOnPast). */
  onCallGoesOnPast?: (endMs: number) => boolean;
  log?: (message: string) => void;
}

/**
 * The record entry of a reminder that fell due while its account was silenced: not shown, and recorded as passed,
 * never as shown (the record of reminders shown stays true). It keeps the reminder from being caught up after the
 * account speaks again: after unmuting, only reminders due from then on come.
 */
export function passedKey(key: string): string {
  return `passed:${key}`;
}

/**
 * The record entry saying a reminder of this shift's start was shown (spoken then, not kept for a summary): the record of
 * settled keys can't tell, as a missed lead that another comes soon after is settled unshown. A correction
 * (./corrections) is said only over one of these.
 */
export function saidKey(group: string): string {
  return `said:${group}`;
}

/** What the summary after quiet time is worded with, as of the judgement that delivers it. */
export interface SettleContext {
  /** What is still planned (a held lead stays in the summary only while its shift is planned and ahead). */
  plan: readonly PlannedReminder[];
  opts: MessageOptions;
  /** When a schedule's data is saved data now (its held lines then say so). */
  savedDataAtMs: (scheduleId: string) => number | undefined;
}

export interface Delivery {
  /** Records and shows (or keeps) the outcomes; returns the keys they settled. */
  settle(outcomes: readonly Outcome[], nowMs: number, ctx: SettleContext): Set<string>;
  /** Quiet (quiet hours or paused) until this instant, or undefined when notifications may speak. */
  quietEnd(nowMs: number): number | undefined;
  /** Resolves when notifications and writes started so far have finished. */
  settled(): Promise<void>;
}

/** One delivery's working state; only createDelivery and its steps below hold it. */
interface Run {
  o: DeliveryOptions;
  /** Writes and notifications started and not yet finished, so `settled()` can wait for them. */
  inFlight: Set<Promise<unknown>>;
}

/** Tracks a write or notification; a failure is logged, never thrown (a reminder's failure must not stop the rest). */
function track(r: Run, p: Promise<unknown>): void {
  const guarded = p.catch((e: unknown) => r.o.log?.(`reminder: ${e instanceof Error ? e.message : String(e)}`));
  r.inFlight.add(guarded);
  void guarded.finally(() => r.inFlight.delete(guarded));
}

/** Records first (write-ahead), then shows; a failed write still shows (missing one is worse than a repeat). */
function deliver(r: Run, written: Promise<void>, shown: readonly NotificationRequest[]): void {
  const notifyAll = (): Promise<unknown> => Promise.all(shown.map((n) => r.o.notifier.notify(n)));
  track(
    r,
    written.then(notifyAll, (e: unknown) => {
      r.o.log?.(`reminder: record not saved (${e instanceof Error ? e.name : 'error'})`);
      return notifyAll();
    }),
  );
}

function quietEndOf(r: Run, nowMs: number): number | undefined {
  const q = r.o.quiet?.();
  return q ? quietUntil(nowMs, q, r.o.zone()) : undefined;
}

/** What waited during quiet time, as one summary once it is over (dropped lines that are no longer true). */
function deliverHeld(r: Run, nowMs: number, ctx: SettleContext): void {
  const all = r.o.firedStore.held();
  // A request not known to ask me now stays held, told once it is (as a fresh one is notified only then).
  const waiting = all.filter((h) => !heldExpired(h, nowMs) && r.o.waits?.(h, nowMs) === true);
  const held = all.filter((h) => !waiting.includes(h));
  if (held.length === 0) return;
  const ahead = (h: HeldMessage): boolean =>
    ctx.plan.some((p) => p.shift !== undefined && p.shift.group === h.group && p.shift.startMs > nowMs);
  const stillTrue = (h: HeldMessage): boolean =>
    isKind(h.kind) && policyOf(h.kind).heldWhileAhead ? ahead(h) : (r.o.stillTrue?.(h) ?? true);
  // Not true now that fresh data is in: left out of the summary, and said when the record held it (fired-store).
  const untrue = held.filter((h) => !heldExpired(h, nowMs) && !stillTrue(h));
  if (untrue.length > 0) r.o.firedStore.untrue(untrue, 'not true once the service was read again');
  const { opts, savedDataAtMs } = ctx;
  const wordedNow = (h: HeldMessage) => heldWordedNow(h, ctx.plan, nowMs, opts);
  const coverageSavedAtMs = r.o.coverageSavedAtMs;
  // Each held change is worded from what is known now, against what I was told before it (not as it was made).
  const shown = r.o.restate?.(held, nowMs) ?? held;
  const summary = summaryOf(shown, nowMs, { opts, stillTrue, savedDataAtMs, coverageSavedAtMs, wordedNow });
  const entries = summary ? [{ key: summary.id, untilMs: nowMs + FIRED_RETENTION_MS }] : [];
  const released = waiting.length > 0 ? held.map((h) => h.key) : undefined;
  deliver(r, r.o.firedStore.releaseHeld(entries, released), summary ? [summary] : []);
}

/** Silenced: what fell due passes, unshown, never held for a summary, and recorded as passed (not as shown). */
function pass(r: Run, outcomes: readonly Outcome[]): Set<string> {
  const entries: FiredEntry[] = outcomes.flatMap((out) =>
    out.settle.flatMap((p) =>
      [p.key, ...(p.settles ?? [])].map((key) => ({ key: passedKey(key), untilMs: p.untilMs })),
    ),
  );
  const held = r.o.firedStore.held();
  // What waited for quiet time to end is not summed up for a silenced account either.
  if (held.length > 0)
    track(r, r.o.firedStore.releaseHeld(held.map((h) => ({ key: passedKey(h.key), untilMs: h.untilMs }))));
  if (entries.length > 0) track(r, r.o.firedStore.add(entries));
  return new Set(outcomes.flatMap((out) => out.settle.map((p) => p.key)));
}

/** One entry per shift a spoken message told of (its start, or its end: a read that later contradicts what was
 *  said is corrected only over one of these, ./corrections and ./past-corrections). */
const saidEntries = (spoken: readonly Outcome[]): FiredEntry[] =>
  spoken.flatMap((out) =>
    out.settle.flatMap((p) => (p.shift ? [{ key: saidKey(p.shift.group), untilMs: p.untilMs }] : [])),
  );

/** The entries an outcome settles: its key, what it settles, and (only when shown) what it replaces. */
const settledEntries = (outcomes: readonly Outcome[]): FiredEntry[] =>
  outcomes.flatMap((out) =>
    out.settle.flatMap((p) =>
      [p.key, ...(p.settles ?? []), ...(out.show ? (p.replaces ?? []) : [])].map((key) => ({
        key,
        untilMs: p.untilMs,
      })),
    ),
  );

/** "On call now" (or "on call since") is not said where the start's alarm says it: one notice per start. It is
 *  settled unshown; where the alarm can't ring (off, disabled, not planned) the reminder speaks as before. */
function withoutAlarmed(r: Run, outcomes: readonly Outcome[]): Outcome[] {
  const takes = r.o.alarmTakesStart;
  if (!takes) return [...outcomes];
  return outcomes.map((out) => {
    const ref = out.settle.find((p) => p.shift)?.shift;
    if (out.kind !== 'start' || !out.show || !ref || !takes(ref.scheduleId, ref.startMs)) return out;
    const { show: _alarmSays, ...rest } = out;
    return rest;
  });
}

/** "Shift ended" is not said where my on-call time goes on (a block of mine, on any schedule or account, carries it
 *  on back to back): it is settled unshown, and the end of the run says it (issue 50). */
function withoutCarriedOn(r: Run, outcomes: readonly Outcome[]): Outcome[] {
  const goesOn = r.o.onCallGoesOnPast;
  if (!goesOn) return [...outcomes];
  return outcomes.map((out) => {
    const ref = out.settle.find((p) => p.shift)?.shift;
    if (out.kind !== 'end' || !out.show || !ref || !goesOn(ref.endMs)) return out;
    const { show: _notAnEnd, ...rest } = out;
    return rest;
  });
}

/** Records the outcomes, shows what may speak now (urgent ones even in quiet time) and keeps the rest. */
function settle(r: Run, all: readonly Outcome[], nowMs: number, ctx: SettleContext): Set<string> {
  if (r.o.silenced?.() === true) return pass(r, all);
  const alarmedAll = withoutAlarmed(r, all);
  const outcomes = withoutCarriedOn(r, alarmedAll);
  const entries = settledEntries(outcomes);
  const quietEndMs = quietEndOf(r, nowMs);
  const shown = outcomes.filter((out): out is Outcome & { show: NotificationRequest } => out.show !== undefined);
  const waits = shown.filter((out) => quietEndMs !== undefined && !isUrgent(out, nowMs, quietEndMs));
  const spoken = shown.filter((out) => !waits.includes(out));
  // A start the alarm rang for was said too (by the alarm), so a contradiction of it is corrected.
  const alarmed = all.filter(
    (out) => out.show !== undefined && !alarmedAll.some((o) => o.show && o.settle === out.settle),
  );
  entries.push(...saidEntries([...spoken, ...alarmed]));
  if (entries.length > 0)
    deliver(
      r,
      r.o.firedStore.add(
        entries,
        waits.map((out) => toHeld(out, nowMs)),
      ),
      spoken.map((out) => out.show),
    );
  if (quietEndMs === undefined) deliverHeld(r, nowMs, ctx);
  return new Set(entries.map((e) => e.key));
}

export function createDelivery(o: DeliveryOptions): Delivery {
  const r: Run = { o, inFlight: new Set() };
  return {
    settle: (outcomes, nowMs, ctx) => settle(r, outcomes, nowMs, ctx),
    quietEnd: (nowMs) => quietEndOf(r, nowMs),
    async settled() {
      while (r.inFlight.size > 0) await Promise.all([...r.inFlight]);
    },
  };
}
