// The escalator's working state and what every step shares (escalator.ts): its options and status, the record's
// save, whether a target is acknowledged or unwanted, the status readiness reads, and the last request's outcome.
import { afterFirstRead, type RecordSigner } from '../storage/record-key';
import type { AlarmKnowledge } from '../alarm/alarm-claims';
import type { AlarmRecord, AlarmTarget } from '../alarm/types';
import type { Clock, FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { NTFY_MAX_DELAY_MS } from './ntfy';
import { CANCELLING, maybeProblems, NOT_BOOKED } from './maybe-held';

import { missedProblem, unsentWords, waitWords, type Missed, type UnsentWords } from './missed';
import { limitHeldWords, refusalHeldWords, refusedWords, type StandingRefusal } from './escalator-refusal';
import { alertIdOf, ESCALATIONS_FILE, saveEscalations, type EscalationState } from './record-store';
import type { AckStream, PhoneAlert, PhoneProvider } from './types';

export { alertIdOf, ESCALATIONS_FILE } from './record-store';
export const POLL_MS = 5_000;
/** Book this far ahead at most (ntfy keeps scheduled messages up to 3 days; a day's margin). */
export const BOOK_AHEAD_MS = NTFY_MAX_DELAY_MS - 24 * 60 * 60_000;
/** After the phone rang, its "I'm on it" is awaited this long at least (what is sent is tried again within it). */
export const AWAIT_ACK_MS = 60 * 60_000;
/** Past that hour the phone's "I'm on it" is still read while the alarm waits (until its shift ends), every
 *  LATE_POLL_MS: one tapped at 10:10 for the 09:03 alert counts within 15 s (a read takes at most 5 s). Before, the
 *  read stopped after the hour and the tray said "not acknowledged" for the rest of the shift (adv50 r24 #1). */
export const LATE_POLL_MS = 10_000;
export const RETRY_AFTER_MS = 60_000;
export const SENDING = 'sending the phone alert';
export const READING = 'reading the phone’s answer';

export type State = EscalationState;

export interface EscalatorStatus {
  /** The last request's failure, worded without secrets; undefined when the last one went through. */
  problem?: string;
  /** The next booked alert's instant. */
  nextBookedMs?: number;
  booking: boolean;
  /** A booking's answer was lost: the server may or may not hold it (never said as "booked"). */
  bookingUnknown?: boolean;
  /** The phone service asked to wait until then (a 429's Retry-After): no request goes to it before. */
  waitingUntilMs?: number;
  /** That wait was read back from before a restart: this run never received the 429. */
  waitKept?: boolean;
  /** Booked alerts that must not ring whose cancel hasn't gone through (each its own statement, adv50 r8 #3). */
  stillRing?: StillRingEntry[];
  /** The start the problem is about, when it is one start's (an alert for it that didn't go out or may not have
   *  reached the phone): no problem of a later shift's readiness (adv50 r14). */
  problemStartMs?: number;
  /** While `problem` is that start's, what fails for later starts too (a booking that didn't land, an alert not
   *  sent that is tried again: the channel fails now): said as their readiness (adv50 r24 #2). */
  laterProblem?: string;
  /** The starts of blocks not over yet whose phone time falls at or after their end (pastItsBlock): the phone won't
   *  ring for them, said as such (never "armed ✓" for that shift). */
  tooShortStartsMs?: number[];
  /** While `problem` is a booking that didn't land: each such booking's start and failure, so each shift's
   *  readiness says its own (another start's failure is not this shift's: adv50 r33 #1). */
  notBooked?: { startMs: number; error: string }[];
  /** While an answer is awaited and can't be read (the stream and the poll fail): their failure, said for as long
   *  as it lasts, beside any booking failure (adv50 r33 #2: a booking's failure hid it). */
  answerUnread?: string;
  /** `problem` is that reading failure (words it once, from `answerUnread`). */
  problemIsReading?: boolean;
  /** The answer stream can't be checked today (no probe may go: escalator-stream.ts streamHears): the answers are
   *  polled beside it, said for as long as it lasts. */
  answerPolled?: boolean;
  /** While polled because the server didn't take the stream's probe: its failure, worded (ntfy.ts probeFailure). */
  answerPolledWhy?: string;
  /** Each alarm's alert that did not go out (or may not have reached the phone), by the alarm's key, worded for the
   *  glance beside that alarm's line (missed.ts unsentWords): whatever readiness says of later shifts. */
  unsent?: { key: string; words: UnsentWords }[];
}

/** A booked alert that must not ring (no longer mine, or acknowledged) whose cancel failed; `passed`: its time came. */
export interface StillRingEntry {
  key: string;
  atMs: number;
  scheduleName: string;
  accountName?: string;
  /** The schedule's zone: its own time is said beside the local one where they differ (adv47 r11 #5). */
  scheduleZone?: string;
  /** 'moved': the start it was booked for moved, the shift is still mine (a moved start is no lost shift). */
  why: 'not-mine' | 'acknowledged' | 'moved';
  error: string;
  passed: boolean;
}

/** A cancel that hasn't gone through, kept until it does, the alert is wanted again, or an hour after its time. */
export interface Stuck {
  atMs: number;
  error: string;
  why: StillRingEntry['why'];
  /** Its time passing ("may have rung") was told: the state is derived again then. */
  passedTold?: boolean;
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
  /** The computer's zone: a limit's reset is said in its local date. */
  localZone?: () => string;
  /** The first escalator of this run: the refusal saved before the restart is read (escalator-refusal.ts). */
  keptRefusal?: boolean;
  /** The refusal the escalator this one replaces held for the same channel: it still stands (escalator-refusal.ts). */
  carriedRefusal?: StandingRefusal | undefined;
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
  /** The app's record key (storage/record-key.ts), asked once as the escalator is made. */
  signer?: () => Promise<RecordSigner | undefined>;
  /** What of escalations.json was refused or dropped at start (said once); logged when absent. */
  report?: (notice: Notice) => void;
}

/** `deliverMs`: when it reaches the phone (booked for, or sent now), so its words say the start as past or ahead. */
export function alertOf(t: AlarmTarget, opts: { words: PhoneWordsOf }, deliverMs: number): PhoneAlert {
  return { id: alertIdOf(t.key), ...opts.words(t, deliverMs) };
}

/** The phone's words for a target, delivered at `deliverMs` (its start is dated against that day). */
export type PhoneWordsOf = (t: AlarmTarget, deliverMs: number) => { title: string; body: string };

/** One escalator's working state; only createEscalator and its steps below hold it. */
export interface Run {
  o: EscalatorOptions;
  /** The record key the escalations are saved with (after the first read: record-key.ts). */
  signer?: RecordSigner | undefined;
  /** "sent" keys taken without their MAC (a run without the key wrote them): never signed by this run. */
  unvouched: ReadonlySet<string>;
  words: PhoneWordsOf;
  state: State;
  targets: AlarmTarget[];
  problem: string | undefined;
  /** What a channel no longer used may still ring with (its cancel failed, or can't be made). */
  leftProblem: string | undefined;
  /** The 429 wait's end when the last look was planned: told as over once it has passed. */
  waitTold: number | undefined;
  /** The last read of the phone's answers failed with this (cleared by one that goes through or none awaited). */
  answerUnread?: string | undefined;
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
  /** The words (title and text) each key was booked with by this run: booked again when they change. */
  bookedWords: Map<string, string>;
  /** Alerts due that could not go out (missed.ts): tried again while their alarm waits. */
  missed: Map<string, Missed>;
  /** Targets whose booking failed, with the failure: until one is booked, the alert is not on the server (never
   *  "booked" then), readiness says so and it is tried again each minute, whichever booking it was (a save's or a
   *  sync's) and whatever other booking went through since (adv50 r17 #1). */
  bookFailed: Map<string, string>;
  /** Each failed booking's one retry chain: not tried again before `nextMs` (a minute after its last try ended),
   *  whatever else looks meanwhile (the 5 s poll for "I'm on it", a sync, a replan), unless what it books changed
   *  (its time or words). Before, every poll started a new chain: 18 POSTs a minute to a failing server (adv50 r20). */
  bookNext: Map<string, BookTry>;
  /** Why each booking may be held, as its answer said (maybe-held.ts): said with it, never a cause assumed. */
  maybeWhy: Map<string, string>;
  /** A booking refused for good (a 4xx but 408/429: a bad token, a bad request), with the server's reason: nothing
   *  more is booked, sent or polled on this channel until the phone settings change (a new escalator) or Send test
   *  (`retry`). Before, the same refused booking was POSTed every minute. */
  bookRefused?: string | undefined;
  /** An alert sent at its time refused for good (a 4xx but 408/429: the user key, token or webhook no longer valid),
   *  with the service's reason: the service's latest word on these settings, so it stays readiness after that
   *  start's hour, until a later send or a Send test goes through or the settings change (a new escalator). Before,
   *  it went with the start's hour and the next shift read "armed ✓" (adv50 r37 #1). */
  sendRefused?: string | undefined;
  /** The refusal is a quota spent until then (Pushover's monthly limit): no alert is sent before it. */
  limitedUntilMs?: number | undefined;
  /** The refusal was read back from phone-refusal.json (not answered in this run). */
  refusalKept?: boolean;
  /** The alarms last told as held back by a limit or a wait (heldBack): its alert's time passing changes the status with
   *  no request made, which reconcile's before-and-after alone doesn't see. */
  heldTold?: string;
  /** When the standing refusal was made: the refusal a later delivery names as ended (escalator-refusal.ts). */
  refusedAtMs?: number | undefined;
  /** Targets past their time whose alarm hadn't rung here yet, and when this run first found them so (dueOf). */
  pastUnrung: Map<string, number>;
  /** When this escalator began: an acknowledgement made since then that still rang came too late for it to cancel
   *  (rangAfterAck), one made before it while the app wasn't running (adv50 r46 #1). */
  startedMs: number;
  /** Cancels of alerts that must not ring that haven't gone through (key → when it rings, why, the failure). */
  stuck: Map<string, Stuck>;
  /** The phone's answers' streaming subscription, while one is awaited (escalator-stream.ts). */
  stream?: AckStream | undefined;
  /** The server refused streaming (404/405): the answers are polled as before. */
  streamRefused?: boolean;
  /** When streaming is tried again after it didn't work (escalator-stream.ts). */
  streamRetryAtMs?: number;
  /** Each target's names as last given (a handed-off shift is no target any more, yet is named by them). */
  named: Map<string, { scheduleName: string; accountName?: string; scheduleZone?: string } & Partial<Span>>;
}

/** The shift a target was for, while this run had it (not kept on disk). */
export interface Span {
  startMs: number;
  endMs: number;
}

/** What a failed booking booked (its time and words) and when it may be tried again. */
export interface BookTry {
  dueMs: number;
  words: string;
  nextMs: number;
  /** When `nextMs` was set: a clock set back since is seen by it lying ahead (rate-gate.ts stillWaits). */
  atMs: number;
}

/** A record that can't be saved must not stop the phone (see saveEscalations); said in the log once per reason.
 *  Written only when it changed (an escalator that is off writes nothing it doesn't hold). */
export async function save(r: Run): Promise<void> {
  keepStillRing(r);
  // While the record key can't be read it is asked again (record-key.ts): once read, what this run holds is written
  // back signed, so the next start doesn't drop a "sent" as a claim and alert the phone again (adv50 r11 #1).
  const unsigned = r.signer === undefined && r.o.signer !== undefined;
  if (unsigned) r.signer = afterFirstRead(await r.o.signer?.().catch(() => undefined), ESCALATIONS_FILE);
  // Asked at each save, not waited on: a key removed from the keychain meanwhile is stored again (record-key.ts).
  else void r.o.signer?.().catch(() => undefined);
  const text = JSON.stringify(r.state);
  if (text === r.savedText && !(unsigned && r.signer !== undefined)) return;
  const why = await saveEscalations(r.o.files, r.state, r.o.known?.(), r.signer, r.unvouched);
  if (why !== undefined && why !== r.unsaved)
    r.o.log?.(
      `phone escalation: ${ESCALATIONS_FILE} not saved (${why}); a phone alert may be sent again after a restart`,
    );
  r.unsaved = why;
  if (why === undefined) r.savedText = text;
}
/** The cancels that haven't gone through, kept in the record: `status` reads them there (issue 50). */
function keepStillRing(r: Run): void {
  const entries = [...r.stuck].map(([key, s]) => {
    const named = r.named.get(key);
    const names = {
      ...(named?.scheduleName ? { scheduleName: named.scheduleName } : {}),
      ...(named?.accountName ? { accountName: named.accountName } : {}),
      ...(named?.scheduleZone ? { scheduleZone: named.scheduleZone } : {}),
    };
    return [key, { atMs: s.atMs, error: s.error, why: s.why, ...names }] as const;
  });
  if (entries.length > 0) r.state.stillRing = Object.fromEntries(entries);
  else delete r.state.stillRing;
}

/** The record's cancels that hadn't gone through (before a restart): still said, and cancelled again. */
export function stuckOf(state: State): { stuck: Run['stuck']; named: Run['named'] } {
  const entries = Object.entries(state.stillRing ?? {});
  return {
    stuck: new Map(entries.map(([key, e]) => [key, { atMs: e.atMs, error: e.error, why: e.why }])),
    named: new Map(
      entries.map(([key, e]) => [
        key,
        {
          scheduleName: e.scheduleName ?? '',
          ...(e.accountName ? { accountName: e.accountName } : {}),
          ...(e.scheduleZone ? { scheduleZone: e.scheduleZone } : {}),
        },
      ]),
    ),
  };
}
/** A ring this late or less is on time (a timer's own lateness): its booking at T+N stands, not booked again. */
export const RING_ON_TIME_MS = 10_000;
/** "The phone rings when nobody acknowledges within N minutes" of the alarm ringing on this computer: N counts from
 *  the ring, a late one too (a block extended backwards learned after its new start, a start slept through). Before
 *  it rang, from its time: what is booked ahead (the dead-man's switch, for a computer asleep at the start); past its
 *  time and not rung yet (held after a wake: it rings within ALARM_HOLD_GRACE_MS), from when this run first found it
 *  so. Before, N counted from the due time always, and a late alarm sent the phone out the instant it rang. */
export const dueOf = (r: Run, t: AlarmTarget) => {
  const heardMs = r.o.alarm(t.key)?.rungAtMs ?? r.pastUnrung.get(t.key);
  const late = heardMs !== undefined && heardMs - t.atMs > RING_ON_TIME_MS;
  return (late ? heardMs : t.atMs) + r.o.afterMs;
};
/** The phone rings for a start not acknowledged within N minutes of its block, so only inside that block: one due
 *  at or after the block's end (a 10-minute cover slice with N = 20) is neither booked nor sent, and a booking made
 *  before the block was cut is cancelled at once (adv50 r26 #1: booked for after the end, it rang for Alice's time
 *  while the lid was closed). Only this computer's alarm rings for such a block. */
export const pastItsBlock = (r: Run, t: AlarmTarget): boolean => dueOf(r, t) >= t.endMs;
/** Its time has come and its alarm hasn't rung here yet: noted the first time (dueOf counts from then until it
 *  rings). Answers whether it waits for its ring. */
export function notePastUnrung(r: Run, t: AlarmTarget, nowMs: number): boolean {
  const waits = nowMs >= t.atMs && r.o.alarm(t.key)?.rungAtMs === undefined;
  if (waits && !r.pastUnrung.has(t.key)) r.pastUnrung.set(t.key, nowMs);
  return waits;
}
/** The phone's answer to `t` is read (from `leadMs` before its time): its alarm waits for one and its shift runs,
 *  or within the hour after its alert's time (a shift shorter than that, too). One that rang here or alerted the
 *  phone awaits it whatever the wall clock reads now: set back before its start, the answers went unread until the
 *  clock came round again (adv50 r30 #3: a tap counted 299 s late). */
export const answerAwaited = (r: Run, t: AlarmTarget, nowMs: number, leadMs = 0): boolean =>
  !acked(r, t.key) &&
  (nowMs >= t.atMs - leadMs || r.o.alarm(t.key)?.rungAtMs !== undefined || t.key in r.state.sent) &&
  nowMs <= Math.max(dueOf(r, t) + AWAIT_ACK_MS, t.endMs);

/** How soon the phone's answers are read again: every POLL_MS in the first hour after an alert's time, then every
 *  LATE_POLL_MS while its shift runs. */
export const pollEveryMs = (r: Run, awaited: readonly AlarmTarget[], nowMs: number): number =>
  awaited.some((t) => nowMs <= dueOf(r, t) + AWAIT_ACK_MS) ? POLL_MS : LATE_POLL_MS;

/** Acknowledged, or passed unrung while its account was muted or paused on its own: the phone stays quiet. */
export const acked = (r: Run, key: string) => {
  const rec = r.o.alarm(key);
  return rec?.ackedAtMs !== undefined || rec?.passedAtMs !== undefined;
};

/** The service and schedule an alarm key names (the key without its start). */
export const blockOf = (key: string): string => key.replace(/:[^:]*\d{4}-\d\d-\d\dT\S+Z$/, '');
export const startOfKey = (key: string): number => Date.parse(/\d{4}-\d\d-\d\dT[\d:.]+Z$/.exec(key)?.[0] ?? '');

/** The phone alert is per block of mine, not per start instant (issue 50: "moved shifts re-book the same message"):
 *  an alert that went out (or whose booking rang) for an earlier start of this block (a start inside it, before the
 *  shift was extended backwards) is this block's. Answers those keys. */
export const earlierAlertsOf = (r: Run, t: AlarmTarget): string[] =>
  Object.keys(r.state.sent).filter((key) => {
    if (key === t.key || blockOf(key) !== blockOf(t.key)) return false;
    const startMs = startOfKey(key);
    return startMs > t.startMs && startMs < t.endMs;
  });

/** The alert ids the phone may answer for `t`: its own, and those of earlier starts of its block. */
export const alertIdsOf = (r: Run, t: AlarmTarget): string[] => [
  alertIdOf(t.key),
  ...earlierAlertsOf(r, t).map(alertIdOf),
];

/** Handed off, moved (another key now) or acknowledged: what is booked for it must not ring. */
export const unwanted = (r: Run, key: string) =>
  !r.targets.some((t) => t.key === key && !pastItsBlock(r, t)) || acked(r, key);

/** The next instant the phone rings for a start rung and not acknowledged (booked there or to be sent here): an
 *  acknowledgement from a terminal is read each second before it (engine/alarms-plan.ts ackFilePoll), so it still
 *  cancels (adv50 r46 #1). Only what is in memory is read: asked at each re-arm of that read. */
export function nextAlertMs(r: Run, nowMs: number): number | undefined {
  if (!r.o.provider) return undefined;
  const dues = r.targets
    .filter((t) => r.o.alarm(t.key)?.rungAtMs !== undefined && !acked(r, t.key) && r.state.sent[t.key] === undefined)
    .filter((t) => !pastItsBlock(r, t))
    .map((t) => r.state.booked[t.key]?.atMs ?? dueOf(r, t))
    .filter((at) => at > nowMs);
  return dues.length > 0 ? Math.min(...dues) : undefined;
}

export function statusOf(r: Run): EscalatorStatus {
  const next = Math.min(
    ...Object.values(r.state.booked)
      .map((b) => b.atMs)
      .filter((at) => at > r.o.clock.now()),
  );
  // The phone may ring after an ack, then an alert due that may not have reached it, then one not known booked.
  const maybe = maybeProblems(r.state, r.o.clock.now(), (key) => unwanted(r, key), r.maybeWhy);
  const refused =
    r.bookRefused &&
    `the phone won’t be reached: booking the phone alert was refused (${r.bookRefused}); nothing is tried again until the phone settings change or Send test in Settings → Phone`;
  const before =
    r.leftProblem ?? refused ?? maybe.stillRing ?? (r.limitedUntilMs === undefined ? undefined : refusedWords(r));
  const waitingUntilMs = r.o.provider?.waitingUntilMs?.();
  const nowMs = r.o.clock.now();
  const missedNow = missedAsOf(r, nowMs);
  const missed = before ? undefined : missedProblem(missedNow, waitingUntilMs !== undefined);
  // Tried again each minute, but not while the server's Retry-After runs (its end is said with it: phone.ts).
  const minutely = (failed: string | undefined) =>
    failed && retriedEachMinute(failed) && waitingUntilMs === undefined ? `${failed}; ${EACH_MINUTE}` : failed;
  const head = before ?? missed ?? sendRefusedWords(r) ?? maybe.unbooked;
  const problem = minutely(head ?? notBooked(r) ?? r.problem);
  const failedBookings = head === undefined ? bookingsFailed(r) : [];
  const reading = r.answerUnread !== undefined && problem === `${READING}: ${r.answerUnread}`;
  // A refusal for good is the channel's (its settings), every later start's too: still readiness.
  const first = [...missedNow.entries()][0];
  const missedKey = missed === undefined || first?.[1].refused ? undefined : first?.[0];
  const problemStartMs = missedKey === undefined ? undefined : missedStartOf(r, missedKey);
  // That start's alert hides no other failure from later starts: a booking that didn't land, or this very alert
  // still failing to go out (not one that may have reached the phone: that is the start's own, adv50 r14).
  // One held by the service's wait is not: the wait ends before a later start's alert, or readiness says the wait.
  const retrying =
    first !== undefined &&
    !first[1].unknown &&
    Number.isFinite(first[1].nextMs) &&
    waitingUntilMs === undefined &&
    retriedBeforeLaterAlert(r, first[0]);
  const laterProblem =
    missedKey === undefined
      ? undefined
      : minutely(maybe.unbooked ?? notBooked(r, missedKey) ?? (retrying ? missed : undefined));
  const stillRing = stillRingOf(r);
  const open = r.o.provider ? r.targets.filter((t) => t.endMs > nowMs && !acked(r, t.key)) : [];
  const tooShort = open.filter((t) => pastItsBlock(r, t)).map((t) => t.startMs);
  return {
    ...(tooShort.length > 0 ? { tooShortStartsMs: tooShort } : {}),
    ...(stillRing.length > 0 ? { stillRing } : {}),
    ...(waitingUntilMs === undefined ? {} : { waitingUntilMs }),
    ...(waitingUntilMs !== undefined && r.o.provider?.waitKept?.() ? { waitKept: true } : {}),
    ...(problem ? { problem } : {}),
    ...(problemStartMs === undefined ? {} : { problemStartMs }),
    ...(laterProblem ? { laterProblem } : {}),
    ...(Number.isFinite(next) ? { nextBookedMs: next } : {}),
    booking: !!r.o.provider?.book && r.bookFailed.size === 0,
    ...(failedBookings.length > 0 ? { notBooked: failedBookings } : {}),
    ...(r.answerUnread === undefined ? {} : { answerUnread: r.answerUnread }),
    ...(reading ? { problemIsReading: true } : {}),
    ...answerPolledOf(r),
    ...(maybe.unbooked ? { bookingUnknown: true } : {}),
    ...unsentOf(r, missedNow, waitingUntilMs !== undefined),
  };
}

/** The alerts that did not go out as of now: one past its hour is given up (no try is made for it then: bookOrSend,
 *  pruneMissed), also before the look that marks it so has run (woken past the hour, the status was read first and
 *  "trying again each minute" was told as tomorrow's "Not ready": adv50 r45). */
function missedAsOf(r: Run, nowMs: number): Map<string, Missed> {
  const over = (key: string) => {
    const t = r.targets.find((x) => x.key === key);
    return t !== undefined && dueOf(r, t) + AWAIT_ACK_MS <= nowMs;
  };
  return new Map([...r.missed].map(([key, m]) => [key, over(key) ? { ...m, nextMs: Infinity } : m]));
}

/** Whether the retries of `key`'s alert (within its hour) still run when a later start's alert is due: only then is
 *  the channel failing now a later shift's problem. Retries that end before it hold nothing of it back, as a 429
 *  wait that ends first doesn't (readiness-checks.ts waitHolds): before, today's 503 was told as "Not ready for your
 *  shift at Wed 10:00 … trying again each minute", a day before that alert and after the retries stopped (adv50 r45). */
function retriedBeforeLaterAlert(r: Run, key: string): boolean {
  const t = r.targets.find((x) => x.key === key);
  if (t === undefined) return true;
  const endMs = dueOf(r, t) + AWAIT_ACK_MS;
  return r.targets.some((x) => x.startMs > t.startMs && !acked(r, x.key) && dueOf(r, x) < endMs);
}

/** Each waiting alarm's alert that did not go out: the monthly limit's or the service's wait's words for one they
 *  hold back, else its own failure's (an earlier try's "trying again each minute" is no longer what happens to it). */
function unsentOf(r: Run, missed: ReadonlyMap<string, Missed>, waiting: boolean): Pick<EscalatorStatus, 'unsent'> {
  const held = heldBack(r);
  const unsent = [
    ...held,
    ...[...missed]
      .filter(([key]) => !held.some((h) => h.key === key))
      .map(([key, m]) => ({ key, words: unsentWords(m, waiting, r.o.clock.now(), r.o.localZone?.()) })),
  ];
  return unsent.length > 0 ? { unsent } : {};
}

/** Whether the alarms held back (heldBack) changed since last told (an alert's time came while it holds). */
export function heldChanged(r: Run): boolean {
  const keys = heldBack(r)
    .map((h) => h.key)
    .join('\n');
  const changed = keys !== (r.heldTold ?? '');
  r.heldTold = keys;
  return changed;
}

/** An alert not gone out is said under its alarm from its time on, not before, until the alarm is acknowledged or
 *  its block ends, whatever held it back (a limit, a wait, a failed try given up after its hour): one rule for every
 *  cause. Before, each went at the end of the alert's hour and the alarm still rang with no word of the phone
 *  (adv50 r43 F3). */
export const unsentSaid = (r: Run, t: AlarmTarget, nowMs: number): boolean =>
  !acked(r, t.key) && !pastItsBlock(r, t) && dueOf(r, t) <= nowMs && nowMs < t.endMs;

/** The alarms whose phone alert is held back with no try made for it: Pushover's monthly limit (a live 429, or the
 *  limit read back at a restart: bookOrSend sends nothing before its reset; adv50 r42 #1), or the phone service's
 *  Retry-After, which no request is made through, for one no try has failed yet (adv50 r43 F1: an ntfy booking
 *  refused before the start, and the glance said nothing under the ringing alarm). */
function heldBack(r: Run): NonNullable<EscalatorStatus['unsent']> {
  const nowMs = r.o.clock.now();
  const limit = r.o.provider ? limitHeldWords(r, nowMs) : undefined;
  const waitMs = r.o.provider?.waitingUntilMs?.();
  const wait = waitMs !== undefined && waitMs > nowMs ? waitWords(waitMs, nowMs, r.o.localZone?.()) : undefined;
  // A refusal for good standing (one read back at a restart too), past an alert's hour: no try is made for it any more
  // (bookOrSend), so the refusal is what it stays unsent by. Within the hour it is tried again, so it is not said.
  const refused = r.o.provider ? refusalHeldWords(r) : undefined;
  const wordsOf = (t: AlarmTarget) =>
    limit ?? (refused && dueOf(r, t) + AWAIT_ACK_MS <= nowMs ? refused : undefined) ?? wait;
  const { sent, booked, maybe } = r.state;
  return r.targets
    .filter((t) => sent[t.key] === undefined && !booked[t.key] && !maybe?.[t.key])
    .filter((t) => unsentSaid(r, t, nowMs) && (limit !== undefined || !r.missed.has(t.key)))
    .flatMap((t) => {
      const words = wordsOf(t);
      return words === undefined ? [] : [{ key: t.key, words }];
    });
}

/** The last alert's refusal for good, once its start's own problem is no longer said (missed.ts missedProblem). */
const sendRefusedWords = refusedWords;

/** The answers read beside a stream nothing vouches for (escalator-stream.ts streamHears), with why where the
 *  server didn't take its probe. */
function answerPolledOf(r: Run): { answerPolled?: true; answerPolledWhy?: string } {
  if (!r.stream?.unchecked?.()) return {};
  const why = r.stream.uncheckedWhy?.();
  return { answerPolled: true, ...(why ? { answerPolledWhy: why } : {}) };
}

const EACH_MINUTE = 'trying again each minute';

/** A failure whose request is made again each minute (a booking that didn't land, a cancel that hasn't gone
 *  through): said with its next try, "each minute" or, while the server's Retry-After runs, that wait's end. */
export const retriedEachMinute = (problem: string): boolean =>
  problem.startsWith(NOT_BOOKED) || problem.startsWith(CANCELLING);

/** A booking that didn't land (a 503, a 429, no connection), still wanted: a problem until it is booked. */
function notBooked(r: Run, except?: string): string | undefined {
  const error = [...r.bookFailed].find(([key]) => key !== except)?.[1];
  return error === undefined ? undefined : `${NOT_BOOKED}: ${error}`;
}

/** Each booking that didn't land, with the start it is for. */
const bookingsFailed = (r: Run): { startMs: number; error: string }[] =>
  [...r.bookFailed].flatMap(([key, error]) => {
    const startMs = missedStartOf(r, key);
    return startMs === undefined ? [] : [{ startMs, error }];
  });

/** The start of the block a missed alert's key is for (its target's, else the key's own instant). */
function missedStartOf(r: Run, key: string): number | undefined {
  const startMs = r.targets.find((t) => t.key === key)?.startMs ?? startOfKey(key);
  return Number.isFinite(startMs) ? startMs : undefined;
}

/** What a cancel that hasn't gone through may still ring with (or may have rung with, once its time passed). */
function stillRingOf(r: Run): StillRingEntry[] {
  const nowMs = r.o.clock.now();
  return [...r.stuck].map(([key, s]) => {
    const named = r.named.get(key);
    return {
      key,
      atMs: s.atMs,
      scheduleName: named?.scheduleName ?? '',
      ...(named?.accountName ? { accountName: named.accountName } : {}),
      ...(named?.scheduleZone ? { scheduleZone: named.scheduleZone } : {}),
      why: s.why,
      error: s.error,
      passed: s.atMs <= nowMs,
    };
  });
}

/** A cancel's answer for an alert that must not ring: kept while it hasn't gone through (said as its own line). */
export function noteCancel(r: Run, key: string, atMs: number, answer: { ok: boolean; error?: string }): void {
  if (answer.ok) r.stuck.delete(key);
  else
    r.stuck.set(key, { atMs, error: answer.error ?? 'failed', why: acked(r, key) ? 'acknowledged' : goneWhy(r, key) });
}

/** No target wants it any more: its start moved where a target of the same schedule overlaps its shift (Bob given
 *  09:00–09:20 of my 09:00–17:00: mine from 09:20), else the shift is no longer mine. Before, a moved start was said
 *  as "the Ops shift you no longer have" (adv50 r20 #2). */
function goneWhy(r: Run, key: string): 'moved' | 'not-mine' {
  const was = r.named.get(key);
  if (was?.startMs === undefined || was.endMs === undefined) return 'not-mine';
  const { startMs, endMs } = was;
  const block = blockOf(key);
  // Its own target (a block too short for its phone time) is not a move: the shift is not mine by then.
  const moved = r.targets.some(
    (t) => t.key !== key && blockOf(t.key) === block && t.startMs < endMs && t.endMs > startMs,
  );
  return moved ? 'moved' : 'not-mine';
}

/** Let go once wanted again (handed back before its time) or an hour after its time (it rang or it didn't).
 *  Answers whether one's time passed since last told: "may still ring" is "may have rung" from then. */
export function pruneStuck(r: Run, nowMs: number): boolean {
  let passed = false;
  for (const [key, s] of r.stuck)
    if ((s.atMs > nowMs && !unwanted(r, key)) || s.atMs + AWAIT_ACK_MS <= nowMs) r.stuck.delete(key);
    else if (s.atMs <= nowMs && !s.passedTold) passed = s.passedTold = true;
  return passed;
}

/** Keeps the last request's failure as the problem shown (cleared by the next that goes through). */
export function outcome(r: Run, answer: { ok: boolean; error?: string }, what: string): boolean {
  const before = r.problem;
  const unreadBefore = r.answerUnread;
  r.problem = answer.ok ? undefined : `${what}: ${answer.error ?? 'failed'}`;
  // Kept apart from `problem`, which the next request's outcome (a booking's) replaces while the reads still fail.
  if (what === READING) r.answerUnread = answer.ok ? undefined : (answer.error ?? 'failed');
  if (before !== r.problem || unreadBefore !== r.answerUnread) r.o.changed?.(statusOf(r));
  if (!answer.ok) r.o.log?.(`phone escalation ${r.problem ?? ''}`);
  return answer.ok;
}

/** A problem belongs to the request that had it: once that request is no longer made (the receipt poll ended:
 *  acknowledged, cancelled, expired), its failure is no longer the phone's problem (adv50 r9 #1: a poll's 429 stayed
 *  "Not ready" for hours after the emergency was cancelled, as nothing made that request again to clear it). */
export function endProblem(r: Run, what: string): void {
  const unread = what === READING && r.answerUnread !== undefined;
  if (what === READING) r.answerUnread = undefined;
  if (!r.problem?.startsWith(`${what}:`)) return void (unread && r.o.changed?.(statusOf(r)));
  r.problem = undefined;
  r.o.changed?.(statusOf(r));
}
