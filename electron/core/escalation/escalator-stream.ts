// The phone's answers heard over one streaming subscription (ntfy-stream.ts) while any alarm awaits one, instead of
// the 5–10 s poll (issue 50: ~3,000 requests over an 8-hour unanswered shift). Opened when an answer is first awaited,
// closed as soon as none is (acknowledged, the shift over, the provider switched: a new escalator, the app quitting:
// stop). While the stream isn't live (reconnecting, backing off, not yet opened) the escalator polls as before; where
// streaming doesn't work (refused, or a proxy holds or empties it) it polls until no answer is awaited, and tries
// streaming again at the next alarm.
import {
  acked,
  alertIdsOf,
  answerAwaited,
  AWAIT_ACK_MS,
  dueOf,
  endProblem,
  outcome,
  READING,
  save,
  statusOf,
  type Run,
} from './escalator-run';
import type { AlarmTarget } from '../alarm/types';
import type { PhoneAck } from './types';
import { answersSinceMs, takeFrontAck } from './front-acks';

/** A stream that didn't work (refused, held, emptied, deaf to its probe) is tried again this long after. */
export const STREAM_RETRY_MS = 30 * 60_000;

/** Read beside a live stream too: the phone has been alerted (its time has come) and no answer has come, within
 *  the hour after (AWAIT_ACK_MS), the only time a tap is likely. A stream's path can die without a FIN or RST (a
 *  Wi-Fi roam, a VPN, a lost NAT mapping) and still count as live until its idle limit: a light read every
 *  LATE_POLL_MS then keeps a tap from hiding longer than that (adv50 r29 #1: heard 115 s late, nothing said).
 *  Before the phone's time and after that hour, the stream alone (a handful of requests over a quiet shift). */
export const readBesideStream = (r: Run, awaited: readonly AlarmTarget[], nowMs: number): boolean =>
  awaited.some((t) => answerAwaited(r, t, nowMs) && nowMs >= dueOf(r, t) && nowMs <= dueOf(r, t) + AWAIT_ACK_MS);

/** The answers are heard on the stream alone: it is live and can be vouched for. One no probe may check today (the
 *  day's cap or publish stop, probe-ledger.ts) may be deaf unseen: the poll reads beside it as for a stream that
 *  doesn't work (adv50 r34: a tap 90 min after the start went unheard, 0 probes, nothing said). */
export const streamHears = (r: Run): boolean => r.stream?.live() === true && r.stream.unchecked?.() !== true;

/** Takes the phone's answers: one to an awaited alarm's alert (or an earlier start's of its block) acknowledges it
 *  (source phone, at the phone's time), once; any other (another shift's, a forged id) does nothing. */
export async function takeAcks(r: Run, acks: readonly PhoneAck[]): Promise<void> {
  const nowMs = r.o.clock.now();
  const awaiting = r.targets.filter((t) => answerAwaited(r, t, nowMs));
  for (const ack of acks) {
    const t = awaiting.find((x) => alertIdsOf(r, x).includes(ack.id));
    // Not an awaited alarm's own: it may be the alert of a start its block no longer has (front-acks.ts).
    if (!t) takeFrontAck(r, awaiting, ack);
    if (!t || acked(r, t.key)) continue;
    // Answered on the phone: nothing to cancel there any more.
    if (r.state.receipts?.[t.key]) delete r.state.receipts[t.key];
    r.o.phoneAck(t.key, Math.max(t.atMs, ack.atMs));
  }
  await save(r);
}

/** Opens the stream while an answer is awaited and the provider streams; closes it when none is. `poll`: makes the
 *  next look (the server refused streaming: the poll takes over). */
export function keepStream(r: Run, nowMs: number, poll: () => void): void {
  const { provider } = r.o;
  const awaited = r.targets.filter((t) => answerAwaited(r, t, nowMs));
  // Nothing awaited: the next alarm tries streaming again (a proxy may have been fixed meanwhile); while one is,
  // streaming is tried again STREAM_RETRY_MS after it failed (a deaf path may have healed: the poll can rest).
  if (awaited.length === 0 || nowMs >= (r.streamRetryAtMs ?? Infinity)) r.streamRefused = false;
  const want = !r.stopped && !r.streamRefused && r.bookRefused === undefined && awaited.length > 0;
  if (!want || !provider?.streamAcks) return closeStream(r);
  if (r.stream) return;
  const stream = provider.streamAcks({
    sinceMs: answersSinceMs(r, awaited),
    onAcks: (acks) => void r.serial(() => (r.stream === stream ? takeAcks(r, acks) : Promise.resolve())),
    onProblem: (problem) =>
      void r.serial(async () => {
        if (r.stream !== stream) return;
        if (problem === undefined) endProblem(r, READING);
        else outcome(r, { ok: false, error: problem }, READING);
      }),
    onRefused: () =>
      void r.serial(async () => {
        if (r.stream !== stream) return;
        r.stream = undefined;
        r.streamRefused = true;
        r.streamRetryAtMs = r.o.clock.now() + STREAM_RETRY_MS;
        r.o.log?.(
          'phone escalation: the phone’s answers don’t stream from this server; reading them every few seconds',
        );
        poll();
      }),
    // A gap: the stream's own onProblem says what failed; the look reads once now and polls while it isn't live.
    onGap: () => {
      if (r.stream === stream) poll();
    },
    // Unchecked or checked again: readiness says which (statusOf), and the look polls while it can't be vouched for.
    onUnchecked: () => {
      if (r.stream !== stream) return;
      r.o.changed?.(statusOf(r));
      poll();
    },
  });
  r.stream = stream;
}

/** No answer is awaited any more (or the escalator stops): the subscription is closed, and its failure with it. */
export function closeStream(r: Run): void {
  if (!r.stream) return;
  r.stream.close();
  r.stream = undefined;
  endProblem(r, READING);
}
