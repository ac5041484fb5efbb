// What must not ring any more is stopped (escalator.ts): what channels no longer used still hold, bookings of starts
// acknowledged, handed off or moved, and alerts sent that repeat (Pushover's emergency) or whose answer was lost.
import type { PhoneProvider } from './types';
import type { Missed } from './missed';
import { adoptLeftOn, channelsLeft, settleLeftOn } from './left-on';
import { CANCELLING, settleMaybe } from './maybe-held';
import { alertIdOf } from './record-store';
import { acked, AWAIT_ACK_MS, noteCancel, outcome, statusOf, unwanted, type Run, type State } from './escalator-run';

/** What channels no longer used still hold is cancelled there; a channel with nothing left is let go. */
export async function settleLeft(r: Run, nowMs: number): Promise<void> {
  const { o } = r;
  const stopped: string[] = [];
  const unknown = adoptLeftOn(r.state, o.provider?.channel, nowMs, stopped);
  // An alert delivered on a channel left is read for its answer until it is acknowledged or settled (handed off).
  const reading = (r.state.leftOn ?? []).filter(
    (e) => !e.ack || (!acked(r, e.key) && r.targets.some((t) => t.key === e.key)),
  );
  if (reading.length > 0) r.state.leftOn = reading;
  else delete r.state.leftOn;
  if (unknown > 0) o.log?.(`phone escalation: ${unknown} booking(s) of an unknown channel let go`);
  resendStopped(r, stopped);
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

/** An alert stopped on the channel left (other Pushover keys) for a start still not acknowledged is sent anew, at once
 *  and once, on the channel in use (bookOrSend): before, the phone stayed silent until the laptop's ack (adv50 r12 #1). */
function resendStopped(r: Run, stopped: readonly string[]): void {
  if (!r.o.provider) return;
  for (const key of stopped) {
    if (acked(r, key) || !r.targets.some((t) => t.key === key)) continue;
    delete r.state.sent[key];
    dropUnsure(r.state, key);
    dropUnsent(r.state, key);
    r.missed.delete(key);
  }
}

/** Acknowledged before its booked time, yet nothing here cancelled it (`status --ack` while the app was closed): the
 *  phone may have rung, said once as a cancel that didn't land is ("Your phone may have rung at 10:03 for the Ops
 *  shift — you had acknowledged it", adv50 r14 #2). Before, the app said nothing and readiness read settled. */
function rangAfterAck(r: Run, key: string, atMs: number): void {
  const ackedAtMs = r.o.alarm(key)?.ackedAtMs;
  if (ackedAtMs === undefined || ackedAtMs >= atMs || r.stuck.has(key)) return;
  r.stuck.set(key, { atMs, error: whyNotCancelled(r, ackedAtMs, atMs), why: 'acknowledged' });
}

/** Why an acknowledgement before the alert didn't cancel it, as it was: this escalator ran when it was made (a
 *  terminal's ack read too late, one given a moment before the alert), or it wasn't running then. Before, "the app
 *  wasn't running" was said of an app running all along (adv50 r46 #1). */
function whyNotCancelled(r: Run, ackedAtMs: number, atMs: number): string {
  if (ackedAtMs < r.startedMs) return 'the app wasn’t running to cancel it';
  return `acknowledged too late to cancel it: ${Math.floor((atMs - ackedAtMs) / 1000)} s before the alert`;
}

/** What is booked but must not ring any more is cancelled; what rang counts as sent. */
export async function settleBooked(r: Run, provider: PhoneProvider, nowMs: number): Promise<void> {
  const { state } = r;
  const wanted = new Map(r.targets.map((t) => [t.key, t]));
  const say = (answer: { ok: boolean; error?: string }, what: string) => outcome(r, answer, what);
  const cancelled = (key: string, atMs: number, answer: { ok: boolean; error?: string }) =>
    noteCancel(r, key, atMs, answer);
  await settleMaybe({
    state,
    provider,
    nowMs,
    unwanted: (k) => unwanted(r, k),
    outcome: say,
    missed: r.missed,
    cancelled,
    why: r.maybeWhy,
  });
  for (const [key, b] of Object.entries(state.booked)) {
    // Handed off, moved (another key now), acknowledged, or its block cut short of its time: it must not ring.
    if (b.atMs > nowMs && unwanted(r, key) && provider.cancel) {
      const answer = await provider.cancel(b.id);
      noteCancel(r, key, b.atMs, answer);
      if (outcome(r, answer, CANCELLING)) delete state.booked[key];
    } else if (b.atMs <= nowMs) {
      // It rang on the phone: from now on it counts as sent.
      state.sent[key] ??= b.atMs;
      rangAfterAck(r, key, b.atMs);
      if (b.ch) (state.sentOn ??= {})[key] = b.ch;
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

export function dropUnsure(state: State, key: string): void {
  delete state.unsure?.[key];
  if (state.unsure && Object.keys(state.unsure).length === 0) delete state.unsure;
}

/** Let go of a kept "not sent" (sent since, acknowledged, its block over, handed off); always answers true. */
export function dropUnsent(state: State, key: string): true {
  delete state.unsent?.[key];
  if (state.unsent && Object.keys(state.unsent).length === 0) delete state.unsent;
  return true;
}

/** What a run before this one sent without knowing whether it landed is said again (never sent again); one known
 *  not sent is said again past its hour, as before the restart (adv50 r44 F1). */
export function unsureMissed(state: State, nowMs: number): Map<string, Missed> {
  const lost = { tries: 1, nextMs: Infinity, error: 'its answer was lost before a restart', unknown: true };
  // Within its hour it is tried again as before the restart (sent at once: bookOrSend), past it said as before it.
  const past = Object.entries(state.unsent ?? {}).filter(([, u]) => u.dueMs + AWAIT_ACK_MS <= nowMs);
  const unsent = past.map(([key, u]): [string, Missed] => [
    key,
    {
      tries: 1,
      nextMs: Infinity,
      atMs: nowMs,
      error: `${u.error}, before the app restarted`,
      ...(u.refused ? { refused: true } : {}),
      ...(u.waitPastMs === undefined ? {} : { waitPastMs: u.waitPastMs }),
    },
  ]);
  return new Map([...unsent, ...Object.keys(state.unsure ?? {}).map((key): [string, Missed] => [key, { ...lost }])]);
}

function dropUnreceipted(state: State, key: string): void {
  delete state.unreceipted?.[key];
  if (state.unreceipted && Object.keys(state.unreceipted).length === 0) delete state.unreceipted;
}

/** Stops a sent alert ringing on (Pushover's repeats; ntfy's notification is cleared), by its receipt or, with none
 *  (its answer was lost), by its id. One that repeats and could not be stopped is kept in `leftOn` on its own channel:
 *  tried again each minute until it goes through or its repeats end, said meanwhile as "your phone may still ring"
 *  (left-on.ts). Before, a failed cancel was never tried again and its error stayed up after the emergency expired. */
export async function stopSent(
  r: Run,
  provider: PhoneProvider,
  key: string,
  handle: string | undefined,
  nowMs: number,
) {
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
