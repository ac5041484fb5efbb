// When a shift start is not acknowledged within N minutes of its alarm, the phone rings: exactly once, never for an
// acknowledged or handed-off start. Where the provider books (ntfy's scheduled delivery) the alert is booked on the
// server ahead of time — it rings even if this computer is asleep — re-booked when the shift moves, cancelled on
// acknowledgement or hand-off. Elsewhere the app sends it itself at T+N (only while awake). While an alert may be
// out, the phone's "I'm on it" is polled for every POLL_MS (outbound only). What was booked or sent is kept on
// disk, so a restart neither repeats nor forgets it. A failed request becomes a readiness problem, never a gap.
// Each booking and receipt names its channel: what a channel no longer used holds is cancelled there (left-on.ts).
// The phone's answers are read from the alarm's start on, so one given while this computer slept is still found.
import type { AlarmKnowledge } from '../alarm/alarm-claims';
import type { AlarmRecord, AlarmTarget } from '../alarm/types';
import type { Clock, FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { NOT_WANTED } from './http';
import { NTFY_MAX_DELAY_MS, NTFY_MIN_DELAY_MS } from './ntfy';
import { adoptLeftOn, channelsLeft, settleLeftOn } from './left-on';
import { bookHeld, CANCELLING, maybeProblems, settleMaybe } from './maybe-held';
import { missedAfter, missedProblem, type Missed } from './missed';
import { alertIdOf, ESCALATIONS_FILE, loadEscalations, saveEscalations, type EscalationState } from './record-store';
import type { Outcome, PhoneAlert, PhoneProvider } from './types';
import { minOf } from '../../shared/extremes';

export { alertIdOf, ESCALATIONS_FILE } from './record-store';
export const POLL_MS = 5_000;
/** Book this far ahead at most (ntfy keeps scheduled messages up to 3 days; a day's margin). */
export const BOOK_AHEAD_MS = NTFY_MAX_DELAY_MS - 24 * 60 * 60_000;
/** After the phone rang, its "I'm on it" is awaited this long. */
export const AWAIT_ACK_MS = 60 * 60_000;
export const RETRY_AFTER_MS = 60_000;
const SENDING = 'sending the phone alert';

type State = EscalationState;

export interface EscalatorStatus {
  /** The last request's failure, worded without secrets; undefined when the last one went through. */
  problem?: string;
  /** The next booked alert's instant. */
  nextBookedMs?: number;
  booking: boolean;
  /** A booking's answer was lost: the server may or may not hold it (never said as "booked"). */
  bookingUnknown?: boolean;
}

export interface EscalatorOptions {
  clock: Clock;
  files: FileStore;
  /** Undefined when phone escalation is off: then it only cancels what channels left behind still hold. */
  provider: PhoneProvider | undefined;
  /** Channels no longer used whose keys are still known (channel → its provider), to cancel what they hold. */
  retired?: ReadonlyMap<string, PhoneProvider>;
  /** Nothing is left on this channel any more: its keys can go. */
  retiredDone?(channel: string): void;
  afterMs: number;
  alarm(key: string): AlarmRecord | undefined;
  /** Reads the alarm records again before each look (an acknowledgement from `status --ack`). */
  refresh?(): Promise<void>;
  /** The phone said "I'm on it" to this alarm, at `atMs`. */
  phoneAck(key: string, atMs: number): void;
  /** Readiness changed (a problem, or fixed). */
  changed?(status: EscalatorStatus): void;
  log?: (message: string) => void;
  /** The accounts and their watched schedules: an escalations.json entry must name one of them (issue 52). */
  known?: () => readonly AlarmKnowledge[];
  /** What of escalations.json was refused or dropped at start (said once); logged when absent. */
  report?: (notice: Notice) => void;
}

export function alertOf(t: AlarmTarget, opts: { words(t: AlarmTarget): { title: string; body: string } }): PhoneAlert {
  return { id: alertIdOf(t.key), ...opts.words(t) };
}

export interface Escalator {
  setTargets(targets: readonly AlarmTarget[]): Promise<void>;
  acknowledged(key: string): Promise<void>;
  /** Reads the phone's answers now (before a late alarm rings after a wake or a start). */
  checkAcks(): Promise<void>;
  status(): EscalatorStatus;
  /** Stops; answers once the request under way (if any) is done and saved. */
  stop(): Promise<void>;
}

/** One escalator's working state; only createEscalator and its steps below hold it. */
interface Run {
  o: EscalatorOptions;
  words: (t: AlarmTarget) => { title: string; body: string };
  state: State;
  targets: AlarmTarget[];
  problem: string | undefined;
  /** What a channel no longer used may still ring with (its cancel failed, or can't be made). */
  leftProblem: string | undefined;
  stopped: boolean;
  cancelTimer: (() => void) | undefined;
  /** One look at a time, so a booking is never sent twice by two looks overlapping. */
  serial: (job: () => Promise<void>) => Promise<void>;
  /** Why the record could not be saved last, while that lasts (logged once per reason). */
  unsaved: string | undefined;
  /** The record as last written (or read): an unchanged one is not written again. */
  savedText: string;
  /** Keys booked by this run. A booking read from the file is a claim the server may not hold (a restored file, a
   *  server that lost it): it is booked again once (the same id replaces it there, so it never rings twice). */
  confirmed: Set<string>;
  /** Alerts due that could not go out (missed.ts): tried again while their alarm waits. */
  missed: Map<string, Missed>;
  /** Targets whose booking failed: until one is booked, the alert is not on the server (never "booked" then). */
  bookFailed: Set<string>;
}

/** A record that can't be saved must not stop the phone (see saveEscalations); said in the log once per reason.
 *  Written only when it changed (an escalator that is off writes nothing it doesn't hold). */
async function save(r: Run): Promise<void> {
  const text = JSON.stringify(r.state);
  if (text === r.savedText) return;
  const why = await saveEscalations(r.o.files, r.state);
  if (why !== undefined && why !== r.unsaved)
    r.o.log?.(
      `phone escalation: ${ESCALATIONS_FILE} not saved (${why}); a phone alert may be sent again after a restart`,
    );
  r.unsaved = why;
  if (why === undefined) r.savedText = text;
}
const dueOf = (r: Run, t: AlarmTarget) => t.atMs + r.o.afterMs;
/** Acknowledged, or passed unrung while its account was muted or paused on its own: the phone stays quiet. */
const acked = (r: Run, key: string) => {
  const rec = r.o.alarm(key);
  return rec?.ackedAtMs !== undefined || rec?.passedAtMs !== undefined;
};

/** Handed off, moved (another key now) or acknowledged: what is booked for it must not ring. */
const unwanted = (r: Run, key: string) => !r.targets.some((t) => t.key === key) || acked(r, key);

function statusOf(r: Run): EscalatorStatus {
  const next = Math.min(
    ...Object.values(r.state.booked)
      .map((b) => b.atMs)
      .filter((at) => at > r.o.clock.now()),
  );
  // The phone may ring after an ack, then an alert due that may not have reached it, then one not known booked.
  const maybe = maybeProblems(r.state, r.o.clock.now(), (key) => unwanted(r, key));
  const problem = r.leftProblem ?? maybe.stillRing ?? missedProblem(r.missed) ?? maybe.unbooked ?? r.problem;
  return {
    ...(problem ? { problem } : {}),
    ...(Number.isFinite(next) ? { nextBookedMs: next } : {}),
    booking: !!r.o.provider?.book && r.bookFailed.size === 0,
    ...(maybe.unbooked ? { bookingUnknown: true } : {}),
  };
}

/** Keeps the last request's failure as the problem shown (cleared by the next that goes through). */
function outcome(r: Run, answer: { ok: boolean; error?: string }, what: string): boolean {
  const before = r.problem;
  r.problem = answer.ok ? undefined : `${what}: ${answer.error ?? 'failed'}`;
  if (before !== r.problem) r.o.changed?.(statusOf(r));
  if (!answer.ok) r.o.log?.(`phone escalation ${r.problem ?? ''}`);
  return answer.ok;
}

/** What channels no longer used still hold is cancelled there; a channel with nothing left is let go. */
async function settleLeft(r: Run, nowMs: number): Promise<void> {
  const { o } = r;
  const unknown = adoptLeftOn(r.state, o.provider?.channel, nowMs);
  if (unknown > 0) o.log?.(`phone escalation: ${unknown} booking(s) of an unknown channel let go`);
  const providerOf = (ch: string) => (ch === o.provider?.channel ? o.provider : o.retired?.get(ch));
  const problems = await settleLeftOn(r.state, nowMs, providerOf, o.provider?.channel);
  const before = r.leftProblem;
  r.leftProblem = problems[0];
  if (before !== r.leftProblem) {
    o.changed?.(statusOf(r));
    if (r.leftProblem) o.log?.(`phone escalation: ${r.leftProblem}`);
  }
  const left = channelsLeft(r.state);
  for (const ch of o.retired?.keys() ?? []) if (!left.has(ch)) o.retiredDone?.(ch);
}

/** What is booked but must not ring any more is cancelled; what rang counts as sent. */
async function settleBooked(r: Run, provider: PhoneProvider, nowMs: number): Promise<void> {
  const { state } = r;
  const wanted = new Map(r.targets.map((t) => [t.key, t]));
  const say = (answer: { ok: boolean; error?: string }, what: string) => outcome(r, answer, what);
  await settleMaybe({ state, provider, nowMs, unwanted: (key) => unwanted(r, key), outcome: say, missed: r.missed });
  for (const [key, b] of Object.entries(state.booked)) {
    const t = wanted.get(key);
    // Handed off, moved (another key now), or acknowledged: the booked alert must not ring.
    if (b.atMs > nowMs && (!t || acked(r, key)) && provider.cancel) {
      if (outcome(r, await provider.cancel(b.id), CANCELLING)) delete state.booked[key];
    } else if (b.atMs <= nowMs) {
      // It rang on the phone: from now on it counts as sent.
      state.sent[key] ??= b.atMs;
      delete state.booked[key];
    }
  }
  // A receipt outlives its alert's answer window only as dead weight (Pushover's emergency expires before).
  for (const [key, kept] of Object.entries(state.receipts ?? {})) {
    if ((state.sent[key] ?? 0) < nowMs - AWAIT_ACK_MS) delete state.receipts?.[key];
    // Handed off (or moved) while the phone repeats it (Pushover's emergency): stopped there, as a booking is
    // cancelled. Before, it rang every minute for 30 min for a shift no longer mine.
    else if (!wanted.has(key) && kept.ch === provider.channel) await stopSent(r, provider, key, kept.receipt, nowMs);
  }
  // Handed off while one whose answer was lost may repeat: stopped by its id too (before, it rang on for 30 min).
  // Kept on disk (`unreceipted`): after a restart a hand-off still stops it (before, it rang on, "Ready ✓").
  for (const [key, u] of Object.entries(state.unreceipted ?? {}))
    if (u.untilMs <= nowMs || acked(r, key)) dropUnreceipted(state, key);
    else if (!wanted.has(key) && u.ch === provider.channel) {
      dropUnreceipted(state, key);
      await stopSent(r, provider, key, undefined, nowMs);
    }
}

function dropUnreceipted(state: State, key: string): void {
  delete state.unreceipted?.[key];
  if (state.unreceipted && Object.keys(state.unreceipted).length === 0) delete state.unreceipted;
}

/** Stops a sent alert ringing on (Pushover's repeats; ntfy's notification is cleared), by its receipt or, with none
 *  (its answer was lost), by its id. One that repeats and could not be stopped is kept in `leftOn` on its own channel:
 *  tried again each minute until it goes through or its repeats end, said meanwhile as "your phone may still ring"
 *  (left-on.ts). Before, a failed cancel was never tried again and its error stayed up after the emergency expired. */
async function stopSent(r: Run, provider: PhoneProvider, key: string, handle: string | undefined, nowMs: number) {
  if (!provider.cancel) return;
  const answer = await provider.cancel(alertIdOf(key), handle);
  const untilMs = (r.state.sent[key] ?? nowMs) + (provider.repeatsMs ?? 0);
  if (answer.ok || provider.repeatsMs === undefined || untilMs <= nowMs) {
    if (outcome(r, answer, 'stopping the phone alert')) delete r.state.receipts?.[key];
    return;
  }
  delete r.state.receipts?.[key];
  const others = (r.state.leftOn ?? []).filter((e) => e.key !== key || e.ch !== provider.channel);
  r.state.leftOn = [...others, { key, atMs: untilMs, ch: provider.channel, ...(handle ? { receipt: handle } : {}) }];
  r.o.log?.(`phone escalation stopping the phone alert: ${answer.error}; trying again each minute`);
}

/** Sent once: recorded first (a crash in between loses it, never doubles it); its receipt kept with it. One that
 *  could not go out is unrecorded and tried again (missed.ts), and readiness says so until it is sent. */
async function sendNow(r: Run, provider: PhoneProvider, t: AlarmTarget, nowMs: number): Promise<void> {
  r.state.sent[t.key] = nowMs;
  await save(r);
  // Each repeat of a failed try first checks the acknowledgement and the hand-off: none is sent after either.
  const wanted = () => !r.stopped && !acked(r, t.key) && r.targets.some((x) => x.key === t.key);
  const answer = await provider.send(alertOf(t, { words: r.words }), wanted);
  if (!answer.ok && answer.error === NOT_WANTED) return;
  outcome(r, answer, SENDING);
  if (answer.ok) {
    if (r.missed.delete(t.key) || r.bookFailed.delete(t.key)) r.o.changed?.(statusOf(r));
    if (answer.value !== null)
      r.state.receipts = { ...r.state.receipts, [t.key]: { receipt: answer.value, ch: provider.channel } };
    return;
  }
  // Known not sent (refused, a 4xx): unrecorded and tried again. Maybe sent (no answer in time): kept as sent.
  const unknown = answer.unknown === true;
  if (!unknown) delete r.state.sent[t.key];
  else if (provider.repeatsMs) {
    const held = { id: alertIdOf(t.key), untilMs: nowMs + provider.repeatsMs, ch: provider.channel };
    r.state.unreceipted = { ...r.state.unreceipted, [t.key]: held };
  }
  r.missed.set(t.key, missedAfter((r.missed.get(t.key)?.tries ?? 0) + 1, nowMs, answer.error, unknown));
  r.o.changed?.(statusOf(r));
}

/** What no longer waits (acknowledged, handed off, past its answer window) is not tried or said any more. */
function pruneMissed(r: Run, nowMs: number): void {
  const open = new Set(
    r.targets.filter((t) => !acked(r, t.key) && dueOf(r, t) > nowMs - AWAIT_ACK_MS).map((t) => t.key),
  );
  let changed = false;
  for (const key of [...r.missed.keys(), ...r.bookFailed])
    if (!open.has(key)) {
      // Its failure is no longer a problem either: nothing will be sent for it.
      if (r.missed.delete(key) && r.problem?.startsWith(SENDING)) r.problem = undefined;
      r.bookFailed.delete(key);
      changed = true;
    }
  if (changed) r.o.changed?.(statusOf(r));
}

/** Each target not acknowledged nor sent: booked when the provider books and it is in reach, else sent when due. */
async function bookOrSend(r: Run, provider: PhoneProvider, nowMs: number): Promise<void> {
  const { state } = r;
  for (const t of r.targets) {
    const dueMs = dueOf(r, t);
    if (acked(r, t.key) || state.sent[t.key] !== undefined || dueMs <= nowMs - AWAIT_ACK_MS) continue;
    const b = state.booked[t.key];
    if (provider.book && dueMs - nowMs >= NTFY_MIN_DELAY_MS && dueMs - nowMs <= BOOK_AHEAD_MS) {
      if (b?.atMs === dueMs && r.confirmed.has(t.key)) continue;
      const say = (answer: Outcome, what: string) => outcome(r, answer, what);
      const sets = { confirmed: r.confirmed, failed: r.bookFailed };
      await bookHeld({ state, provider, outcome: say, ...sets }, t.key, alertOf(t, { words: r.words }), dueMs);
    } else if (dueMs <= nowMs && !b && !state.maybe?.[t.key] && (r.missed.get(t.key)?.nextMs ?? 0) <= nowMs)
      await sendNow(r, provider, t, nowMs);
  }
}

async function reconcile(r: Run): Promise<void> {
  const nowMs = r.o.clock.now();
  const before = JSON.stringify(statusOf(r));
  await settleLeft(r, nowMs);
  const { provider } = r.o;
  pruneMissed(r, nowMs);
  if (provider) {
    await settleBooked(r, provider, nowMs);
    await bookOrSend(r, provider, nowMs);
  }
  await save(r);
  // What is maybe held changes readiness without any request failing anew.
  if (JSON.stringify(statusOf(r)) !== before) r.o.changed?.(statusOf(r));
}

/** The phone's answers since the earliest alarm that waits for one began (a restart or a sleep loses none). */
async function poll(r: Run): Promise<void> {
  const { o, state } = r;
  const nowMs = o.clock.now();
  const awaiting = r.targets.filter((t) => !acked(r, t.key) && nowMs >= t.atMs && nowMs <= dueOf(r, t) + AWAIT_ACK_MS);
  if (awaiting.length === 0 || !o.provider?.pollAcks) return;
  const handles = new Map(
    awaiting.flatMap((t) => {
      const kept = state.receipts?.[t.key];
      return kept && kept.ch === o.provider?.channel ? [[alertIdOf(t.key), kept.receipt] as const] : [];
    }),
  );
  const sinceMs = minOf(awaiting.map((t) => t.atMs));
  const answer = await o.provider.pollAcks({ sinceMs, handles });
  if (!outcome(r, answer, 'reading the phone’s answer') || !answer.ok) return;
  for (const ack of answer.value) {
    const t = awaiting.find((x) => alertIdOf(x.key) === ack.id);
    if (!t || acked(r, t.key)) continue;
    // Answered on the phone: nothing to cancel there any more.
    if (state.receipts?.[t.key]) delete state.receipts[t.key];
    o.phoneAck(t.key, Math.max(t.atMs, ack.atMs));
  }
  await save(r);
}

function arm(r: Run): void {
  r.cancelTimer?.();
  if (r.stopped) return;
  const nowMs = r.o.clock.now();
  const open = r.o.provider ? r.targets.filter((t) => !acked(r, t.key)) : [];
  const dues = open.filter((t) => r.state.sent[t.key] === undefined).map((t) => dueOf(r, t));
  const polling = open.some((t) => nowMs >= t.atMs - POLL_MS && nowMs <= dueOf(r, t) + AWAIT_ACK_MS);
  // After a failed request, try again in a minute (each try itself bounded), not only at the hourly look.
  // A booking maybe held is booked again (to confirm it) or cancelled (after an ack) each minute too.
  const failing = r.problem !== undefined || r.leftProblem !== undefined || r.state.maybe !== undefined;
  const retryMs = failing ? nowMs + RETRY_AFTER_MS : Infinity;
  const next = Math.min(
    polling ? nowMs + POLL_MS : Infinity,
    retryMs,
    ...dues.filter((d) => d > nowMs),
    ...[...r.missed.values()].map((m) => m.nextMs),
    nowMs + 60 * 60_000,
  );
  r.cancelTimer = r.o.clock.setTimer(Math.max(0, next - nowMs), () => void r.serial(() => tick(r)));
}

async function tick(r: Run): Promise<void> {
  if (r.stopped) return;
  await r.o.refresh?.().catch(() => undefined);
  try {
    await reconcile(r);
    await poll(r);
  } finally {
    arm(r);
  }
}

export async function createEscalator(
  o: EscalatorOptions,
  words: (t: AlarmTarget) => { title: string; body: string },
): Promise<Escalator> {
  const report = o.report ?? ((n: Notice) => o.log?.(n.message));
  // The channels the app has, when it knows the one in use: an entry naming another was never its booking.
  const channels = o.provider && new Set([o.provider.channel, ...(o.retired?.keys() ?? [])]);
  const state = await loadEscalations(o.files, o.clock.now(), report, o.known?.(), channels);
  let queue: Promise<void> = Promise.resolve();
  const r: Run = {
    o,
    words,
    state,
    targets: [],
    problem: undefined,
    leftProblem: undefined,
    stopped: false,
    cancelTimer: undefined,
    serial: (job) => (queue = queue.then(job, job)),
    unsaved: undefined,
    // With a provider the first look writes the record as read (what was dropped from it leaves the file, as
    // before); off, nothing is written that isn't held.
    savedText: o.provider ? '' : JSON.stringify(state),
    confirmed: new Set(),
    missed: new Map(),
    bookFailed: new Set(),
  };
  return {
    setTargets(next) {
      r.targets = [...next];
      return r.serial(() => tick(r));
    },
    // An alert already out stops ringing on (Pushover's repeats; ntfy's notification is cleared).
    acknowledged: (key) =>
      r.serial(async () => {
        const { provider } = o;
        const receipt = r.state.receipts?.[key];
        const handle = receipt?.ch === provider?.channel ? receipt?.receipt : undefined;
        if (r.state.sent[key] !== undefined && provider && !r.stopped)
          await stopSent(r, provider, key, handle, o.clock.now());
        await tick(r);
      }),
    checkAcks: () => r.serial(() => (r.stopped ? Promise.resolve() : poll(r))),
    status: () => statusOf(r),
    stop() {
      r.stopped = true;
      r.cancelTimer?.();
      return queue.then(
        () => undefined,
        () => undefined,
      );
    },
  };
}
