// When a shift start is not acknowledged within N minutes of its alarm, the phone rings: exactly once, never for an
// acknowledged or handed-off start. Where the provider books (ntfy's scheduled delivery) the alert is booked on the
// server ahead of time — it rings even if this computer is asleep — re-booked when the shift moves, cancelled on
// acknowledgement or hand-off. Elsewhere the app sends it itself at T+N (only while awake). While an alert may be
// awaited, the phone's "I'm on it" is heard over one streaming subscription (escalator-stream.ts; outbound only)
// while the alarm waits and its shift runs; where the provider can't stream (Pushover, a webhook) or the server
// refuses it, it is polled every POLL_MS, then every LATE_POLL_MS after the first hour. What was booked or sent is
// kept on disk, so a restart neither repeats nor forgets it. A failed request becomes a readiness problem, never a gap.
// Each booking and receipt names its channel: what a channel no longer used holds is cancelled there (left-on.ts).
// The phone's answers are read from the alarm's start on, so one given while this computer slept is still found.
import { afterFirstRead } from '../storage/record-key';
import type { AlarmTarget } from '../alarm/types';
import type { Notice } from '../storage/settings-store';
import { alertIdOf, ESCALATIONS_FILE, loadEscalations } from './record-store';
import { bookOrSend, pruneMissed } from './escalator-send';
import { awaitedLeft, pollLeft } from './escalator-acks';
import { closeStream, keepStream, readBesideStream, streamHears, takeAcks } from './escalator-stream';
import { settleBooked, settleLeft, stopSent, unsureMissed } from './escalator-settle';
import { wakeRead } from './wake-read';
import { keepWentThrough, readKeptRefusal, standingOf, type StandingRefusal } from './escalator-refusal';
import { answeredKeysOf, answersSinceMs } from './front-acks';
import {
  acked,
  answerAwaited,
  AWAIT_ACK_MS,
  dueOf,
  endProblem,
  outcome,
  LATE_POLL_MS,
  pollEveryMs,
  POLL_MS,
  RETRY_AFTER_MS,
  save,
  pruneStuck,
  stuckOf,
  READING,
  statusOf,
  heldChanged,
  nextAlertMs,
  type EscalatorOptions,
  type EscalatorStatus,
  type PhoneWordsOf,
  type Run,
} from './escalator-run';

export { alertIdOf, ESCALATIONS_FILE } from './record-store';
export type { StandingRefusal } from './escalator-refusal';
export {
  alertOf,
  AWAIT_ACK_MS,
  BOOK_AHEAD_MS,
  POLL_MS,
  RETRY_AFTER_MS,
  type EscalatorOptions,
  type EscalatorStatus,
} from './escalator-run';

export interface Escalator {
  setTargets(targets: readonly AlarmTarget[]): Promise<void>;
  acknowledged(key: string): Promise<void>;
  /** Reads the phone's answers now (before a late alarm rings after a wake or a start). */
  checkAcks(): Promise<void>;
  /** Looks again now and plans the next step by the wall clock: after a wake (a timer armed before the sleep is
   *  carried past it) and when an alarm rang (N counts from the ring, a late one too: adv50 r14 #1). `woke`: the
   *  answer stream is replaced too. */
  look(woke?: boolean): Promise<void>;
  status(): EscalatorStatus;
  /** The next instant the phone rings for a start rung and not acknowledged (escalator-run.ts nextAlertMs). */
  nextAlertMs(): number | undefined;
  /** Tries again what was refused for good (Send test: the user may have fixed the token on the server). */
  retry(): Promise<void>;
  /** A Send test to these settings went through: a refusal of an alert sent before it no longer stands. */
  tested(): void;
  /** The service's refusal standing now (none: undefined): the next escalator for this channel keeps it. */
  refusal(): StandingRefusal | undefined;
  /** Stops; answers once the request under way (if any) is done and saved. */
  stop(): Promise<void>;
}

async function reconcile(r: Run): Promise<void> {
  const nowMs = r.o.clock.now();
  const before = JSON.stringify(statusOf(r));
  // A wait told that is over (its end is not said with the status any more) is told as over.
  const waitEnded = r.waitTold !== undefined && r.o.provider?.waitingUntilMs?.() === undefined;
  r.waitTold = undefined;
  await settleLeft(r, nowMs);
  const { provider } = r.o;
  pruneMissed(r, nowMs);
  const passed = pruneStuck(r, nowMs);
  if (provider) {
    await settleBooked(r, provider, nowMs);
    await bookOrSend(r, provider, nowMs);
  }
  await save(r);
  // What is maybe held changes readiness without any request failing anew.
  // An alert's time coming while the monthly limit holds it back is said under its alarm (no request changes it).
  const held = heldChanged(r);
  if (passed || waitEnded || held || JSON.stringify(statusOf(r)) !== before) r.o.changed?.(statusOf(r));
}

