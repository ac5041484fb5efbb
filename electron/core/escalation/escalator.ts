// When a shift start is not acknowledged within N minutes of its alarm, the phone rings: exactly once, never for an
// acknowledged or handed-off start. Where the provider books (ntfy's scheduled delivery) the alert is booked on the
// server ahead of time — it rings even if this computer is asleep — re-booked when the shift moves, cancelled on
// acknowledgement or hand-off. Elsewhere the app sends it itself at T+N (only while awake). While an alert may be
// out, the phone's "I'm on it" is polled for every POLL_MS (outbound only). What was booked or sent is kept on
// disk, so a restart neither repeats nor forgets it. A failed request becomes a readiness problem, never a gap.
import type { AlarmRecord, AlarmTarget } from '../alarm/types';
import type { Clock, FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { NTFY_MAX_DELAY_MS, NTFY_MIN_DELAY_MS } from './ntfy';
import { alertIdOf, ESCALATIONS_FILE, loadEscalations, type EscalationState } from './record-store';
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

export async function createEscalator(
  o: EscalatorOptions,
  words: (t: AlarmTarget) => { title: string; body: string },
): Promise<Escalator> {
  const state: State = await loadEscalations(o.files, o.clock.now(), o.report ?? ((n) => o.log?.(n.message)));
  let targets: AlarmTarget[] = [];
  let problem: string | undefined;
  let stopped = false;
  let cancelTimer: (() => void) | undefined;
  let queue: Promise<void> = Promise.resolve();
  const serial = (job: () => Promise<void>): Promise<void> => (queue = queue.then(job, job));
  const save = () => o.files.writeAtomic(ESCALATIONS_FILE, JSON.stringify(state));
  const dueOf = (t: AlarmTarget) => t.atMs + o.afterMs;
  const acked = (key: string) => o.alarm(key)?.ackedAtMs !== undefined;
  const status = (): EscalatorStatus => {
    const next = Math.min(
      ...Object.values(state.booked)
        .map((b) => b.atMs)
        .filter((at) => at > o.clock.now()),
    );
    return {
      ...(problem ? { problem } : {}),
      ...(Number.isFinite(next) ? { nextBookedMs: next } : {}),
      booking: !!o.provider.book,
    };
  };
  const outcome = (r: { ok: boolean; error?: string }, what: string): boolean => {
    const before = problem;
    problem = r.ok ? undefined : `${what}: ${r.error ?? 'failed'}`;
    if (before !== problem) o.changed?.(status());
    if (!r.ok) o.log?.(`phone escalation ${problem ?? ''}`);
    return r.ok;
  };

  async function reconcile(): Promise<void> {
    const nowMs = o.clock.now();
    const wanted = new Map(targets.map((t) => [t.key, t]));
    for (const [key, b] of Object.entries(state.booked)) {
      const t = wanted.get(key);
      // Handed off, moved (another key now), or acknowledged: the booked alert must not ring.
      if (b.atMs > nowMs && (!t || acked(key)) && o.provider.cancel) {
        if (outcome(await o.provider.cancel(b.id), 'cancelling the phone alert')) delete state.booked[key];
      } else if (b.atMs <= nowMs) {
        // It rang on the phone: from now on it counts as sent.
        state.sent[key] ??= b.atMs;
        delete state.booked[key];
      }
    }
    for (const t of targets) {
      const dueMs = dueOf(t);
      if (acked(t.key) || state.sent[t.key] !== undefined || dueMs <= nowMs - AWAIT_ACK_MS) continue;
      const b = state.booked[t.key];
      if (o.provider.book && dueMs - nowMs >= NTFY_MIN_DELAY_MS && dueMs - nowMs <= BOOK_AHEAD_MS) {
        if (b?.atMs === dueMs) continue;
        const alert = alertOf(t, { words });
        if (outcome(await o.provider.book(alert, dueMs), 'booking the phone alert'))
          state.booked[t.key] = { id: alert.id, atMs: dueMs };
      } else if (dueMs <= nowMs && !b) {
        // Sent once: recorded first (a crash in between loses it, never doubles it).
        state.sent[t.key] = nowMs;
        await save();
        outcome(await o.provider.send(alertOf(t, { words })), 'sending the phone alert');
      }
    }
    await save();
  }

  async function poll(): Promise<void> {
    const nowMs = o.clock.now();
    const awaiting = targets.filter((t) => !acked(t.key) && nowMs >= t.atMs && nowMs <= dueOf(t) + AWAIT_ACK_MS);
    if (awaiting.length === 0 || !o.provider.pollAcks) return;
    const r = await o.provider.pollAcks();
    if (!outcome(r, 'reading the phone’s answer') || !r.ok) return;
    for (const id of r.value) {
      const t = awaiting.find((x) => alertIdOf(x.key) === id);
      if (t) o.phoneAck(t.key);
    }
  }

  function arm(): void {
    cancelTimer?.();
    if (stopped) return;
    const nowMs = o.clock.now();
    const dues = targets.filter((t) => !acked(t.key) && state.sent[t.key] === undefined).map(dueOf);
    const polling = targets.some((t) => !acked(t.key) && nowMs >= t.atMs - POLL_MS && nowMs <= dueOf(t) + AWAIT_ACK_MS);
    // After a failed request, try again in a minute (each try itself bounded), not only at the hourly look.
    const retryMs = problem === undefined ? Infinity : nowMs + RETRY_AFTER_MS;
    const next = Math.min(
      polling ? nowMs + POLL_MS : Infinity,
      retryMs,
      ...dues.filter((d) => d > nowMs),
      nowMs + 60 * 60_000,
    );
    cancelTimer = o.clock.setTimer(Math.max(0, next - nowMs), () => void serial(tick));
  }

  async function tick(): Promise<void> {
    await o.refresh?.().catch(() => undefined);
    await reconcile();
    await poll();
    arm();
  }

  return {
    setTargets(next) {
      targets = [...next];
      return serial(tick);
    },
    // An alert already out stops ringing on (Pushover's repeats; ntfy's notification is cleared).
    acknowledged: (key) =>
      serial(async () => {
        if (state.sent[key] !== undefined && o.provider.cancel)
          outcome(await o.provider.cancel(alertIdOf(key)), 'stopping the phone alert');
        await tick();
      }),
    status,
    stop() {
      stopped = true;
      cancelTimer?.();
    },
  };
}
