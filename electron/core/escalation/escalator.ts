// When a shift start is not acknowledged within N minutes of its alarm, the phone rings: exactly once, never for an
// acknowledged or handed-off start. Where the provider books (ntfy's scheduled delivery) the alert is booked on the
// server ahead of time — it rings even if this computer is asleep — re-booked when the shift moves, cancelled on
// acknowledgement or hand-off. Elsewhere the app sends it itself at T+N (only while awake). While an alert may be
// out, the phone's "I'm on it" is polled for every POLL_MS (outbound only). What was booked or sent is kept on
// disk, so a restart neither repeats nor forgets it. A failed request becomes a readiness problem, never a gap.
import type { AlarmKnowledge } from '../alarm/alarm-claims';
import type { AlarmRecord, AlarmTarget } from '../alarm/types';
import type { Clock, FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { NTFY_MAX_DELAY_MS, NTFY_MIN_DELAY_MS } from './ntfy';
import { alertIdOf, ESCALATIONS_FILE, loadEscalations, saveEscalations, type EscalationState } from './record-store';
import type { PhoneAlert, PhoneProvider } from './types';

export { alertIdOf, ESCALATIONS_FILE } from './record-store';
export const POLL_MS = 5_000;
/** Book this far ahead at most (ntfy keeps scheduled messages up to 3 days; a day's margin). */
export const BOOK_AHEAD_MS = NTFY_MAX_DELAY_MS - 24 * 60 * 60_000;
/** After the phone rang, its "I'm on it" is awaited this long. */
export const AWAIT_ACK_MS = 60 * 60_000;
export const RETRY_AFTER_MS = 60_000;

type State = EscalationState;

export interface EscalatorStatus {
  /** The last request's failure, worded without secrets; undefined when the last one went through. */
  problem?: string;
  /** The next booked alert's instant. */
  nextBookedMs?: number;
  booking: boolean;
}

export interface EscalatorOptions {
  clock: Clock;
  files: FileStore;
  provider: PhoneProvider;
  afterMs: number;
  alarm(key: string): AlarmRecord | undefined;
  /** Reads the alarm records again before each look (an acknowledgement from `status --ack`). */
  refresh?(): Promise<void>;
  /** The phone said "I'm on it" to this alarm. */
  phoneAck(key: string): void;
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
  status(): EscalatorStatus;
  stop(): void;
}

/** One escalator's working state; only createEscalator and its steps below hold it. */
interface Run {
  o: EscalatorOptions;
  words: (t: AlarmTarget) => { title: string; body: string };
  state: State;
  targets: AlarmTarget[];
  problem: string | undefined;
  stopped: boolean;
  cancelTimer: (() => void) | undefined;
  /** One look at a time, so a booking is never sent twice by two looks overlapping. */
  serial: (job: () => Promise<void>) => Promise<void>;
  /** Why the record could not be saved last, while that lasts (logged once per reason). */
  unsaved: string | undefined;
  /** Keys booked by this run. A booking read from the file is a claim the server may not hold (a restored file, a
   *  server that lost it): it is booked again once (the same id replaces it there, so it never rings twice). */
  confirmed: Set<string>;
  /** Bookings read back for a schedule not watched now (record-store.ts): cancelled once, by the app's own ids. */
  unwatched: string[];
}

/** A record that can't be saved must not stop the phone (see saveEscalations); said in the log once per reason. */
async function save(r: Run): Promise<void> {
  const why = await saveEscalations(r.o.files, r.state);
  if (why !== undefined && why !== r.unsaved)
    r.o.log?.(
      `phone escalation: ${ESCALATIONS_FILE} not saved (${why}); a phone alert may be sent again after a restart`,
    );
  r.unsaved = why;
}
const dueOf = (r: Run, t: AlarmTarget) => t.atMs + r.o.afterMs;
/** Acknowledged, or passed unrung while its account was muted or paused on its own: the phone stays quiet. */
const acked = (r: Run, key: string) => {
  const rec = r.o.alarm(key);
  return rec?.ackedAtMs !== undefined || rec?.passedAtMs !== undefined;
};

function statusOf(r: Run): EscalatorStatus {
  const next = Math.min(
    ...Object.values(r.state.booked)
      .map((b) => b.atMs)
      .filter((at) => at > r.o.clock.now()),
  );
  return {
    ...(r.problem ? { problem: r.problem } : {}),
    ...(Number.isFinite(next) ? { nextBookedMs: next } : {}),
    booking: !!r.o.provider.book,
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

/** What is booked but must not ring any more is cancelled; what rang counts as sent. */
async function settleBooked(r: Run, nowMs: number): Promise<void> {
  const { o, state } = r;
  const wanted = new Map(r.targets.map((t) => [t.key, t]));
  for (const id of r.unwatched.splice(0)) {
    if (o.provider.cancel && !outcome(r, await o.provider.cancel(id), 'cancelling the phone alert'))
      r.unwatched.push(id);
  }
  for (const [key, b] of Object.entries(state.booked)) {
    const t = wanted.get(key);
    // Handed off, moved (another key now), or acknowledged: the booked alert must not ring.
    if (b.atMs > nowMs && (!t || acked(r, key)) && o.provider.cancel) {
      if (outcome(r, await o.provider.cancel(b.id), 'cancelling the phone alert')) delete state.booked[key];
    } else if (b.atMs <= nowMs) {
      // It rang on the phone: from now on it counts as sent.
      state.sent[key] ??= b.atMs;
      delete state.booked[key];
    }
  }
}

/** Each target not acknowledged nor sent: booked when the provider books and it is in reach, else sent when due. */
async function reconcile(r: Run): Promise<void> {
  const { o, state } = r;
  const nowMs = o.clock.now();
  await settleBooked(r, nowMs);
  for (const t of r.targets) {
    const dueMs = dueOf(r, t);
    if (acked(r, t.key) || state.sent[t.key] !== undefined || dueMs <= nowMs - AWAIT_ACK_MS) continue;
    const b = state.booked[t.key];
    if (o.provider.book && dueMs - nowMs >= NTFY_MIN_DELAY_MS && dueMs - nowMs <= BOOK_AHEAD_MS) {
      if (b?.atMs === dueMs && r.confirmed.has(t.key)) continue;
      const alert = alertOf(t, { words: r.words });
      if (outcome(r, await o.provider.book(alert, dueMs), 'booking the phone alert')) {
        state.booked[t.key] = { id: alert.id, atMs: dueMs };
        r.confirmed.add(t.key);
      }
    } else if (dueMs <= nowMs && !b) {
      // Sent once: recorded first (a crash in between loses it, never doubles it).
      state.sent[t.key] = nowMs;
      await save(r);
      outcome(r, await o.provider.send(alertOf(t, { words: r.words })), 'sending the phone alert');
    }
  }
  await save(r);
}

async function poll(r: Run): Promise<void> {
  const { o } = r;
  const nowMs = o.clock.now();
  const awaiting = r.targets.filter((t) => !acked(r, t.key) && nowMs >= t.atMs && nowMs <= dueOf(r, t) + AWAIT_ACK_MS);
  if (awaiting.length === 0 || !o.provider.pollAcks) return;
  const answer = await o.provider.pollAcks();
  if (!outcome(r, answer, 'reading the phone’s answer') || !answer.ok) return;
  for (const id of answer.value) {
    const t = awaiting.find((x) => alertIdOf(x.key) === id);
    if (t) o.phoneAck(t.key);
  }
}

function arm(r: Run): void {
  r.cancelTimer?.();
  if (r.stopped) return;
  const nowMs = r.o.clock.now();
  const open = r.targets.filter((t) => !acked(r, t.key));
  const dues = open.filter((t) => r.state.sent[t.key] === undefined).map((t) => dueOf(r, t));
  const polling = open.some((t) => nowMs >= t.atMs - POLL_MS && nowMs <= dueOf(r, t) + AWAIT_ACK_MS);
  // After a failed request, try again in a minute (each try itself bounded), not only at the hourly look.
  const retryMs = r.problem === undefined ? Infinity : nowMs + RETRY_AFTER_MS;
  const next = Math.min(
    polling ? nowMs + POLL_MS : Infinity,
    retryMs,
    ...dues.filter((d) => d > nowMs),
    nowMs + 60 * 60_000,
  );
  r.cancelTimer = r.o.clock.setTimer(Math.max(0, next - nowMs), () => void r.serial(() => tick(r)));
}

async function tick(r: Run): Promise<void> {
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
  const { cancel = [], ...state } = await loadEscalations(o.files, o.clock.now(), report, o.known?.());
  let queue: Promise<void> = Promise.resolve();
  const r: Run = {
    o,
    words,
    state,
    targets: [],
    problem: undefined,
    stopped: false,
    cancelTimer: undefined,
    serial: (job) => (queue = queue.then(job, job)),
    unsaved: undefined,
    confirmed: new Set(),
    unwatched: cancel,
  };
  return {
    setTargets(next) {
      r.targets = [...next];
      return r.serial(() => tick(r));
    },
    // An alert already out stops ringing on (Pushover's repeats; ntfy's notification is cleared).
    acknowledged: (key) =>
      r.serial(async () => {
        if (r.state.sent[key] !== undefined && o.provider.cancel)
          outcome(r, await o.provider.cancel(alertIdOf(key)), 'stopping the phone alert');
        await tick(r);
      }),
    status: () => statusOf(r),
    stop() {
      r.stopped = true;
      r.cancelTimer?.();
    },
  };
}