/** The phone's answers since the earliest alarm that waits for one began (a restart or a sleep loses none). While
 *  a live stream hears them, only a `forced` read goes out (after a wake, before a late alarm rings). */
async function poll(r: Run, forced = false): Promise<boolean> {
  const { o, state } = r;
  const nowMs = o.clock.now();
  await pollLeft(r, nowMs);
  const awaiting = r.targets.filter((t) => answerAwaited(r, t, nowMs));
  // Nothing is awaited any more: the poll has ended, and its failure with it.
  if (awaiting.length === 0 || !o.provider?.pollAcks) return (endProblem(r, READING), true);
  // A refused booking's credentials would be refused here too: not asked every 5 s (until `retry`).
  const beside = forced || readBesideStream(r, awaiting, nowMs);
  if (r.bookRefused !== undefined || (streamHears(r) && !beside)) return true;
  // An earlier start's alert of a block shortened at the front since is read too (front-acks.ts).
  const handles = new Map(
    answeredKeysOf(r, awaiting).flatMap((key) => {
      const kept = state.receipts?.[key];
      return kept && kept.ch === o.provider?.channel ? [[alertIdOf(key), kept.receipt] as const] : [];
    }),
  );
  const sinceMs = answersSinceMs(r, awaiting);
  const answer = await o.provider.pollAcks({ sinceMs, handles });
  // A forced read's failure while a live stream hears the answers is not the phone's problem; while the stream is
  // down this read is what hears them, so its failure (a 429) is said.
  if (streamHears(r) && !answer.ok) return false;
  if (!outcome(r, answer, READING) || !answer.ok) return false;
  // An answer to an earlier start's alert of the same block (the shift moved since) settles the block.
  await takeAcks(r, answer.value);
  return true;
}

function arm(r: Run): void {
  r.cancelTimer?.();
  if (r.stopped) return;
  const nowMs = r.o.clock.now();
  const open = r.o.provider ? r.targets.filter((t) => !acked(r, t.key)) : [];
  const dues = open.filter((t) => r.state.sent[t.key] === undefined).map((t) => dueOf(r, t));
  const awaited = open.filter((t) => answerAwaited(r, t, nowMs, POLL_MS));
  keepStream(r, nowMs, () => void r.serial(() => tick(r)));
  // While the stream isn't live (opening, reconnecting, backing off) the answers are polled as before: the 15 s holds.
  // While the phone may answer, a light read beside a live stream too: its path may have died unseen.
  const besideMs = readBesideStream(r, awaited, nowMs) ? LATE_POLL_MS : 0;
  const ownPollMs = awaited.length > 0 && !streamHears(r) ? pollEveryMs(r, awaited, nowMs) : besideMs;
  const pollMs = awaitedLeft(r, nowMs).size > 0 ? POLL_MS : ownPollMs;
  // After a failed request, try again in a minute (each try itself bounded), not only at the hourly look.
  // A booking maybe held is booked again (to confirm it) or cancelled (after an ack) each minute too.
  // A booking that didn't land is tried again each minute too, even once another has gone through since.
  const failing =
    r.problem !== undefined || r.leftProblem !== undefined || r.state.maybe !== undefined || r.bookFailed.size > 0;
  const retryMs = failing ? nowMs + RETRY_AFTER_MS : Infinity;
  const next = Math.min(
    pollMs > 0 ? nowMs + pollMs : Infinity,
    retryMs,
    ...dues.filter((d) => d > nowMs),
    // The stream is opened at an alarm's start and closed once its answer is no longer awaited.
    ...(r.o.provider?.streamAcks ? streamEdges(r, open, nowMs) : []),
    ...[...r.missed.values()].map((m) => m.nextMs),
    // The end of a block whose unsent alert is still said (unsentSaid): said no more from then.
    ...r.targets.filter((t) => r.missed.has(t.key) && t.endMs > nowMs).map((t) => t.endMs),
    // A monthly limit's reset: the phone is armed again then (escalator-refusal.ts).
    ...(r.limitedUntilMs !== undefined && r.limitedUntilMs > nowMs ? [r.limitedUntilMs] : []),
    // The instant a cancel that hasn't gone through passes: "may still ring" becomes "may have rung" then.
    ...[...r.stuck.values()].map((s) => s.atMs).filter((at) => at > nowMs),
    nowMs + 60 * 60_000,
  );
  // The server's Retry-After (a 429): nothing goes to it before then, so no look is made before either; the look is
  // made when it ends, so the wait told ("waiting until 10:13") is not told after 10:13 (adv50 r9 #2).
  const waitingMs = r.o.provider?.waitingUntilMs?.();
  r.waitTold = waitingMs;
  // An alert's time coming during the wait is told under its alarm then (heldBack), with no request and no look.
  const heldMs = waitingMs === undefined ? Infinity : Math.min(...dues.filter((d) => d > nowMs && d < waitingMs));
  if (Number.isFinite(heldMs)) return void (r.cancelTimer = r.o.clock.setTimer(heldMs - nowMs, () => told(r)));
  const waitMs = (waitingMs ?? next) - nowMs;
  r.cancelTimer = r.o.clock.setTimer(Math.max(0, waitMs), () => void r.serial(() => tick(r)));
}

/** An alert's time came while the service's wait runs: its alarm's line says so; the wait's end is armed again. */
const told = (r: Run): void =>
  void r.serial(async () => {
    if (r.stopped) return;
    if (heldChanged(r)) r.o.changed?.(statusOf(r));
    arm(r);
  });

/** The instants an answer starts or stops being awaited (the stream opens or closes then). */
const streamEdges = (r: Run, open: readonly AlarmTarget[], nowMs: number): number[] =>
  open.flatMap((t) => [t.atMs, Math.max(dueOf(r, t) + AWAIT_ACK_MS, t.endMs) + 1]).filter((at) => at > nowMs);

async function tick(r: Run): Promise<void> {
  if (r.stopped) return;
  await r.o.refresh?.().catch(() => undefined);
  try {
    await reconcile(r);
    // Subscribed before reading: while the stream hears the answers, no poll goes out.
    keepStream(r, r.o.clock.now(), () => void r.serial(() => tick(r)));
    await poll(r);
  } finally {
    arm(r);
  }
}

/** After a wake the stream is replaced first: its path may have died during the sleep (a new network, no FIN seen). */
function lookAgain(r: Run, woke: boolean): Promise<void> {
  if (woke) closeStream(r);
  return tick(r);
}

/** A Send test went through to these settings: an alert's earlier refusal for good no longer stands. */
function testWentThrough(r: Run): void {
  if (r.sendRefused === undefined) return;
  void r.serial(async () => {
    await keepWentThrough(r);
    // Which refusal it ended is signed into escalations.json now, not at the next look (adv52 r54 #1).
    await save(r);
    r.o.changed?.(statusOf(r));
  });
}

/** Each target's names and times, kept by key: what an alert says of a start no longer a target (given away). */
function nameTargets(r: Run, next: Parameters<Escalator['setTargets']>[0]): void {
  for (const t of next)
    r.named.set(t.key, {
      scheduleName: t.scheduleName,
      scheduleZone: t.scheduleZone,
      startMs: t.startMs,
      endMs: t.endMs,
      ...(t.accountName ? { accountName: t.accountName } : {}),
    });
}

export async function createEscalator(o: EscalatorOptions, words: PhoneWordsOf): Promise<Escalator> {
  const report = o.report ?? ((n: Notice) => o.log?.(n.message));
  // The channels the app has, when it knows the one in use: an entry naming another was never its booking.
  const channels = o.provider && new Set([o.provider.channel, ...(o.retired?.keys() ?? [])]);
  const signer = await o.signer?.();
  const unvouched = new Set<string>();
  const state = await loadEscalations(o.files, o.clock.now(), report, o.known?.(), channels, signer, unvouched);
  let queue: Promise<void> = Promise.resolve();
  const r: Run = {
    o,
    signer: afterFirstRead(signer, ESCALATIONS_FILE),
    unvouched,
    words,
    state,
    targets: [],
    problem: undefined,
    leftProblem: undefined,
    waitTold: undefined,
    stopped: false,
    cancelTimer: undefined,
    serial: (job) => (queue = queue.then(job, job)),
    unsaved: undefined,
    // With a provider the first look writes the record as read (what was dropped from it leaves the file, as
    // before); off, nothing is written that isn't held.
    savedText: o.provider ? '' : JSON.stringify(state),
    confirmed: new Set(),
    bookedWords: new Map(),
    missed: unsureMissed(state, o.clock.now()),
    bookFailed: new Map(),
    bookNext: new Map(),
    maybeWhy: new Map(),
    pastUnrung: new Map(),
    startedMs: o.clock.now(),
    ...stuckOf(state),
  };
  await readKeptRefusal(r);
  return {
    setTargets(next) {
      r.targets = [...next];
      nameTargets(r, next);
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
    checkAcks: () => wakeRead(r, () => poll(r, true)),
    look: (woke = false) => r.serial(() => lookAgain(r, woke)),
    status: () => statusOf(r),
    nextAlertMs: () => nextAlertMs(r, o.clock.now()),
    retry: () =>
      r.serial(async () => {
        if (r.bookRefused === undefined || r.stopped) return;
        r.bookRefused = undefined;
        await tick(r);
      }),
    tested: () => testWentThrough(r),
    refusal: () => standingOf(r),
    stop() {
      r.stopped = true;
      r.cancelTimer?.();
      closeStream(r);
      return queue.then(
        () => undefined,
        () => undefined,
      );
    },
  };
}
